package io.feedline.ports.model;

import java.util.List;
import java.util.Objects;

/**
 * Something a connected client may be shown the moment it happens: the unit of the live streams.
 * Events are hints, not records: each names what changed, and a stream reads the current state of
 * it (the post, the notification row) before showing it, so a late or repeated event shows nothing
 * stale.
 */
public sealed interface LiveEvent {

    /** Fan-out added these entries to their readers' home feeds (the pushed part of a feed). */
    record Delivered(List<Delivery> deliveries) implements LiveEvent {
        public Delivered {
            deliveries = List.copyOf(deliveries);
        }
    }

    /**
     * A post, reply or repost was published (after its commit): the public and tag streams show it,
     * and so do the home streams of readers whose feeds merge its author or tags in at read time.
     */
    record Published(PostRef post, List<Tag> tags) implements LiveEvent {
        public Published {
            Objects.requireNonNull(post, "post");
            tags = List.copyOf(tags);
        }
    }

    /** A post or repost was deleted: every stream that may have shown it is told. */
    record Deleted(PostRef post) implements LiveEvent {
        public Deleted {
            Objects.requireNonNull(post, "post");
        }
    }

    /** The recipient's notification row {@code notificationId} was written (new, or a new actor on it). */
    record Notified(UserId recipient, String notificationId) implements LiveEvent {
        public Notified {
            Objects.requireNonNull(recipient, "recipient");
            Objects.requireNonNull(notificationId, "notificationId");
        }
    }
}

package io.feedline.ports.model;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One thing that happened to {@code recipient}: {@code actor} followed them, liked, reposted, replied
 * to or mentioned them in {@code post}. Its {@link #notificationId()} is derived from the event alone, so
 * writing the same event twice (an outbox redelivery) lands on the same row.
 *
 * @param post the liked or reposted post, the reply, or the post that mentions; empty for a follow
 */
public record NotificationEvent(UserId recipient, NotificationType type, Optional<PostId> post, UserId actor, Instant at) {
    /** Grouped events on one target within one such window (aligned to the epoch) share a row. */
    public static final Duration GROUP_WINDOW = Duration.ofHours(24);

    public NotificationEvent {
        Objects.requireNonNull(recipient, "recipient");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(post, "post");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(at, "at");
        if (recipient.equals(actor)) {
            throw new IllegalArgumentException("nobody is notified of their own doing");
        }
        if (post.isEmpty() != (type == NotificationType.FOLLOW)) {
            throw new IllegalArgumentException("a " + type.wireName() + " notification "
                    + (post.isEmpty() ? "needs" : "has no") + " post");
        }
    }

    /**
     * The row this event belongs to: its time (the window's start for a grouped type, so the row's
     * place in the list stays fixed while it grows), its type and its target. Ids sort by time.
     */
    public String notificationId() {
        long millis = at.toEpochMilli();
        if (type.grouped()) {
            millis -= Math.floorMod(millis, GROUP_WINDOW.toMillis());
        }
        return String.format("%015d", millis) + "." + type.wireName() + "." + post.map(PostId::value).orElse("-");
    }

    /** The outbox key of the job that records this event: one per row and actor. */
    public String jobKey() {
        return "notify:" + recipient.value() + ":" + notificationId() + ":" + actor.value();
    }
}

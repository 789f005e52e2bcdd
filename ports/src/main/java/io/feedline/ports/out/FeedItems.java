package io.feedline.ports.out;

import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The durable, materialized home feed of every reader: the source of truth behind the hot window.
 * Entries expire after a retention period set by the adapter.
 */
public interface FeedItems {

    /**
     * Stores each delivery, in batches. Idempotent: an entry already in a reader's feed is
     * overwritten with itself, never duplicated.
     */
    void append(Collection<Delivery> deliveries);

    /** The reader's entries strictly older than {@code before} (or the newest), newest first by post id. */
    List<PostRef> page(UserId reader, Optional<PostId> before, int limit);

    /**
     * Removes each delivered entry from its reader's feed, in batches (a deleted post leaves every
     * follower's feed this way). Entries already absent are ignored.
     */
    void remove(Collection<Delivery> entries);
}

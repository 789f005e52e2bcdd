package io.feedline.ports.out;

import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The hot, capped window of each reader's newest feed entries. It is a cache: losing it loses no
 * data, since it can be rebuilt from {@link FeedItems}. Every failure surfaces as
 * {@link io.feedline.ports.model.FeedlineException.StorageUnavailable} within a bounded time.
 */
public interface TimelineCache {

    /**
     * Adds each delivery and trims each touched window to the cap in the same round trip.
     * Idempotent (a replay adds no duplicate) and order-proof (entries read in post-id order however
     * they arrive).
     */
    void add(Collection<Delivery> deliveries);

    /**
     * The reader's entries strictly older than {@code before} (or the newest), newest first, in one
     * round trip; empty when the reader has no window at all (as opposed to an empty list).
     */
    Optional<List<PostRef>> range(UserId reader, Optional<PostId> before, int limit);

    /** Removes one post from the reader's window; a no-op if absent. */
    void remove(UserId reader, PostId post);

    /** Removes every entry by {@code author} from the reader's window. */
    void removeAuthor(UserId reader, UserId author);

    /**
     * Replaces the reader's whole window with {@code entries} (capped), atomically: no reader ever
     * sees half of it. An empty list leaves no window, as after {@link #evict}.
     */
    void replace(UserId reader, List<PostRef> entries);

    /** Drops the reader's window so that the next read rebuilds it. */
    void evict(UserId reader);

    /**
     * Starts a rebuild of the reader's missing window: returns a token for {@link #completeRebuild}.
     * The window itself is not touched (an {@link #evict} first starts over from nothing).
     */
    String beginRebuild(UserId reader);

    /**
     * Writes {@code entries} (capped) as the reader's window, atomically, only if nothing reached that
     * window since {@link #beginRebuild} returned {@code token}: no add (which would have created the
     * window, and whose entry the durable page read in between may lack), no removal (whose entries
     * the page may still hold), no eviction, replace or other rebuild. Returns whether it wrote; when
     * it did not, the window is left as those writes made it, which is newer truth than the page.
     */
    boolean completeRebuild(UserId reader, List<PostRef> entries, String token);
}

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
 *
 * <p>A reader's window is missing, a part, or whole. Only a whole window is read: one a rebuild
 * made from the durable feed (or {@link #replace} wrote), with every add since. Adds to a reader
 * without a whole window (never read, evicted, or lost by the engine) are kept as a part, which
 * reads as missing: such a window would lack its older entries, and fan-outs finish in any order,
 * so a read trusting it down to its oldest entry could skip a newer entry that was never added to
 * it. The rebuild merges the part with the durable page, which may still lack the part's entries
 * (windows are written before the durable feed).
 */
public interface TimelineCache {

    /**
     * Adds each delivery (to the reader's whole window, or else to its part) and trims each touched
     * window to the cap in the same round trip. Idempotent (a replay adds no duplicate) and
     * order-proof (entries read in post-id order however they arrive).
     */
    void add(Collection<Delivery> deliveries);

    /**
     * The reader's entries strictly older than {@code before} (or the newest), newest first, in one
     * round trip; empty when the reader has no whole window (as opposed to an empty list).
     */
    Optional<List<PostRef>> range(UserId reader, Optional<PostId> before, int limit);

    /** Removes one post from the reader's window or part; a no-op if absent. */
    void remove(UserId reader, PostId post);

    /** Removes every entry by {@code author} from the reader's window or part. */
    void removeAuthor(UserId reader, UserId author);

    /**
     * Makes {@code entries} (capped) the reader's whole window, atomically: no reader ever sees half
     * of it. An empty list leaves an empty whole window.
     */
    void replace(UserId reader, List<PostRef> entries);

    /** Drops the reader's window (or part) so that the next read rebuilds it. */
    void evict(UserId reader);

    /**
     * Starts a rebuild of the reader's missing window: returns a token for {@link #completeRebuild}.
     * The window (or part) itself is not touched (an {@link #evict} first starts over from nothing).
     */
    String beginRebuild(UserId reader);

    /**
     * Makes {@code entries} merged with the reader's part (capped) its whole window, atomically, even
     * when {@code entries} is empty, only if no removal reached the reader since {@link #beginRebuild}
     * returned {@code token} (the page may still hold what it removed), nor an eviction, a replace or
     * another rebuild. Adds in between are kept: they went to the part. Returns whether it wrote;
     * when it did not, what is there is left as those writes made it, which is newer truth than the
     * page.
     */
    boolean completeRebuild(UserId reader, List<PostRef> entries, String token);
}

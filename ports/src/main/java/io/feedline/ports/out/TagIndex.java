package io.feedline.ports.out;

import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.TagUse;
import io.feedline.ports.model.Trending;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The posts of each tag and the tags' use counts. A tag's entries are written by
 * {@link Posts#publish} in the post's own atomic write (one per tag of the post) and removed by
 * {@link Posts#delete} in its own; the use counts are moved by the worker, at least once per
 * tagged post (a job replayed after a crash may count a use twice: the counts rank, they are not
 * exact).
 */
public interface TagIndex {

    /** The posts tagged {@code tag} strictly older than {@code before} (or the newest), newest first, at most {@code limit}. */
    List<PostRef> posts(Tag tag, Optional<PostId> before, int limit);

    /** Adds one use of {@code tag} at {@code at}: to its hour's count and to its count ever (its autocomplete entry). */
    void recordUse(Tag tag, Instant at);

    /** The tags used in the UTC hour that holds {@code hour}, with that hour's counts, at most {@code limit} of them. */
    List<TagUse> usesInHour(Instant hour, int limit);

    /** The uses ever of {@code tag} (zero for one never used). */
    long uses(Tag tag);

    /**
     * The tags whose name starts with {@code prefix} (normalised, non-empty), with their uses ever,
     * in name order, at most {@code limit} of them: one read of the prefix's first character's bucket.
     */
    List<TagUse> byPrefix(String prefix, int limit);

    /** Replaces the precomputed ranking. */
    void storeTrending(Trending trending);

    /** The precomputed ranking, or {@link Trending#NONE} before the first. */
    Trending trending();
}

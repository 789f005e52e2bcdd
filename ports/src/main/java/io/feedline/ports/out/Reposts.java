package io.feedline.ports.out;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Who reposted which post. A repost is two records written together: the reposter's mark on the
 * original (one per user and post, which makes a repost idempotent) and the repost's entry in the
 * reposter's timeline, read back through {@link Posts} ({@link Posts#byAuthor}, {@link Posts#getAll},
 * {@link Posts#get(PostRef)}; never {@link Posts#get(PostId)}, since a repost has no page of its
 * own). Each change moves the original's repost count (read through {@link Posts}) in the same
 * atomic write, as a like moves its like count.
 */
public interface Reposts {

    /**
     * Records {@code repost} (a {@link Post#repost} entry), adds one to its original's repost count
     * and enqueues {@code outboxJobs} (the fan-out, the notification), all in one atomic write.
     * Idempotent per reposter and original: returns false, changing nothing, if that user already
     * reposted it.
     *
     * @throws io.feedline.ports.model.FeedlineException.NotFound if the original does not exist
     */
    boolean repost(Post repost, List<FanoutJob> outboxJobs);

    /** As {@link #repost(Post, List)} with at most a fan-out job. */
    default boolean repost(Post repost, Optional<FanoutJob> fanout) {
        return repost(repost, fanout.stream().toList());
    }

    /**
     * Removes {@code user}'s repost of {@code original}: the mark, the timeline entry, one off the
     * original's count while the original exists, and the job {@code cleanup} makes of the removed
     * entry's ref (if it makes one), in one atomic write. Returns the removed entry's ref; empty, changing nothing, if
     * there was none.
     */
    Optional<PostRef> unrepost(PostRef original, UserId user, Function<PostRef, Optional<FanoutJob>> cleanup);

    /**
     * The reposts of {@code original} that still stand, as refs of their timeline entries (repost
     * id and reposter), at most {@code limit}, in no particular order: one query of the original's
     * marks, whether or not the original still exists.
     */
    List<PostRef> reposts(PostId original, int limit);
}

package io.feedline.ports.out;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
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
 * own). The original's repost count (read through {@link Posts}) is moved by the counter
 * processor ({@link PostCounters}): each change enqueues its {@link FanoutJob.CountDelta} of kind
 * REPOSTS among its outbox jobs, in the same atomic write, as a like does.
 */
public interface Reposts {

    /**
     * Records {@code repost} (a {@link Post#repost} entry) while its original exists and enqueues
     * {@code outboxJobs} (the count's delta, the fan-out, the notification), all in one atomic write.
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
     * Removes {@code user}'s repost of {@code original}: the mark, the timeline entry, and the jobs
     * {@code jobs} makes of the removed entry's ref (the retraction, the count's delta), in one
     * atomic write, whether or not the original still exists. Returns the removed entry's ref;
     * empty, changing nothing, if there was none.
     */
    Optional<PostRef> unrepost(PostRef original, UserId user, Function<PostRef, List<FanoutJob>> jobs);

    /**
     * The reposts of {@code original} that still stand, as refs of their timeline entries (repost
     * id and reposter), at most {@code limit}, in no particular order: one query of the original's
     * marks, whether or not the original still exists.
     */
    List<PostRef> reposts(PostId original, int limit);

    /**
     * A page of the users whose reposts of {@code original} still stand, in user id order (one read;
     * a position is the last user id of the page before). Empty for a post nobody reposted.
     */
    Page<UserId> reposters(PostId original, PageRequest page);
}

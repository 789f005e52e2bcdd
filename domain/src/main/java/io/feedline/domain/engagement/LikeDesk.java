package io.feedline.domain.engagement;

import io.feedline.domain.graph.RelationshipDesk;
import io.feedline.domain.notifications.Notifier;
import io.feedline.domain.posts.CachedPosts;
import io.feedline.domain.relations.RelationSets;
import io.feedline.ports.in.LikePost;
import io.feedline.ports.in.UnlikePost;
import io.feedline.ports.model.CounterKind;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Likes;
import io.feedline.ports.out.PostCounters;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Likes with counts kept off the hot path (the Twitter seed's rule: a like writes the like, and a
 * processor moves the count). A like or unlike writes the edge and its outbox jobs in one atomic
 * write: the count's delta and, for a new like of someone else's post, its author's notification.
 * The worker applies the deltas in batches, so the counts shown may trail by its lag.
 *
 * <p>What the answer promises ({@link OwnCounts}): the count as stored when the answer is made, plus
 * the liker's own changes the worker has not applied yet (read together, so the liker's state is
 * counted exactly once): the caller sees their own like or unlike at once, repeated or not;
 * other people's pending changes show when applied.
 *
 * <p>A post the liker does not find (a block between the liker and its author, either way, as
 * {@link RelationshipDesk#post} reads it) cannot be liked: 404, as if it did not exist. An unlike is
 * always allowed, so a like made before a block can still be taken back.
 */
public final class LikeDesk implements LikePost, UnlikePost {
    private final CachedPosts cachedPosts;
    private final Likes likes;
    private final PostCounters counters;
    private final Notifier notifier;
    private final Runnable onEnqueue;
    private final RelationSets sets;

    public LikeDesk(CachedPosts cachedPosts, Likes likes, PostCounters counters, Notifier notifier, Runnable onEnqueue,
            RelationSets sets) {
        this.cachedPosts = cachedPosts;
        this.likes = likes;
        this.counters = counters;
        this.notifier = notifier;
        this.onEnqueue = onEnqueue;
        this.sets = sets;
    }

    @Override
    public long like(UserId user, PostId id) {
        Post post = cachedPosts.existing(id);
        if (sets.separated(user, post)) {
            throw CachedPosts.noSuchPost();
        }
        FanoutJob.CountDelta delta = delta(post, user, +1);
        List<FanoutJob> jobs = new ArrayList<>(2);
        jobs.add(delta);
        notifier.job(post.authorId(), NotificationType.LIKE, Optional.of(post.id()), user).ifPresent(jobs::add);
        return answer(delta, likes.like(post.ref(), user, jobs));
    }

    @Override
    public long unlike(UserId user, PostId id) {
        Post post = cachedPosts.existing(id);
        FanoutJob.CountDelta delta = delta(post, user, -1);
        return answer(delta, likes.unlike(post.ref(), user, List.of(delta)));
    }

    private long answer(FanoutJob.CountDelta delta, boolean changed) {
        if (changed) {
            onEnqueue.run();
        }
        return OwnCounts.answer(counters, delta);
    }

    /**
     * One user's like of a post is one state, so all its toggles share one job key (the liker's
     * id): pending toggles add up there, and the count moves to the liker's last state.
     */
    private static FanoutJob.CountDelta delta(Post post, UserId user, long delta) {
        return new FanoutJob.CountDelta(post.ref(), CounterKind.LIKES, delta, user.value());
    }
}

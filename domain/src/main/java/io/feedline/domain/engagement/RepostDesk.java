package io.feedline.domain.engagement;

import io.feedline.domain.events.PostEvents;
import io.feedline.domain.feed.FanoutPolicy;
import io.feedline.domain.notifications.Notifier;
import io.feedline.domain.posts.CachedPosts;
import io.feedline.domain.relations.RelationSets;
import io.feedline.domain.users.UserDesk;
import io.feedline.ports.in.RepostPost;
import io.feedline.ports.in.UnrepostPost;
import io.feedline.ports.model.CounterKind;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.LiveEvent;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.IdGenerator;
import io.feedline.ports.out.LiveEvents;
import io.feedline.ports.out.PostCounters;
import io.feedline.ports.out.Posts;
import io.feedline.ports.out.Reposts;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reposts. A repost is an entry of the reposter's timeline with an id of its own (so it sorts by
 * when it was reposted), fanned out to the reposter's followers by the same policy and worker as a
 * post, and taken back as a deleted post is (a retraction through the outbox). The original's
 * repost count is kept off the hot path as likes are: the repost or unrepost enqueues a
 * {@link FanoutJob.CountDelta} of kind REPOSTS in its own atomic write, the worker applies it, and
 * the answer is the stored count plus the caller's own pending changes (exact for the caller, as a
 * like's answer is). Reposting one's own post is allowed (Mastodon allows it) and notifies nobody;
 * a reply can be reposted. A post the reposter does not find (a block between the reposter and its
 * author, either way) cannot be reposted: 404, as for a like; an unrepost is always allowed.
 */
public final class RepostDesk implements RepostPost, UnrepostPost {
    private final Posts posts;
    private final CachedPosts cachedPosts;
    private final Reposts reposts;
    private final IdGenerator ids;
    private final Clock clock;
    private final UserDesk users;
    private final FanoutPolicy policy;
    private final Runnable onEnqueue;
    private final Notifier notifier;
    private final PostCounters counters;
    private final LiveEvents live;
    private final RelationSets sets;
    private final List<PostEvents> events;

    /** {@code events}: told of each repost and unrepost once its write has committed (ADR-0022). */
    public RepostDesk(Posts posts, CachedPosts cachedPosts, Reposts reposts, IdGenerator ids, Clock clock, UserDesk users,
            FanoutPolicy policy, Runnable onEnqueue, Notifier notifier, PostCounters counters, LiveEvents live, RelationSets sets,
            List<PostEvents> events) {
        this.events = List.copyOf(events);
        this.live = live;
        this.sets = sets;
        this.posts = posts;
        this.cachedPosts = cachedPosts;
        this.reposts = reposts;
        this.ids = ids;
        this.clock = clock;
        this.users = users;
        this.policy = policy;
        this.onEnqueue = onEnqueue;
        this.notifier = notifier;
        this.counters = counters;
    }

    @Override
    public long repost(UserId user, PostId id) {
        Post original = cachedPosts.existing(id);
        if (sets.separated(user, original)) {
            throw CachedPosts.noSuchPost();
        }
        UserAccount reposter = users.byId(user);
        Post entry = Post.repost(ids.newPostId(), reposter.id(), reposter.username(), original.ref(),
                clock.instant().truncatedTo(ChronoUnit.MILLIS));
        boolean push = policy.pushes(user);
        FanoutJob.CountDelta delta = delta(original, user, +1);
        List<FanoutJob> jobs = new ArrayList<>(3);
        jobs.add(delta);
        if (push) {
            jobs.add(new FanoutJob.Deliver(entry.ref()));
        }
        // The notification rides in the repost's own write, so it cannot be lost between the two.
        notifier.job(original.authorId(), NotificationType.REPOST, Optional.of(original.id()), user).ifPresent(jobs::add);
        boolean changed = reposts.repost(entry, jobs);
        if (changed) {
            onEnqueue.run();
            live.publish(new LiveEvent.Published(entry.ref(), List.of()));
        }
        long count = OwnCounts.answer(counters, delta);
        events.forEach(listener -> listener.repostsChanged(user));
        return count;
    }

    @Override
    public long unrepost(UserId user, PostId id) {
        Post original = cachedPosts.existing(id);
        boolean cleanup = policy.materializesFeeds();
        FanoutJob.CountDelta delta = delta(original, user, -1);
        Optional<PostRef> removed = reposts.unrepost(original.ref(), user,
                entry -> cleanup ? List.of(delta, new FanoutJob.Retract(entry)) : List.of(delta));
        if (removed.isPresent()) {
            onEnqueue.run();
            live.publish(new LiveEvent.Deleted(removed.get()));
        }
        long count = OwnCounts.answer(counters, delta);
        events.forEach(listener -> listener.repostsChanged(user));
        return count;
    }

    /** One user's repost of a post is one state: all its toggles share one job key, as a like's do. */
    private static FanoutJob.CountDelta delta(Post original, UserId user, long delta) {
        return new FanoutJob.CountDelta(original.ref(), CounterKind.REPOSTS, delta, user.value());
    }
}

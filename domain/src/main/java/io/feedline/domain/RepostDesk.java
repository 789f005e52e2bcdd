package io.feedline.domain;

import io.feedline.ports.in.RepostPost;
import io.feedline.ports.in.UnrepostPost;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.IdGenerator;
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
 * repost count moves in the same atomic write, and the cached count follows in the same request,
 * as likes do. Reposting one's own post is allowed (Mastodon allows it) and notifies nobody; a
 * reply can be reposted.
 */
final class RepostDesk implements RepostPost, UnrepostPost {
    private final Posts posts;
    private final CachedPosts cachedPosts;
    private final Reposts reposts;
    private final IdGenerator ids;
    private final Clock clock;
    private final UserDirectory users;
    private final FanoutPolicy policy;
    private final Runnable onEnqueue;
    private final Notifier notifier;

    RepostDesk(Posts posts, CachedPosts cachedPosts, Reposts reposts, IdGenerator ids, Clock clock, UserDirectory users,
            FanoutPolicy policy, Runnable onEnqueue, Notifier notifier) {
        this.posts = posts;
        this.cachedPosts = cachedPosts;
        this.reposts = reposts;
        this.ids = ids;
        this.clock = clock;
        this.users = users;
        this.policy = policy;
        this.onEnqueue = onEnqueue;
        this.notifier = notifier;
    }

    @Override
    public long repost(UserId user, PostId id) {
        Post original = existing(id);
        UserAccount reposter = users.byId(user);
        Post entry = Post.repost(ids.newPostId(), reposter.id(), reposter.username(), original.ref(),
                clock.instant().truncatedTo(ChronoUnit.MILLIS));
        boolean push = policy.pushes(user);
        List<FanoutJob> jobs = new ArrayList<>(2);
        if (push) {
            jobs.add(new FanoutJob.Deliver(entry.ref()));
        }
        // The notification rides in the repost's own write, so it cannot be lost between the two.
        notifier.job(original.authorId(), NotificationType.REPOST, Optional.of(original.id()), user).ifPresent(jobs::add);
        if (reposts.repost(entry, jobs)) {
            cachedPosts.repostsMoved(id, 1);
            if (!jobs.isEmpty()) {
                onEnqueue.run();
            }
        }
        return currentCount(original);
    }

    @Override
    public long unrepost(UserId user, PostId id) {
        Post original = existing(id);
        boolean cleanup = policy.materializesFeeds();
        Optional<PostRef> removed = reposts.unrepost(original.ref(), user,
                entry -> cleanup ? Optional.of(new FanoutJob.Retract(entry)) : Optional.empty());
        if (removed.isPresent()) {
            cachedPosts.repostsMoved(id, -1);
            if (cleanup) {
                onEnqueue.run();
            }
        }
        return currentCount(original);
    }

    private Post existing(PostId id) {
        return cachedPosts.get(id).orElseThrow(() -> new FeedlineException.NotFound("post", "no such post"));
    }

    /** Read back by primary key, strongly consistent, so the answer includes this change and any concurrent one. */
    private long currentCount(Post original) {
        return posts.get(original.ref())
                .orElseThrow(() -> new FeedlineException.NotFound("post", "no such post"))
                .repostCount();
    }
}

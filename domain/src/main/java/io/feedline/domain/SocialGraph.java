package io.feedline.domain;

import io.feedline.ports.in.CheckFollows;
import io.feedline.ports.in.Follow;
import io.feedline.ports.in.ReadFollowers;
import io.feedline.ports.in.ReadFollowing;
import io.feedline.ports.in.Unfollow;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.FeedItems;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.Posts;
import io.feedline.ports.out.UserAccounts;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * Follows, unfollows and the lists of the graph. One account follows at most
 * {@link FeedSettings#maxFollowing()} others, which bounds every per-reader cost that grows with
 * the followees (a pull-mode page, the hybrid celebrity check). The check reads the counter before
 * the write, so concurrent follows by one account may pass it together by a few.
 */
final class SocialGraph implements Follow, Unfollow, ReadFollowing, ReadFollowers, CheckFollows {
    private final FollowGraph graph;
    private final UserAccounts accounts;
    private final Posts posts;
    private final FeedItems feedItems;
    private final Windows windows;
    private final FanoutJobs jobs;
    private final Clock clock;
    private final UserDirectory users;
    private final FanoutPolicy policy;
    private final int backfillPosts;
    private final int maxFollowing;
    private final Duration retention;
    private final Runnable onEnqueue;
    private final Notifier notifier;
    private final Separations separations;
    private final List<FollowEvents> events;

    SocialGraph(FollowGraph graph, UserAccounts accounts, Posts posts, FeedItems feedItems, Windows windows,
            FanoutJobs jobs, Clock clock, UserDirectory users, FanoutPolicy policy, int backfillPosts,
            int maxFollowing, Duration retention, Runnable onEnqueue, Notifier notifier, Separations separations,
            List<FollowEvents> events) {
        this.graph = graph;
        this.accounts = accounts;
        this.posts = posts;
        this.feedItems = feedItems;
        this.windows = windows;
        this.jobs = jobs;
        this.clock = clock;
        this.users = users;
        this.policy = policy;
        this.backfillPosts = backfillPosts;
        this.maxFollowing = maxFollowing;
        this.retention = retention;
        this.onEnqueue = onEnqueue;
        this.notifier = notifier;
        this.separations = separations;
        this.events = List.copyOf(events);
    }

    @Override
    public boolean follow(UserId follower, Username followeeName) {
        boolean changed = addEdge(follower, followeeName);
        events.forEach(listener -> listener.followed(follower, followeeName));
        return changed;
    }

    private boolean addEdge(UserId follower, Username followeeName) {
        UserAccount followee = users.byName(followeeName);
        if (followee.id().equals(follower)) {
            throw new FeedlineException.InvalidInput("username", "you cannot follow yourself");
        }
        separations.requireNoBlock(follower, followee.id(), "follow " + followeeName.value());
        if (graph.counts(follower).following() >= maxFollowing && !graph.isFollowing(follower, followee.id())) {
            throw new FeedlineException.LimitReached("graph.max-following", maxFollowing, "username",
                    "you already follow " + maxFollowing + " accounts, the most graph.max-following allows; unfollow one first");
        }
        // The followee's notification is enqueued with the edge, in one atomic write.
        Optional<FanoutJob> notify = notifier.job(followee.id(), NotificationType.FOLLOW, Optional.empty(), follower);
        if (!graph.follow(follower, followee.id(), clock.instant(), notify.stream().toList())) {
            return false;
        }
        if (notify.isPresent()) {
            onEnqueue.run();
        }
        policy.followerCountChanged(followee.id(), graph.counts(followee.id()).followers());
        if (policy.materializesFeeds() && !policy.pulledAtRead(followee.id())) {
            backfill(follower, followee.id());
        }
        return true;
    }

    /**
     * Copies the followee's newest posts of the last feed retention into the durable feed, then drops the hot window so the
     * next read rebuilds it from the feed. Adding the old posts to the window directly could leave
     * a hole where the window was trimmed before.
     */
    private void backfill(UserId follower, UserId followee) {
        if (backfillPosts == 0) {
            return;
        }
        // Only posts of the last retention: an older one would outlive every other copy of the
        // author's posts, and an unfollow's purge looks back over two retentions only.
        Instant horizon = clock.instant().minus(retention);
        List<Post> recent = posts.byAuthor(followee, Optional.empty(), backfillPosts).stream()
                .filter(post -> post.createdAt().isAfter(horizon))
                .toList();
        if (recent.isEmpty()) {
            return;
        }
        feedItems.append(recent.stream().map(p -> new Delivery(follower, p.ref())).toList());
        windows.update(List.of(follower), window -> window.evict(follower));
        if (!graph.isFollowing(follower, followee)) {
            // A block or unfollow removed the edge, and its purge may have run before these copies
            // landed: they are purged again (the purge keeps them if the edge is back by then).
            jobs.enqueue(new FanoutJob.PurgeAuthor(follower, followee, UUID.randomUUID().toString()));
            onEnqueue.run();
        }
    }

    @Override
    public boolean unfollow(UserId follower, Username followeeName) {
        boolean changed = removeEdge(follower, followeeName);
        events.forEach(listener -> listener.unfollowed(follower, followeeName));
        return changed;
    }

    private boolean removeEdge(UserId follower, Username followeeName) {
        UserAccount followee = users.byName(followeeName);
        if (!graph.unfollow(follower, followee.id())) {
            return false;
        }
        if (policy.materializesFeeds()) {
            // The window is purged now, so the next page is already clean; the durable copies go
            // through the outbox, which retries until done.
            windows.update(List.of(follower), window -> window.removeAuthor(follower, followee.id()));
            jobs.enqueue(new FanoutJob.PurgeAuthor(follower, followee.id(), UUID.randomUUID().toString()));
            onEnqueue.run();
        }
        return true;
    }

    @Override
    public Page<UserSummary> following(Username user, PageRequest page) {
        return summaries(graph.following(users.byName(user).id(), page));
    }

    @Override
    public Page<UserSummary> followers(Username user, PageRequest page) {
        return summaries(graph.followers(users.byName(user).id(), page));
    }

    private Page<UserSummary> summaries(Page<UserId> ids) {
        Map<UserId, UserAccount> found = accounts.findAllById(ids.items());
        List<UserSummary> items = ids.items().stream()
                .map(found::get)
                .filter(Objects::nonNull)
                .map(UserAccount::summary)
                .toList();
        return new Page<>(items, ids.next());
    }

    @Override
    public boolean follows(Username follower, Username followee) {
        UserId a = users.byName(follower).id();
        UserId b = users.byName(followee).id();
        return graph.isFollowing(a, b);
    }
}

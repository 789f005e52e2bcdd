package io.feedline.domain;

import io.feedline.ports.in.CheckFollows;
import io.feedline.ports.in.Follow;
import io.feedline.ports.in.ReadFollowers;
import io.feedline.ports.in.ReadFollowing;
import io.feedline.ports.in.Unfollow;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
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
import io.feedline.ports.out.TimelineCache;
import io.feedline.ports.out.UserAccounts;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** Follows, unfollows and the lists of the graph. */
final class SocialGraph implements Follow, Unfollow, ReadFollowing, ReadFollowers, CheckFollows {
    private final FollowGraph graph;
    private final UserAccounts accounts;
    private final Posts posts;
    private final FeedItems feedItems;
    private final TimelineCache timelines;
    private final FanoutJobs jobs;
    private final Clock clock;
    private final UserDirectory users;
    private final FanoutPolicy policy;
    private final int backfillPosts;
    private final Runnable onEnqueue;

    SocialGraph(FollowGraph graph, UserAccounts accounts, Posts posts, FeedItems feedItems, TimelineCache timelines,
            FanoutJobs jobs, Clock clock, UserDirectory users, FanoutPolicy policy, int backfillPosts,
            Runnable onEnqueue) {
        this.graph = graph;
        this.accounts = accounts;
        this.posts = posts;
        this.feedItems = feedItems;
        this.timelines = timelines;
        this.jobs = jobs;
        this.clock = clock;
        this.users = users;
        this.policy = policy;
        this.backfillPosts = backfillPosts;
        this.onEnqueue = onEnqueue;
    }

    @Override
    public boolean follow(UserId follower, Username followeeName) {
        UserAccount followee = users.byName(followeeName);
        if (followee.id().equals(follower)) {
            throw new FeedlineException.InvalidInput("username", "you cannot follow yourself");
        }
        if (!graph.follow(follower, followee.id(), clock.instant())) {
            return false;
        }
        policy.followerCountChanged(followee.id(), graph.counts(followee.id()).followers());
        if (policy.materializesFeeds() && !policy.pulledAtRead(followee.id())) {
            backfill(follower, followee.id());
        }
        return true;
    }

    /**
     * Copies the followee's newest posts into the durable feed, then drops the hot window so the
     * next read rebuilds it from the feed. Adding the old posts to the window directly could leave
     * a hole where the window was trimmed before.
     */
    private void backfill(UserId follower, UserId followee) {
        if (backfillPosts == 0) {
            return;
        }
        List<Post> recent = posts.byAuthor(followee, Optional.empty(), backfillPosts);
        if (recent.isEmpty()) {
            return;
        }
        feedItems.append(recent.stream().map(p -> new Delivery(follower, p.ref())).toList());
        Windows.update(timelines, window -> window.evict(follower));
    }

    @Override
    public boolean unfollow(UserId follower, Username followeeName) {
        UserAccount followee = users.byName(followeeName);
        if (!graph.unfollow(follower, followee.id())) {
            return false;
        }
        if (policy.materializesFeeds()) {
            // The window is purged now, so the next page is already clean; the durable copies go
            // through the outbox, which retries until done.
            Windows.update(timelines, window -> window.removeAuthor(follower, followee.id()));
            jobs.enqueue(new FanoutJob.PurgeAuthor(follower, followee.id()));
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

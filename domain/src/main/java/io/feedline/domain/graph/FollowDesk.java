package io.feedline.domain.graph;

import io.feedline.domain.events.FollowEvents;
import io.feedline.domain.feed.FanoutPolicy;
import io.feedline.domain.feed.Windows;
import io.feedline.domain.notifications.Notifier;
import io.feedline.domain.relations.BlockRules;
import io.feedline.domain.settings.FeedSettings;
import io.feedline.domain.users.UserDesk;
import io.feedline.ports.in.CheckFollows;
import io.feedline.ports.in.Follow;
import io.feedline.ports.in.ReadFollowers;
import io.feedline.ports.in.ReadFollowing;
import io.feedline.ports.in.Unfollow;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.UserAccounts;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
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
public final class FollowDesk implements Follow, Unfollow, ReadFollowing, ReadFollowers, CheckFollows {
    private final FollowGraph graph;
    private final UserAccounts accounts;
    private final Windows windows;
    private final Clock clock;
    private final UserDesk users;
    private final FanoutPolicy policy;
    private final int backfillPosts;
    private final int maxFollowing;
    private final Runnable onEnqueue;
    private final Notifier notifier;
    private final BlockRules blockRules;
    private final List<FollowEvents> events;

    public FollowDesk(FollowGraph graph, UserAccounts accounts, Windows windows, Clock clock,
            UserDesk users, FanoutPolicy policy, int backfillPosts, int maxFollowing, Runnable onEnqueue,
            Notifier notifier, BlockRules blockRules, List<FollowEvents> events) {
        this.graph = graph;
        this.accounts = accounts;
        this.windows = windows;
        this.clock = clock;
        this.users = users;
        this.policy = policy;
        this.backfillPosts = backfillPosts;
        this.maxFollowing = maxFollowing;
        this.onEnqueue = onEnqueue;
        this.notifier = notifier;
        this.blockRules = blockRules;
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
        blockRules.requireNoBlock(follower, followee.id(), "follow " + followeeName.value());
        if (graph.counts(follower).following() >= maxFollowing && !graph.isFollowing(follower, followee.id())) {
            throw new FeedlineException.LimitReached("graph.max-following", maxFollowing, "username",
                    "you already follow " + maxFollowing + " accounts, the most graph.max-following allows; unfollow one first");
        }
        // The followee's notification and the follower's backfill are enqueued with the edge, in one
        // atomic write; the backfill runs on the relations lane, so the follow answers after its own
        // write whatever the fan-out backlog (ADR-0021).
        Optional<FanoutJob> notify = notifier.job(followee.id(), NotificationType.FOLLOW, Optional.empty(), follower);
        List<FanoutJob> enqueued = new ArrayList<>(notify.stream().toList());
        Instant at = clock.instant();
        if (backfillPosts > 0 && policy.materializesFeeds() && !policy.pulledAtRead(followee.id())) {
            enqueued.add(new FanoutJob.Backfill(follower, followee.id(), UUID.randomUUID().toString(), at));
        }
        if (!graph.follow(follower, followee.id(), at, enqueued)) {
            return false;
        }
        if (!enqueued.isEmpty()) {
            onEnqueue.run();
        }
        policy.followerCountChanged(followee.id(), graph.counts(followee.id()).followers());
        return true;
    }

    @Override
    public boolean unfollow(UserId follower, Username followeeName) {
        boolean changed = removeEdge(follower, followeeName);
        events.forEach(listener -> listener.unfollowed(follower, followeeName));
        return changed;
    }

    private boolean removeEdge(UserId follower, Username followeeName) {
        UserAccount followee = users.byName(followeeName);
        // The durable copies go through the outbox, which retries until done; the purge is
        // enqueued with the edge's removal, in one atomic write, so a crash cannot lose it.
        List<FanoutJob> purge = policy.materializesFeeds()
                ? List.of(new FanoutJob.PurgeAuthor(follower, followee.id(), UUID.randomUUID().toString()))
                : List.of();
        if (!graph.unfollow(follower, followee.id(), purge)) {
            return false;
        }
        if (!purge.isEmpty()) {
            // The window is purged now, so the next page is already clean.
            windows.update(List.of(follower), window -> window.removeAuthor(follower, followee.id()));
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

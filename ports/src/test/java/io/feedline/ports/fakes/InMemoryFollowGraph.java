package io.feedline.ports.fakes;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.FollowCounts;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.FollowGraph;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiPredicate;

/**
 * The follow graph in memory: both directions of each edge change under one lock, as the edge and
 * both counters do in one transaction in the engines; a follow is refused under that lock while a
 * block of {@link InMemoryRelations} separates the two, as the engines check the block entries in
 * the edge's transaction. A page token is the last user id of the page.
 */
public final class InMemoryFollowGraph implements FollowGraph {
    private final Map<UserId, NavigableSet<UserId>> following = new HashMap<>();
    private final Map<UserId, NavigableSet<UserId>> followers = new HashMap<>();
    private final Map<UserId, Long> unfollows = new HashMap<>();
    private final CallLog calls = new CallLog();
    private final Optional<FanoutJobs> outbox;
    /** Whether the first user blocks the second: set by the relations beside this graph, read under its lock. */
    private BiPredicate<UserId, UserId> blocks = (blocker, target) -> false;

    /** A graph with no outbox: a follow that carries jobs is refused. */
    public InMemoryFollowGraph() {
        this.outbox = Optional.empty();
    }

    /** A graph whose follows enqueue their jobs in {@code outbox} with the edge, under the graph's lock. */
    public InMemoryFollowGraph(FanoutJobs outbox) {
        this.outbox = Optional.of(outbox);
    }

    public CallLog calls() {
        return calls;
    }

    /** Called by {@link InMemoryRelations} once, so that a follow checks the blocks under the same lock as the edge. */
    synchronized void checkBlocksWith(BiPredicate<UserId, UserId> blocks) {
        this.blocks = blocks;
    }

    @Override
    public synchronized boolean follow(UserId follower, UserId followee, Instant at, List<FanoutJob> jobs) {
        calls.record("follow");
        if (!jobs.isEmpty() && outbox.isEmpty()) {
            throw new IllegalStateException("this graph has no outbox to enqueue " + jobs + " in");
        }
        if (blocks.test(follower, followee)) {
            throw new FeedlineException.Forbidden("you cannot follow: you block that account; unblock it first");
        }
        if (blocks.test(followee, follower)) {
            throw new FeedlineException.Forbidden("you cannot follow: that account blocks you");
        }
        if (!following.computeIfAbsent(follower, u -> new TreeSet<>()).add(followee)) {
            return false;
        }
        followers.computeIfAbsent(followee, u -> new TreeSet<>()).add(follower);
        jobs.forEach(job -> outbox.get().enqueue(job));
        return true;
    }

    @Override
    public synchronized boolean unfollow(UserId follower, UserId followee, List<FanoutJob> jobs) {
        calls.record("unfollow");
        if (!jobs.isEmpty() && outbox.isEmpty()) {
            throw new IllegalStateException("this graph has no outbox to enqueue " + jobs + " in");
        }
        if (!edges(following, follower).remove(followee)) {
            return false;
        }
        edges(followers, followee).remove(follower);
        unfollows.merge(followee, 1L, Long::sum);
        jobs.forEach(job -> outbox.get().enqueue(job));
        return true;
    }

    @Override
    public synchronized Page<UserId> following(UserId user, PageRequest request) {
        calls.record("following");
        return page(edges(following, user), request);
    }

    @Override
    public synchronized Page<UserId> followers(UserId user, PageRequest request) {
        calls.record("followers");
        return page(edges(followers, user), request);
    }

    @Override
    public synchronized boolean isFollowing(UserId follower, UserId followee) {
        calls.record("isFollowing");
        return edges(following, follower).contains(followee);
    }

    @Override
    public synchronized Set<UserId> followedAmong(UserId follower, Collection<UserId> candidates) {
        calls.record("followedAmong");
        NavigableSet<UserId> followed = edges(following, follower);
        Set<UserId> found = new HashSet<>();
        for (UserId candidate : candidates) {
            if (followed.contains(candidate)) {
                found.add(candidate);
            }
        }
        return found;
    }

    @Override
    public synchronized Set<UserId> followersAmong(UserId followee, Collection<UserId> candidates) {
        calls.record("followersAmong");
        NavigableSet<UserId> fans = edges(followers, followee);
        Set<UserId> found = new HashSet<>();
        for (UserId candidate : candidates) {
            if (fans.contains(candidate)) {
                found.add(candidate);
            }
        }
        return found;
    }

    @Override
    public synchronized Map<UserId, Long> unfollowCounts(Collection<UserId> followees) {
        calls.record("unfollowCounts");
        Map<UserId, Long> counts = new HashMap<>();
        followees.forEach(followee -> counts.put(followee, unfollows.getOrDefault(followee, 0L)));
        return counts;
    }

    @Override
    public synchronized FollowCounts counts(UserId user) {
        calls.record("counts");
        return new FollowCounts(edges(followers, user).size(), edges(following, user).size());
    }

    private static NavigableSet<UserId> edges(Map<UserId, NavigableSet<UserId>> index, UserId user) {
        return index.getOrDefault(user, new TreeSet<>());
    }

    private static Page<UserId> page(NavigableSet<UserId> all, PageRequest request) {
        NavigableSet<UserId> rest = request.after().map(token -> all.tailSet(parse(token), false)).orElse(all);
        List<UserId> items = rest.stream().limit(request.limit()).toList();
        boolean more = rest.size() > items.size();
        Optional<PageToken> next = more ? Optional.of(new PageToken(items.get(items.size() - 1).value())) : Optional.empty();
        return new Page<>(items, next);
    }

    private static UserId parse(PageToken token) {
        try {
            return UserId.of(token.value());
        } catch (FeedlineException.InvalidInput e) {
            throw new FeedlineException.InvalidInput("cursor", "cursor is malformed");
        }
    }
}

package io.feedline.domain.explore;

import io.feedline.domain.events.FollowEvents;
import io.feedline.domain.events.PostEvents;
import io.feedline.domain.events.UserEvents;
import io.feedline.ports.model.CountChange;
import io.feedline.ports.model.ExploreWindow;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.Ranking;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.Posts;
import io.feedline.ports.out.Rankings;
import io.feedline.ports.out.UserAccounts;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Keeps explore's precomputed rankings: the popular posts of each {@link ExploreWindow}, the
 * accounts with the most followers, and the newest accounts. Each process notes what changed (the
 * posts whose counts its counter processor moved, the accounts it saw followed or unfollowed, the
 * accounts it registered) and, at most once per refresh interval, merges them into the stored
 * rankings: the changed posts are read once (exact counts, a deleted one leaves every ranking),
 * every entry that left its window is dropped, and each ranking is replaced by compare-and-set on
 * its version, read again and merged again if another process replaced it meanwhile. A ranking
 * keeps the best {@link Ranking#MAX_ENTRIES}; an entry outside them comes back when it next changes.
 *
 * <p>A post's engagement score is {@code likes + 2 x reposts + replies}; the posts a window ranks
 * are those published within it. What a process noted but had not merged when it stopped is lost
 * to the rankings until those posts or accounts change again.
 */
public final class Popularity implements UserEvents, FollowEvents, PostEvents, AutoCloseable {
    static final Duration REFRESH = Duration.ofSeconds(10);
    private static final Logger LOG = Logger.getLogger(Popularity.class.getName());
    private static final int ATTEMPTS = 5;

    public static String popularPosts(ExploreWindow window) {
        return "popular-posts-" + window.label();
    }

    static final String POPULAR_USERS = "popular-users";
    public static final String NEWEST_USERS = "newest-users";

    private final Posts posts;
    private final FollowGraph graph;
    private final UserAccounts accounts;
    private final Rankings rankings;
    private final Clock clock;
    private final ScheduledExecutorService scheduler;
    private final Object lock = new Object();
    /** Held through a whole refresh, so that one asked for waits for one already running. */
    private final ReentrantLock refreshing = new ReentrantLock();
    private Set<PostRef> touchedPosts = new HashSet<>();
    private Set<PostId> deletedPosts = new HashSet<>();
    private Set<Username> touchedUsers = new HashSet<>();
    private Map<UserId, Long> registered = new HashMap<>();
    private boolean scheduled;

    public Popularity(Posts posts, FollowGraph graph, UserAccounts accounts, Rankings rankings, Clock clock) {
        this.posts = posts;
        this.graph = graph;
        this.accounts = accounts;
        this.rankings = rankings;
        this.clock = clock;
        this.scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "explore-rankings");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** The counter processor applied these changes. */
    public void countsApplied(List<CountChange> changes) {
        synchronized (lock) {
            changes.forEach(change -> touchedPosts.add(change.post()));
        }
        schedule();
    }

    /** This post was deleted: it leaves every ranking at the next refresh (reads drop it at once). */
    void postDeleted(PostId post) {
        synchronized (lock) {
            deletedPosts.add(post);
        }
        schedule();
    }

    /** A follow or unfollow of this account happened. */
    void followersChanged(Username user) {
        synchronized (lock) {
            touchedUsers.add(user);
        }
        schedule();
    }

    @Override
    public void followed(UserId follower, Username followee) {
        followersChanged(followee);
    }

    @Override
    public void unfollowed(UserId follower, Username followee) {
        followersChanged(followee);
    }

    @Override
    public void deleted(PostRef post) {
        postDeleted(post.postId());
    }

    @Override
    public void draftDeleted(PostId draft) {
        postDeleted(draft);
    }

    /** This account was registered. */
    @Override
    public void registered(UserAccount account) {
        synchronized (lock) {
            registered.put(account.id(), account.createdAt().toEpochMilli());
        }
        schedule();
    }

    private void schedule() {
        synchronized (lock) {
            if (scheduled || scheduler.isShutdown()) {
                return;
            }
            scheduled = true;
        }
        try {
            scheduler.schedule(this::refreshQuietly, REFRESH.toMillis(), TimeUnit.MILLISECONDS);
        } catch (RuntimeException e) {
            synchronized (lock) {
                scheduled = false;
            }
        }
    }

    private void refreshQuietly() {
        try {
            refresh();
        } catch (RuntimeException e) {
            if (scheduler.isShutdown()) {
                // Closed mid-refresh: the interrupted call is the shutdown, not a failure.
                LOG.log(Level.FINE, "explore's rankings refresh stopped by the shutdown", e);
                return;
            }
            LOG.log(Level.WARNING, "refreshing explore's rankings failed; the changes are kept for the next refresh", e);
            schedule();
        }
    }

    /**
     * Merges everything noted so far into the stored rankings, now: a refresh already running (the
     * scheduled one, which may hold some of what was noted) is waited for first.
     */
    public void refresh() {
        refreshing.lock();
        try {
            refreshNoted();
        } finally {
            refreshing.unlock();
        }
    }

    private void refreshNoted() {
        Set<PostRef> postsNow;
        Set<PostId> deletedNow;
        Set<Username> usersNow;
        Map<UserId, Long> registeredNow;
        synchronized (lock) {
            scheduled = false;
            postsNow = touchedPosts;
            deletedNow = deletedPosts;
            usersNow = touchedUsers;
            registeredNow = registered;
            touchedPosts = new HashSet<>();
            deletedPosts = new HashSet<>();
            touchedUsers = new HashSet<>();
            registered = new HashMap<>();
        }
        try {
            refreshPosts(postsNow, deletedNow);
            refreshPopularUsers(usersNow);
            refreshNewestUsers(registeredNow);
        } catch (RuntimeException e) {
            synchronized (lock) {
                touchedPosts.addAll(postsNow);
                deletedPosts.addAll(deletedNow);
                touchedUsers.addAll(usersNow);
                registeredNow.forEach(registered::putIfAbsent);
            }
            throw e;
        }
    }

    static long score(Post post) {
        return post.likeCount() + 2 * post.repostCount() + post.replyCount();
    }

    private void refreshPosts(Set<PostRef> touched, Set<PostId> deleted) {
        if (touched.isEmpty() && deleted.isEmpty()) {
            return;
        }
        Map<String, Ranking.Entry> fresh = new HashMap<>();
        Set<String> gone = new HashSet<>();
        deleted.forEach(id -> gone.add(id.value()));
        if (!touched.isEmpty()) {
            Map<String, Post> found = new HashMap<>();
            posts.getAll(touched).forEach(post -> found.put(post.id().value(), post));
            for (PostRef ref : touched) {
                Post post = found.get(ref.postId().value());
                if (post == null || score(post) <= 0) {
                    gone.add(ref.postId().value());
                } else {
                    fresh.put(post.id().value(), new Ranking.Entry(post.id().value(), post.authorId().value(), score(post)));
                }
            }
        }
        Instant now = clock.instant();
        for (ExploreWindow window : ExploreWindow.values()) {
            long since = now.minus(window.length()).toEpochMilli();
            Predicate<Ranking.Entry> inWindow = entry -> PostId.of(entry.id()).epochMillis() >= since;
            Map<String, Ranking.Entry> mine = new HashMap<>();
            fresh.values().stream().filter(inWindow).forEach(entry -> mine.put(entry.id(), entry));
            merge(popularPosts(window), mine, gone, inWindow);
        }
    }

    private void refreshPopularUsers(Set<Username> touched) {
        if (touched.isEmpty()) {
            return;
        }
        Map<String, Ranking.Entry> fresh = new HashMap<>();
        Set<String> gone = new HashSet<>();
        for (UserId id : accounts.findIdsByUsername(touched).values()) {
            long followers = graph.counts(id).followers();
            if (followers > 0) {
                fresh.put(id.value(), new Ranking.Entry(id.value(), id.value(), followers));
            } else {
                gone.add(id.value());
            }
        }
        merge(POPULAR_USERS, fresh, gone, entry -> true);
    }

    private void refreshNewestUsers(Map<UserId, Long> added) {
        if (added.isEmpty()) {
            return;
        }
        Map<String, Ranking.Entry> fresh = new HashMap<>();
        added.forEach((id, at) -> fresh.put(id.value(), new Ranking.Entry(id.value(), id.value(), at)));
        merge(NEWEST_USERS, fresh, Set.of(), entry -> true);
    }

    /**
     * Replaces the named ranking with its entries that {@code keep} accepts, less {@code gone},
     * updated by {@code fresh}, best first and bounded; again from a new read when another writer
     * won. Nothing is written when nothing changed.
     */
    private void merge(String name, Map<String, Ranking.Entry> fresh, Set<String> gone, Predicate<Ranking.Entry> keep) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Ranking current = rankings.read(name);
            Map<String, Ranking.Entry> byId = new LinkedHashMap<>();
            current.entries().stream().filter(keep).forEach(entry -> byId.put(entry.id(), entry));
            gone.forEach(byId::remove);
            byId.putAll(fresh);
            List<Ranking.Entry> next = new ArrayList<>(byId.values());
            next.sort(Comparator.comparingLong(Ranking.Entry::score).reversed()
                    .thenComparing(Comparator.comparing(Ranking.Entry::id).reversed()));
            List<Ranking.Entry> bounded = next.subList(0, Math.min(next.size(), Ranking.MAX_ENTRIES));
            if (bounded.equals(current.entries())) {
                return;
            }
            if (rankings.replace(new Ranking(name, current.version() + 1, bounded), current.version())) {
                return;
            }
        }
        throw new FeedlineException.StorageUnavailable("rankings",
                "ranking " + name + " kept changing under " + ATTEMPTS + " merges", null);
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
    }
}

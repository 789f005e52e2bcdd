package io.feedline.ports.out;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FollowCounts;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserId;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Who follows whom, with exact counters kept in the same atomic write as each edge. */
public interface FollowGraph {

    /**
     * Adds the edge and bumps both counters atomically, unless a block separates the two (see
     * below). Idempotent: returns false if it already existed.
     */
    default boolean follow(UserId follower, UserId followee, Instant at) {
        return follow(follower, followee, at, List.of());
    }

    /**
     * As {@link #follow(UserId, UserId, Instant)}, enqueueing {@code jobs} (the followee's
     * notification) in the outbox in the same atomic write; an edge that already existed enqueues
     * nothing. Refused with {@link io.feedline.ports.model.FeedlineException.Forbidden} when either
     * user blocks the other, checked in that same write, so a follow racing a {@link
     * Relations#block} either lands first (and the block removes it) or is refused.
     */
    boolean follow(UserId follower, UserId followee, Instant at, List<FanoutJob> jobs);

    /** Removes the edge and lowers both counters atomically. Returns false if there was no edge. */
    default boolean unfollow(UserId follower, UserId followee) {
        return unfollow(follower, followee, List.of());
    }

    /**
     * As {@link #unfollow(UserId, UserId)}, enqueueing {@code jobs} (the unfollow's purge) in the
     * outbox in the same atomic write, so a crash can never keep the edge's removal and lose its
     * purge; a missing edge enqueues nothing.
     */
    boolean unfollow(UserId follower, UserId followee, List<FanoutJob> jobs);

    /** The users {@code user} follows, ordered by user id ascending. */
    Page<UserId> following(UserId user, PageRequest request);

    /** The users who follow {@code user}, ordered by user id ascending. */
    Page<UserId> followers(UserId user, PageRequest request);

    /**
     * Up to {@code pages} consecutive pages of {@link #followers}, the first as {@code first} asks
     * and each after it from the one before's token, with the same size: fewer when the list ends
     * sooner, or when the adapter bounds a run (then the run's last page carries the token that
     * goes on). A big fan-out reads its audience this way, so an adapter may read the whole run in
     * one request where {@code followers} would take one a page.
     */
    default List<Page<UserId>> followerPages(UserId user, PageRequest first, int pages) {
        return Pages.run(request -> followers(user, request), first, pages);
    }

    /** Whether the edge follower -> followee exists. */
    boolean isFollowing(UserId follower, UserId followee);

    /** The subset of {@code candidates} that {@code follower} follows, read in batches (no per-user call). */
    Set<UserId> followedAmong(UserId follower, Collection<UserId> candidates);

    /**
     * The subset of {@code candidates} that follow {@code followee} now: strongly consistent, read
     * by edge key in batches (no per-user call). A fan-out filters each follower page with it, so
     * an unfollow that lands after the page was read still keeps the post out.
     */
    Set<UserId> followersAmong(UserId followee, Collection<UserId> candidates);

    /**
     * For each of {@code followees} whose follower pages are exact ({@link #followers} reads the
     * edges as they are now, strongly consistent), how many times a follower of it has left: a
     * count that each unfollow (a block's included) moves in its own atomic write, and that nothing
     * moves back. A follower page read between two equal readings lists no one who had left by the
     * second, so a fan-out reads this for all the deliveries it takes at once where it would check
     * each one's page with {@link #followersAmong}. A followee missing from the answer has its pages
     * checked that way; the default answers none.
     */
    default Map<UserId, Long> unfollowCounts(Collection<UserId> followees) {
        return Map.of();
    }

    /** The exact counters of {@code user} (zero for a user with no edges). */
    FollowCounts counts(UserId user);
}

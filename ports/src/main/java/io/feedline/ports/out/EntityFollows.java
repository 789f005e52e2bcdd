package io.feedline.ports.out;

import io.feedline.ports.model.EntityKind;
import io.feedline.ports.model.EntityRef;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserId;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Follow edges from a user to an entity of any kind but {@link EntityKind#USER} (user edges are
 * {@link FollowGraph}'s, unchanged), with exact counts kept in the same atomic write as each edge:
 * the entity's followers and the reader's followed entities of that kind. Also the sticky set of
 * "hot" entities: those past the celebrity threshold, whose posts are merged at read time.
 */
public interface EntityFollows {

    /**
     * Adds reader -> entity and moves both counts atomically. Idempotent: false if it existed.
     *
     * @throws IllegalArgumentException for a user entity (see {@link FollowGraph})
     */
    boolean follow(UserId reader, EntityRef entity, Instant at);

    /** Removes the edge and lowers both counts atomically. False if there was no edge. */
    boolean unfollow(UserId reader, EntityRef entity);

    /** Whether reader -> entity exists, strongly consistent. */
    boolean isFollowing(UserId reader, EntityRef entity);

    /** The entities of {@code kind} the reader follows, by key ascending. */
    Page<EntityRef> following(UserId reader, EntityKind kind, PageRequest request);

    /** The users who follow {@code entity}, by user id ascending. */
    Page<UserId> followers(EntityRef entity, PageRequest request);

    /** As {@link FollowGraph#followerPages}: up to {@code pages} consecutive pages of {@link #followers}. */
    default List<Page<UserId>> followerPages(EntityRef entity, PageRequest first, int pages) {
        return Pages.run(request -> followers(entity, request), first, pages);
    }

    /** The subset of {@code candidates} that follow {@code entity} now, read by edge key in batches. */
    Set<UserId> followersAmong(EntityRef entity, Collection<UserId> candidates);

    /** The subset of {@code candidates} that {@code reader} follows now, read by edge key in batches. */
    Set<EntityRef> followedAmong(UserId reader, Collection<EntityRef> candidates);

    /** The exact number of followers of {@code entity} (zero for an unknown one). */
    long followerCount(EntityRef entity);

    /** The exact number of entities of {@code kind} that {@code reader} follows. */
    long followingCount(UserId reader, EntityKind kind);

    /** Marks {@code entity} hot for good. Idempotent. */
    void markHot(EntityRef entity);

    /** Every hot entity of {@code kind}, strongly consistent. */
    Set<EntityRef> hot(EntityKind kind);
}

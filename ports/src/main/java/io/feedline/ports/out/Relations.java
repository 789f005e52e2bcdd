package io.feedline.ports.out;

import io.feedline.ports.model.BlockOutcome;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Relation;
import io.feedline.ports.model.RelationSet;
import io.feedline.ports.model.UserId;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Mutes and blocks, kept in the partition of the user who made them, each block with a reverse
 * entry in the blocked user's partition so that "who blocks me" is read with the rest of a user's
 * relations. Every read is strongly consistent. A user never mutes or blocks themselves.
 */
public interface Relations {

    /** Records that {@code muter} mutes {@code target}. Idempotent: false if it already did. */
    boolean mute(UserId muter, UserId target, Instant at);

    /** Removes the mute. False if there was none. */
    boolean unmute(UserId muter, UserId target);

    /**
     * Records the block and its reverse entry and removes the follow edges between the two users,
     * both ways, with their counters, in one atomic write. {@code ifBlockerFollowed} (the purge of
     * the blocked user's posts from the blocker's feed) is enqueued in the outbox in that write when
     * the blocker's edge was there, {@code ifBlockedFollowed} when the other edge was. The write
     * removes exactly the edges there at its commit, whatever follows race it, and once it has
     * committed {@link FollowGraph#follow} refuses both directions. Idempotent: a block already
     * there is kept and any edge still there is removed all the same.
     */
    BlockOutcome block(UserId blocker, UserId target, Instant at, List<FanoutJob> ifBlockerFollowed,
            List<FanoutJob> ifBlockedFollowed);

    /** Removes the block and its reverse entry; follows are not restored. False if there was none. */
    boolean unblock(UserId blocker, UserId target);

    /** The users {@code user} mutes, ordered by user id ascending. */
    Page<UserId> muted(UserId user, PageRequest request);

    /** The users {@code user} blocks, ordered by user id ascending. */
    Page<UserId> blocked(UserId user, PageRequest request);

    /** Everything {@code user} mutes and blocks, and who blocks them. */
    RelationSet of(UserId user);

    /**
     * How {@code user} stands to each of {@code others}, read in batches (no per-user call); users
     * with no relation to {@code user} are absent from the answer.
     */
    Map<UserId, Set<Relation>> among(UserId user, Collection<UserId> others);
}

package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.BlockOutcome;
import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.FollowCounts;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Relation;
import io.feedline.ports.model.RelationSet;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Relations;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What every {@link Relations} adapter must do: idempotent mutes and blocks, a block that removes
 * both follow edges with their counters and enqueues the purges of the edges it removed, pages in
 * user-id order, and the reader's whole set and the batched lookup agreeing with them. Each test
 * works between fresh users.
 */
public abstract class RelationsContract {

    /** The store under test; called at most once per test. */
    protected abstract RelationStore store();

    private static final Instant AT = Instant.parse("2024-01-02T03:04:05.678Z");
    private static final Duration LEASE = Duration.ofMinutes(5);
    private static final int RACING_FOLLOWS = 20;
    private static final int FOLLOWS_PER_RACER = 3;

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    @Test
    void muteIsIdempotentAndUnmuteRemovesItOnce() {
        Relations relations = store().relations();
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();

        assertThat(relations.mute(ann, ben, AT)).isTrue();
        assertThat(relations.mute(ann, ben, AT.plusSeconds(1))).isFalse();
        assertThat(relations.of(ann)).isEqualTo(new RelationSet(Set.of(ben), Set.of(), Set.of()));
        assertThat(relations.of(ben)).isEqualTo(RelationSet.EMPTY);

        assertThat(relations.unmute(ann, ben)).isTrue();
        assertThat(relations.unmute(ann, ben)).isFalse();
        assertThat(relations.of(ann)).isEqualTo(RelationSet.EMPTY);
    }

    @Test
    void aBlockIsSeenFromBothSidesAndUnblockRemovesBoth() {
        RelationStore store = store();
        Relations relations = store.relations();
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();

        assertThat(relations.block(ann, ben, AT, List.of(), List.of())).isEqualTo(new BlockOutcome(true, false, false));
        assertThat(relations.block(ann, ben, AT, List.of(), List.of())).isEqualTo(new BlockOutcome(false, false, false));

        assertThat(relations.of(ann)).isEqualTo(new RelationSet(Set.of(), Set.of(ben), Set.of()));
        assertThat(relations.of(ben)).isEqualTo(new RelationSet(Set.of(), Set.of(), Set.of(ann)));
        assertThat(relations.among(ann, List.of(ben))).isEqualTo(Map.of(ben, Set.of(Relation.BLOCKING)));
        assertThat(relations.among(ben, List.of(ann))).isEqualTo(Map.of(ann, Set.of(Relation.BLOCKED_BY)));

        assertThat(relations.unblock(ann, ben)).isTrue();
        assertThat(relations.unblock(ann, ben)).isFalse();
        assertThat(relations.of(ann)).isEqualTo(RelationSet.EMPTY);
        assertThat(relations.of(ben)).isEqualTo(RelationSet.EMPTY);
        assertThat(relations.among(ben, List.of(ann))).isEmpty();
    }

    @Test
    void aBlockRemovesBothFollowEdgesWithTheirCountsAndEnqueuesThePurgeOfEach() {
        RelationStore store = store();
        Instant now = now();
        Outbox.parkForeignJobs(store.jobs(), now);
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();
        UserId cat = TestIds.userId();
        store.graph().follow(ann, ben, AT);
        store.graph().follow(ben, ann, AT);
        store.graph().follow(cat, ben, AT);
        store.graph().follow(ann, cat, AT);
        int pendingBefore = store.jobs().pending();
        FanoutJob annPurge = new FanoutJob.PurgeAuthor(ann, ben, "block-1");
        FanoutJob benPurge = new FanoutJob.PurgeAuthor(ben, ann, "block-1");

        BlockOutcome outcome = store.relations().block(ann, ben, AT, List.of(annPurge), List.of(benPurge));

        assertThat(outcome).isEqualTo(new BlockOutcome(true, true, true));
        assertThat(store.graph().isFollowing(ann, ben)).isFalse();
        assertThat(store.graph().isFollowing(ben, ann)).isFalse();
        assertThat(store.graph().isFollowing(cat, ben)).isTrue();
        assertThat(store.graph().counts(ann)).isEqualTo(new FollowCounts(0, 1));
        assertThat(store.graph().counts(ben)).isEqualTo(new FollowCounts(1, 0));
        assertThat(store.graph().unfollowCounts(List.of(ann, ben, cat)))
                .as("each removed edge counts as its followee's unfollow").isEqualTo(Map.of(ann, 1L, ben, 1L, cat, 0L));
        assertThat(store.jobs().pending()).isEqualTo(pendingBefore + 2);
        assertThat(Outbox.claimAll(store.jobs(), "worker", now, LEASE, List.of(annPurge, benPurge)))
                .extracting(ClaimedJob::job).containsExactlyInAnyOrder(annPurge, benPurge);
    }

    @Test
    void aBlockEnqueuesOnlyThePurgeOfAnEdgeThatWasThere() {
        RelationStore store = store();
        Instant now = now();
        Outbox.parkForeignJobs(store.jobs(), now);
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();
        store.graph().follow(ben, ann, AT);
        int pendingBefore = store.jobs().pending();
        FanoutJob annPurge = new FanoutJob.PurgeAuthor(ann, ben, "block-2");
        FanoutJob benPurge = new FanoutJob.PurgeAuthor(ben, ann, "block-2");

        assertThat(store.relations().block(ann, ben, AT, List.of(annPurge), List.of(benPurge)))
                .isEqualTo(new BlockOutcome(true, false, true));

        assertThat(store.graph().counts(ann)).isEqualTo(FollowCounts.ZERO);
        assertThat(store.graph().counts(ben)).isEqualTo(FollowCounts.ZERO);
        assertThat(store.jobs().pending()).isEqualTo(pendingBefore + 1);
        assertThat(Outbox.claimAll(store.jobs(), "worker", now, LEASE, List.of(annPurge, benPurge)))
                .extracting(ClaimedJob::job).containsExactly(benPurge);
    }

    @Test
    void aFollowAndAnUnfollowEnqueueTheirJobsWithTheEdgeAndARepeatEnqueuesNothing() {
        RelationStore store = store();
        Instant now = now();
        Outbox.parkForeignJobs(store.jobs(), now);
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();
        FanoutJob backfill = new FanoutJob.Backfill(ann, ben, "follow-1", AT);
        FanoutJob repeatedBackfill = new FanoutJob.Backfill(ann, ben, "follow-2", AT);
        FanoutJob purge = new FanoutJob.PurgeAuthor(ann, ben, "unfollow-1");
        FanoutJob repeatedPurge = new FanoutJob.PurgeAuthor(ann, ben, "unfollow-2");

        assertThat(store.graph().follow(ann, ben, AT, List.of(backfill))).isTrue();
        assertThat(store.graph().follow(ann, ben, AT, List.of(repeatedBackfill))).isFalse();
        assertThat(store.graph().unfollow(ann, ben, List.of(purge))).isTrue();
        assertThat(store.graph().unfollow(ann, ben, List.of(repeatedPurge))).isFalse();

        assertThat(store.graph().counts(ann)).isEqualTo(FollowCounts.ZERO);
        assertThat(Outbox.claimAll(store.jobs(), "worker", now, LEASE,
                        List.of(backfill, repeatedBackfill, purge, repeatedPurge)))
                .extracting(ClaimedJob::job).containsExactlyInAnyOrder(backfill, purge);
    }

    @Test
    void aBlockEitherWayRefusesAFollowAndAnUnblockAllowsItAgain() {
        RelationStore store = store();
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();
        store.relations().block(ann, ben, AT, List.of(), List.of());

        assertThatThrownBy(() -> store.graph().follow(ben, ann, AT))
                .as("the blocked user follows the blocker").isInstanceOf(FeedlineException.Forbidden.class);
        assertThatThrownBy(() -> store.graph().follow(ann, ben, AT))
                .as("the blocker follows the blocked user").isInstanceOf(FeedlineException.Forbidden.class);
        assertThat(store.graph().isFollowing(ben, ann)).isFalse();
        assertThat(store.graph().isFollowing(ann, ben)).isFalse();
        assertThat(store.graph().counts(ann)).isEqualTo(FollowCounts.ZERO);
        assertThat(store.graph().counts(ben)).isEqualTo(FollowCounts.ZERO);
        assertThat(store.relations().block(ann, ben, AT, List.of(), List.of()))
                .isEqualTo(new BlockOutcome(false, false, false));

        assertThat(store.relations().unblock(ann, ben)).isTrue();
        assertThat(store.graph().follow(ben, ann, AT)).isTrue();
        assertThat(store.graph().counts(ann)).isEqualTo(new FollowCounts(1, 0));
    }

    @Test
    void aMuteEitherWayLeavesFollowsAlone() {
        RelationStore store = store();
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();
        store.relations().mute(ann, ben, AT);

        assertThat(store.graph().follow(ben, ann, AT)).isTrue();
        assertThat(store.graph().follow(ann, ben, AT)).isTrue();
        assertThat(store.graph().counts(ann)).isEqualTo(new FollowCounts(1, 1));
    }

    /**
     * Twenty racers follow the blocker while the block is written, a few times each, and once more
     * after it has returned. Whatever the order, no edge is left either way, the counters moved
     * once for each edge made and once for each removed, and the purge was enqueued exactly when
     * the block removed an edge.
     */
    @Test
    void followsRacingABlockNeverOutliveIt() {
        RelationStore store = store();
        for (int round = 0; round < 3; round++) {
            Instant now = now();
            Outbox.parkForeignJobs(store.jobs(), now);
            UserId blocker = TestIds.userId();
            UserId follower = TestIds.userId();
            FanoutJob purge = new FanoutJob.PurgeAuthor(follower, blocker, "race-" + round);
            CountDownLatch blocked = new CountDownLatch(1);

            List<Concurrently.Outcome<Object>> outcomes = Concurrently.run(RACING_FOLLOWS + 1, i -> {
                if (i == 0) {
                    try {
                        return store.relations().block(blocker, follower, AT, List.of(), List.of(purge));
                    } finally {
                        blocked.countDown();
                    }
                }
                return followAroundTheBlock(store, follower, blocker, blocked);
            });

            assertThat(outcomes).as("round %d: no follow or block failed but by a refusal", round)
                    .allMatch(Concurrently.Outcome::succeeded);
            BlockOutcome block = (BlockOutcome) outcomes.getFirst().value();
            long made = outcomes.stream().skip(1).mapToLong(o -> (Integer) o.value()).sum();
            assertThat(store.graph().isFollowing(follower, blocker)).as("round %d: the follow outlived the block", round).isFalse();
            assertThat(store.graph().isFollowing(blocker, follower)).isFalse();
            assertThat(store.graph().counts(blocker)).as("round %d: the blocker's counts", round).isEqualTo(FollowCounts.ZERO);
            assertThat(store.graph().counts(follower)).as("round %d: the follower's counts", round).isEqualTo(FollowCounts.ZERO);
            assertThat(made).as("round %d: follows made, against the block's %s", round, block)
                    .isEqualTo(block.blockedUnfollowed() ? 1 : 0);
            assertThat(store.graph().unfollowCounts(List.of(blocker)).getOrDefault(blocker, made)).isEqualTo(made);
            assertThat(Outbox.claimAll(store.jobs(), "worker", now, LEASE, List.of(purge)))
                    .as("round %d: the purge goes with the edge the block removed", round)
                    .hasSize(block.blockedUnfollowed() ? 1 : 0);
        }
    }

    /**
     * A few follows raced against the block, then, once the block has returned, one more; how many
     * of them made the edge.
     */
    private static int followAroundTheBlock(RelationStore store, UserId follower, UserId followee, CountDownLatch blocked) {
        int made = 0;
        for (int attempt = 0; attempt <= FOLLOWS_PER_RACER; attempt++) {
            if (attempt == FOLLOWS_PER_RACER) {
                await(blocked);
            }
            try {
                if (store.graph().follow(follower, followee, AT)) {
                    made++;
                }
            } catch (FeedlineException.Forbidden refused) {
                // The block stood when this follow was written.
            }
        }
        return made;
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(2, TimeUnit.MINUTES)) {
                throw new AssertionError("the block did not return");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for the block", e);
        }
    }

    @Test
    void mutesAndBlocksArePagedInUserIdOrder() {
        Relations relations = store().relations();
        UserId owner = TestIds.userId();
        List<UserId> muted = IntStream.range(0, 7).mapToObj(i -> TestIds.userId()).toList();
        List<UserId> blocked = IntStream.range(0, 5).mapToObj(i -> TestIds.userId()).toList();
        muted.forEach(m -> relations.mute(owner, m, AT));
        blocked.forEach(b -> relations.block(owner, b, AT, List.of(), List.of()));

        assertThat(walk(relations::muted, owner, 3)).isEqualTo(muted.stream().sorted().toList());
        assertThat(walk(relations::blocked, owner, 2)).isEqualTo(blocked.stream().sorted().toList());
        assertThat(walk(relations::blocked, owner, 5)).isEqualTo(blocked.stream().sorted().toList());
        assertThat(relations.muted(owner, PageRequest.first(7)).next()).isEmpty();
        assertThat(relations.muted(TestIds.userId(), PageRequest.first(7))).isEqualTo(Page.last(List.of()));
    }

    private interface Lister {
        Page<UserId> list(UserId user, PageRequest request);
    }

    private static List<UserId> walk(Lister lister, UserId user, int limit) {
        List<UserId> all = new ArrayList<>();
        Page<UserId> page = lister.list(user, PageRequest.first(limit));
        for (int guard = 0; guard < 100; guard++) {
            assertThat(page.items().size()).isLessThanOrEqualTo(limit);
            all.addAll(page.items());
            if (page.next().isEmpty()) {
                return all;
            }
            page = lister.list(user, PageRequest.after(page.next().get(), limit));
        }
        throw new AssertionError("the pages did not end");
    }

    @Test
    void theSetAndTheBatchedLookupAgreeOnEveryKind() {
        Relations relations = store().relations();
        UserId reader = TestIds.userId();
        UserId muted = TestIds.userId();
        UserId blocked = TestIds.userId();
        UserId blocker = TestIds.userId();
        UserId both = TestIds.userId();
        UserId stranger = TestIds.userId();
        relations.mute(reader, muted, AT);
        relations.block(reader, blocked, AT, List.of(), List.of());
        relations.block(blocker, reader, AT, List.of(), List.of());
        relations.mute(reader, both, AT);
        relations.block(both, reader, AT, List.of(), List.of());
        // Another user's relations never leak into the reader's.
        relations.mute(stranger, reader, AT);

        assertThat(relations.of(reader)).isEqualTo(
                new RelationSet(Set.of(muted, both), Set.of(blocked), Set.of(blocker, both)));
        List<UserId> many = new ArrayList<>(IntStream.range(0, 60).mapToObj(i -> TestIds.userId()).toList());
        many.addAll(List.of(muted, blocked, blocker, both, stranger));
        assertThat(relations.among(reader, many)).isEqualTo(Map.of(
                muted, Set.of(Relation.MUTING),
                blocked, Set.of(Relation.BLOCKING),
                blocker, Set.of(Relation.BLOCKED_BY),
                both, Set.of(Relation.MUTING, Relation.BLOCKED_BY)));
        assertThat(relations.among(reader, List.of())).isEmpty();
    }
}

package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.CountChange;
import io.feedline.ports.model.CounterKind;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.out.PostCounters;
import io.feedline.ports.out.Posts;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every {@link PostCounters} adapter must do: a count job's delta is applied exactly when the
 * job is completed, so a redelivered job counts once; the counts show in every read of
 * {@link Posts}; the count read with the caller's own job counts it exactly once.
 */
public abstract class PostCountersContract {
    private static final Duration LEASE = Duration.ofMinutes(5);

    /** The posts, outbox and counters under test, sharing one storage; called at most once per test. */
    protected abstract PostStore postStore();

    private static Post publishFresh(Posts posts) {
        PostId id = TestIds.postId();
        Post post = new Post(id, TestIds.userId(), TestIds.username(), PostText.of("count me"),
                Instant.ofEpochMilli(id.epochMillis()), 0);
        assertThat(posts.publish(post, Optional.empty())).isTrue();
        return post;
    }

    private static FanoutJob.CountDelta delta(Post post, CounterKind kind, long delta) {
        return new FanoutJob.CountDelta(post.ref(), kind, delta, UUID.randomUUID().toString());
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    /** Enqueues the deltas and claims them, as a worker would. */
    private static List<ClaimedJob> enqueueAndClaim(PostStore store, String worker, List<FanoutJob.CountDelta> deltas) {
        Outbox.parkForeignJobs(store.jobs(), now());
        deltas.forEach(store.jobs()::enqueue);
        List<ClaimedJob> claimed = Outbox.claimAll(store.jobs(), worker, now(), LEASE, deltas);
        assertThat(claimed).hasSize(deltas.size());
        return claimed;
    }

    @Test
    void appliedDeltasShowInEveryReadAndAreSummedPerPostAndKind() {
        PostStore store = postStore();
        Post first = publishFresh(store.posts());
        Post second = publishFresh(store.posts());
        List<FanoutJob.CountDelta> deltas = List.of(
                delta(first, CounterKind.LIKES, +1), delta(first, CounterKind.LIKES, +1), delta(first, CounterKind.REPLIES, +1),
                delta(second, CounterKind.LIKES, +1), delta(second, CounterKind.LIKES, +1), delta(second, CounterKind.LIKES, -1));

        List<CountChange> changes = store.counters().apply(enqueueAndClaim(store, "counter", deltas));

        assertThat(changes).containsExactlyInAnyOrder(
                new CountChange(first.ref(), CounterKind.LIKES, 2),
                new CountChange(first.ref(), CounterKind.REPLIES, 1),
                new CountChange(second.ref(), CounterKind.LIKES, 1));
        Post expected = first.withLikeCount(2).withReplyCount(1);
        assertThat(store.posts().get(first.id())).contains(expected);
        assertThat(store.posts().get(first.ref())).contains(expected);
        assertThat(store.posts().getAll(List.of(first.ref(), second.ref()))).containsExactly(second.withLikeCount(1), expected);
        assertThat(store.posts().byAuthor(first.authorId(), Optional.empty(), 10)).containsExactly(expected);
        assertThat(store.counters().count(first.ref(), CounterKind.LIKES, Optional.empty())).isEqualTo(2);
        assertThat(store.counters().count(first.ref(), CounterKind.REPLIES, Optional.empty())).isEqualTo(1);
        assertThat(store.counters().count(first.ref(), CounterKind.REPOSTS, Optional.empty())).isZero();
    }

    @Test
    void aJobAppliedTwiceCountsOnce() {
        PostStore store = postStore();
        Post post = publishFresh(store.posts());
        int pendingBefore = store.jobs().pending();
        List<ClaimedJob> claimed = enqueueAndClaim(store, "counter", List.of(delta(post, CounterKind.LIKES, +1)));

        store.counters().apply(claimed);
        List<CountChange> again = store.counters().apply(claimed);

        assertThat(again).isEmpty();
        assertThat(store.posts().get(post.id()).orElseThrow().likeCount()).isEqualTo(1);
        assertThat(store.jobs().pending()).as("the job was completed with its delta").isEqualTo(pendingBefore);
    }

    @Test
    void aJobWhoseLeaseWasTakenOverIsAppliedOnlyByItsNewHolder() {
        PostStore store = postStore();
        Post post = publishFresh(store.posts());
        FanoutJob.CountDelta delta = delta(post, CounterKind.LIKES, +1);
        List<ClaimedJob> slow = enqueueAndClaim(store, "slow", List.of(delta));
        // The slow worker's lease runs out and another worker takes the job over.
        List<ClaimedJob> fast = Outbox.claimAll(store.jobs(), "fast", slow.get(0).leaseUntil().plusSeconds(1), LEASE, List.of(delta));
        assertThat(fast).hasSize(1);

        assertThat(store.counters().apply(slow)).isEmpty();
        assertThat(store.posts().get(post.id()).orElseThrow().likeCount()).isZero();

        assertThat(store.counters().apply(fast)).containsExactly(new CountChange(post.ref(), CounterKind.LIKES, 1));
        assertThat(store.counters().apply(slow)).isEmpty();
        assertThat(store.posts().get(post.id()).orElseThrow().likeCount()).isEqualTo(1);
    }

    @Test
    void aDeltaOfADeletedPostIsCompletedWithoutAChange() {
        PostStore store = postStore();
        Post gone = publishFresh(store.posts());
        Post kept = publishFresh(store.posts());
        int pendingBefore = store.jobs().pending();
        List<ClaimedJob> claimed = enqueueAndClaim(store, "counter",
                List.of(delta(gone, CounterKind.LIKES, +1), delta(kept, CounterKind.LIKES, +1)));
        store.posts().delete(gone.ref(), Optional.empty());

        List<CountChange> changes = store.counters().apply(claimed);

        assertThat(changes).containsExactly(new CountChange(kept.ref(), CounterKind.LIKES, 1));
        assertThat(store.posts().get(gone.id())).isEmpty();
        assertThat(store.posts().get(kept.id()).orElseThrow().likeCount()).isEqualTo(1);
        assertThat(store.jobs().pending()).isEqualTo(pendingBefore);
    }

    @Test
    void theCountWithTheCallersOwnJobCountsItOnceBeforeAndAfterItIsApplied() {
        PostStore store = postStore();
        Post post = publishFresh(store.posts());
        store.counters().apply(enqueueAndClaim(store, "counter", List.of(delta(post, CounterKind.LIKES, +1))));
        FanoutJob.CountDelta own = delta(post, CounterKind.LIKES, +1);
        store.jobs().enqueue(own);

        assertThat(store.counters().count(post.ref(), CounterKind.LIKES, Optional.of(own))).isEqualTo(2);
        assertThat(store.counters().count(post.ref(), CounterKind.LIKES, Optional.empty())).isEqualTo(1);

        store.counters().apply(Outbox.claimAll(store.jobs(), "counter", now(), LEASE, List.of(own)));

        assertThat(store.counters().count(post.ref(), CounterKind.LIKES, Optional.of(own))).isEqualTo(2);
        assertThat(store.counters().count(post.ref(), CounterKind.LIKES, Optional.empty())).isEqualTo(2);
    }

    @Test
    void togglesOfOneKeyAddUpInTheirPendingJobAndTheAnswerCountsTheirSumOnce() {
        PostStore store = postStore();
        Outbox.parkForeignJobs(store.jobs(), now());
        Post post = publishFresh(store.posts());
        String liker = TestIds.userId().value();
        FanoutJob.CountDelta like = new FanoutJob.CountDelta(post.ref(), CounterKind.LIKES, +1, liker);
        store.jobs().enqueue(like);
        store.counters().apply(Outbox.claimAll(store.jobs(), "counter", now(), LEASE, List.of(like)));
        FanoutJob.CountDelta unlike = like.withDelta(-1);

        store.jobs().enqueue(unlike);
        store.jobs().enqueue(like);
        store.jobs().enqueue(unlike);

        assertThat(store.counters().count(post.ref(), CounterKind.LIKES, Optional.of(unlike)))
                .as("applied +1, pending -1 +1 -1: the liker's state is 0").isZero();
        List<ClaimedJob> claimed = Outbox.claimAll(store.jobs(), "counter", now(), LEASE, List.of(like));
        assertThat(claimed).as("one pending job holds the sum").hasSize(1);
        assertThat(((FanoutJob.CountDelta) claimed.getFirst().job()).delta()).isEqualTo(-1);
        store.counters().apply(claimed);
        assertThat(store.counters().count(post.ref(), CounterKind.LIKES, Optional.empty())).isZero();
    }

    @Test
    void aToggleMergedIntoAClaimedJobIsAppliedWithItNotLost() {
        PostStore store = postStore();
        Outbox.parkForeignJobs(store.jobs(), now());
        Post post = publishFresh(store.posts());
        FanoutJob.CountDelta like = new FanoutJob.CountDelta(post.ref(), CounterKind.LIKES, +1, TestIds.userId().value());
        store.jobs().enqueue(like);
        List<ClaimedJob> claimed = Outbox.claimAll(store.jobs(), "counter", now(), LEASE, List.of(like));

        store.jobs().enqueue(like.withDelta(-1));
        store.counters().apply(claimed);

        assertThat(store.counters().count(post.ref(), CounterKind.LIKES, Optional.of(like))).isZero();
        assertThat(Outbox.claimAll(store.jobs(), "counter", now(), LEASE, List.of(like)))
                .as("the job was applied with its merged sum and is gone").isEmpty();
        assertThat(store.posts().get(post.ref()).orElseThrow().likeCount()).isZero();
    }

    @Test
    void theCountOfAMissingPostIsNotFound() {
        PostStore store = postStore();
        Post never = new Post(TestIds.postId(), TestIds.userId(), TestIds.username(), PostText.of("x"), Instant.EPOCH, 0);

        assertThatThrownBy(() -> store.counters().count(never.ref(), CounterKind.LIKES, Optional.empty()))
                .isInstanceOf(FeedlineException.NotFound.class);
    }

    @Test
    void anUnlikeAppliedBeforeItsLikeShowsZeroAndTheCountStaysExact() {
        PostStore store = postStore();
        Post post = publishFresh(store.posts());

        store.counters().apply(enqueueAndClaim(store, "counter", List.of(delta(post, CounterKind.LIKES, -1))));
        assertThat(store.posts().get(post.id()).orElseThrow().likeCount()).isZero();
        assertThat(store.counters().count(post.ref(), CounterKind.LIKES, Optional.empty())).isZero();

        store.counters().apply(enqueueAndClaim(store, "counter",
                List.of(delta(post, CounterKind.LIKES, +1), delta(post, CounterKind.LIKES, +1))));
        assertThat(store.posts().get(post.id()).orElseThrow().likeCount()).isEqualTo(1);
    }

    @Test
    void aHotPostsManyDeltasAllCountAcrossBatchesAndReads() {
        PostStore store = postStore();
        Post hot = publishFresh(store.posts());
        Post cold = publishFresh(store.posts());
        List<FanoutJob.CountDelta> burst = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            burst.add(delta(hot, i % 10 == 0 ? CounterKind.REPLIES : CounterKind.LIKES, +1));
        }
        burst.add(delta(cold, CounterKind.LIKES, +1));

        store.counters().apply(enqueueAndClaim(store, "counter", burst));
        store.counters().apply(enqueueAndClaim(store, "counter", List.of(delta(hot, CounterKind.LIKES, +1))));

        Post expected = hot.withLikeCount(109).withReplyCount(12);
        assertThat(store.posts().get(hot.id())).contains(expected);
        assertThat(store.posts().get(hot.ref())).contains(expected);
        assertThat(store.posts().getAll(List.of(hot.ref(), cold.ref()))).containsExactly(cold.withLikeCount(1), expected);
        assertThat(store.posts().byAuthor(hot.authorId(), Optional.empty(), 10)).containsExactly(expected);
        assertThat(store.counters().count(hot.ref(), CounterKind.LIKES, Optional.empty())).isEqualTo(109);
    }

    @Test
    void applyRefusesAJobThatIsNotACount() {
        PostStore store = postStore();
        Post post = publishFresh(store.posts());
        ClaimedJob notACount = new ClaimedJob(new FanoutJob.Deliver(post.ref()), "w", now(), Optional.empty(), 1);

        assertThatThrownBy(() -> store.counters().apply(List.of(notACount))).isInstanceOf(IllegalArgumentException.class);
    }
}

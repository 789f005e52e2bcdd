package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.FanoutBacklog;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.JobLane;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FanoutJobs;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link FanoutJobs} outbox must do: idempotent enqueue, leases that keep two workers
 * off one job, checkpoints that survive a takeover. The outbox is global, so each test first
 * parks the jobs already there (see {@link Outbox}) and looks at its own jobs only.
 */
public abstract class FanoutJobsContract {

    /** The posts, likes and outbox under test, sharing one storage; called at most once per test. */
    protected abstract PostStore postStore();

    private static final Duration LEASE = Duration.ofMinutes(5);

    private FanoutJobs jobs;
    private Instant now;

    @BeforeEach
    void parkJobsOfOtherTests() {
        jobs = postStore().jobs();
        now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Outbox.parkForeignJobs(jobs, now);
    }

    private static FanoutJob.Deliver freshDeliver() {
        return new FanoutJob.Deliver(new PostRef(TestIds.postId(), TestIds.userId()));
    }

    /** Enqueues {@code mine} and has w1 claim them now, each held job by its job. */
    private Map<FanoutJob, ClaimedJob> enqueuedAndHeldByW1(FanoutJob... mine) {
        List.of(mine).forEach(jobs::enqueue);
        return claimMine("w1", now, mine).stream().collect(Collectors.toMap(ClaimedJob::job, claimed -> claimed));
    }

    private List<ClaimedJob> claimMine(String worker, Instant at, FanoutJob... mine) {
        return Outbox.claimAll(jobs, worker, at, LEASE, List.of(mine));
    }

    private ClaimedJob claimOne(String worker, Instant at, FanoutJob mine) {
        List<ClaimedJob> claimed = claimMine(worker, at, mine);
        assertThat(claimed).as("claims of %s by %s at %s", mine, worker, at).hasSize(1);
        return claimed.get(0);
    }

    @Test
    void everyJobKindRoundTripsThroughClaim() {
        PostRef post = new PostRef(TestIds.postId(), TestIds.userId());
        FanoutJob deliver = new FanoutJob.Deliver(post);
        FanoutJob retract = new FanoutJob.Retract(post);
        FanoutJob purge = new FanoutJob.PurgeAuthor(TestIds.userId(), TestIds.userId(), "unfollow-1");
        FanoutJob like = new FanoutJob.Notify(new io.feedline.ports.model.NotificationEvent(TestIds.userId(),
                io.feedline.ports.model.NotificationType.LIKE, Optional.of(post.postId()), TestIds.userId(), now));
        FanoutJob follow = new FanoutJob.Notify(new io.feedline.ports.model.NotificationEvent(TestIds.userId(),
                io.feedline.ports.model.NotificationType.FOLLOW, Optional.empty(), TestIds.userId(), now));
        FanoutJob backfill = new FanoutJob.Backfill(TestIds.userId(), TestIds.userId(), "follow-1", now);
        FanoutJob media = new FanoutJob.PurgeMedia(new io.feedline.ports.model.MediaId(TestIds.postId().value()),
                TestIds.userId());
        jobs.enqueue(media);
        jobs.enqueue(deliver);
        jobs.enqueue(retract);
        jobs.enqueue(purge);
        jobs.enqueue(like);
        jobs.enqueue(follow);
        jobs.enqueue(backfill);

        List<ClaimedJob> claimed = claimMine("w1", now, deliver, retract, purge, like, follow, backfill, media);

        assertThat(claimed).extracting(ClaimedJob::job)
                .containsExactlyInAnyOrder(deliver, retract, purge, like, follow, backfill, media);
        assertThat(claimed).allSatisfy(c -> {
            assertThat(c.leaseOwner()).isEqualTo("w1");
            assertThat(c.leaseUntil()).isEqualTo(now.plus(LEASE));
            assertThat(c.checkpoint()).isEmpty();
            assertThat(c.attempts()).isEqualTo(1);
        });
    }

    @Test
    void aClaimOfOneLaneNeverHandsOutTheOthersJobs() {
        UserId reader = TestIds.userId();
        UserId author = TestIds.userId();
        FanoutJob deliver = freshDeliver();
        FanoutJob purge = new FanoutJob.PurgeAuthor(reader, author, "unfollow-1");
        FanoutJob purgeTag = new FanoutJob.PurgeEntity(reader, io.feedline.ports.model.EntityRef.of(
                new io.feedline.ports.model.Tag("lanes")), "unfollow-2");
        FanoutJob backfill = new FanoutJob.Backfill(reader, author, "follow-1", now);
        List.of(deliver, purge, purgeTag, backfill).forEach(jobs::enqueue);

        assertThat(jobs.claim(JobLane.RELATIONS, "w1", 10, now, LEASE)).extracting(ClaimedJob::job)
                .containsExactlyInAnyOrder(purge, purgeTag, backfill);
        assertThat(jobs.claim(JobLane.RELATIONS, "w1", 10, now, LEASE)).isEmpty();
        assertThat(jobs.claim(JobLane.FANOUT, "w1", 10, now, LEASE)).extracting(ClaimedJob::job).containsExactly(deliver);
    }

    @Test
    void aRelationJobIsClaimedAheadOfAnOlderFanoutBacklog() {
        // Row 4 of the concurrency issue: a follow's backfill waited behind ~2,000 deliveries.
        List<FanoutJob> backlog = IntStream.range(0, 150).mapToObj(i -> (FanoutJob) freshDeliver()).toList();
        backlog.forEach(jobs::enqueue);
        FanoutJob backfill = new FanoutJob.Backfill(TestIds.userId(), TestIds.userId(), "follow-1", now);
        jobs.enqueue(backfill);
        Instant later = now.plusSeconds(1);

        assertThat(jobs.claim(JobLane.RELATIONS, "w1", 1, later, LEASE)).extracting(ClaimedJob::job)
                .containsExactly(backfill);
        assertThat(jobs.backlog(later).waitingJobs()).as("both lanes wait in the backlog").isEqualTo(150);
    }

    @Test
    void searchIndexJobsRoundTripThroughClaim() {
        PostRef post = new PostRef(TestIds.postId(), TestIds.userId());
        FanoutJob published = new FanoutJob.IndexPost(post, "publish");
        FanoutJob deleted = new FanoutJob.IndexPost(post, "delete");
        FanoutJob account = new FanoutJob.IndexAccount(TestIds.userId());
        jobs.enqueue(published);
        jobs.enqueue(deleted);
        jobs.enqueue(account);
        jobs.enqueue(published);

        List<ClaimedJob> claimed = claimMine("w1", now, published, deleted, account);

        assertThat(claimed).extracting(ClaimedJob::job).containsExactlyInAnyOrder(published, deleted, account);
    }

    @Test
    void enqueueingTwiceKeepsOnePendingJob() {
        int pendingBefore = jobs.pending();
        FanoutJob.Deliver job = freshDeliver();

        jobs.enqueue(job);
        jobs.enqueue(job);
        jobs.enqueue(new FanoutJob.Deliver(job.post()));

        assertThat(jobs.pending()).isEqualTo(pendingBefore + 1);
        assertThat(claimMine("w1", now, job)).hasSize(1);
    }

    @Test
    void aSecondUnfollowsPurgeIsKeptWhileTheFirstIsRunning() {
        UserId reader = TestIds.userId();
        UserId author = TestIds.userId();
        FanoutJob first = new FanoutJob.PurgeAuthor(reader, author, "unfollow-1");
        FanoutJob second = new FanoutJob.PurgeAuthor(reader, author, "unfollow-2");
        jobs.enqueue(first);
        claimOne("w1", now, first);

        jobs.enqueue(second);

        assertThat(claimMine("w2", now.plusSeconds(1), first, second)).extracting(ClaimedJob::job).containsExactly(second);
    }

    @Test
    void reenqueueingARunningJobLeavesItsLeaseAlone() {
        FanoutJob job = freshDeliver();
        jobs.enqueue(job);
        int pendingBefore = jobs.pending();
        claimOne("w1", now, job);

        jobs.enqueue(job);

        assertThat(jobs.pending()).isEqualTo(pendingBefore);
        assertThat(claimMine("w2", now.plusSeconds(1), job)).isEmpty();
    }

    @Test
    void aClaimedJobIsHiddenFromOtherWorkersUntilItsLeaseExpires() {
        FanoutJob job = freshDeliver();
        jobs.enqueue(job);
        claimOne("w1", now, job);

        assertThat(claimMine("w2", now.plusSeconds(1), job)).isEmpty();
        assertThat(claimMine("w2", now.plus(LEASE).minusSeconds(1), job)).isEmpty();

        ClaimedJob retaken = claimOne("w2", now.plus(LEASE).plusSeconds(1), job);
        assertThat(retaken.job()).isEqualTo(job);
        assertThat(retaken.leaseOwner()).isEqualTo("w2");
        assertThat(retaken.leaseUntil()).isEqualTo(now.plus(LEASE).plusSeconds(1).plus(LEASE));
        assertThat(retaken.attempts()).isEqualTo(2);
    }

    @Test
    void checkpointRecordsThePositionAndExtendsTheLease() {
        FanoutJob job = freshDeliver();
        jobs.enqueue(job);
        ClaimedJob first = claimOne("w1", now, job);
        Instant later = now.plus(Duration.ofMinutes(4));

        ClaimedJob saved = jobs.checkpoint(first, new PageToken("page-2"), later, LEASE);

        assertThat(saved).isEqualTo(new ClaimedJob(job, "w1", later.plus(LEASE), Optional.of(new PageToken("page-2")), 1));
        // Past the first lease but inside the extended one: still held.
        assertThat(claimMine("w2", now.plus(LEASE).plusSeconds(1), job)).isEmpty();

        ClaimedJob again = jobs.checkpoint(saved, new PageToken("page-3"), later.plusSeconds(30), LEASE);

        assertThat(again.checkpoint()).contains(new PageToken("page-3"));
        assertThat(again.leaseUntil()).isEqualTo(later.plusSeconds(30).plus(LEASE));
    }

    @Test
    void renewExtendsTheLeaseAndKeepsTheCheckpoint() {
        FanoutJob job = freshDeliver();
        jobs.enqueue(job);
        ClaimedJob first = claimOne("w1", now, job);

        ClaimedJob renewed = jobs.renew(first, now.plusSeconds(20), LEASE);

        assertThat(renewed).isEqualTo(new ClaimedJob(job, "w1", now.plusSeconds(20).plus(LEASE), Optional.empty(), 1));
        // Past the first lease but inside the renewed one: still held.
        assertThat(claimMine("w2", first.leaseUntil().plusSeconds(1), job)).isEmpty();

        ClaimedJob saved = jobs.checkpoint(renewed, new PageToken("page-2"), now.plusSeconds(25), LEASE);
        ClaimedJob again = jobs.renew(saved, now.plusSeconds(50), LEASE);

        assertThat(again.checkpoint()).contains(new PageToken("page-2"));
        assertThat(again.leaseUntil()).isEqualTo(now.plusSeconds(50).plus(LEASE));
        ClaimedJob retaken = claimOne("w2", again.leaseUntil().plusSeconds(1), job);
        assertThat(retaken.checkpoint()).contains(new PageToken("page-2"));
        assertThatThrownBy(() -> jobs.renew(again, again.leaseUntil().plusSeconds(2), LEASE))
                .isInstanceOf(FeedlineException.WriteConflict.class);
    }

    @Test
    void aTakenOverJobResumesFromItsCheckpoint() {
        FanoutJob job = freshDeliver();
        jobs.enqueue(job);
        ClaimedJob first = claimOne("w1", now, job);
        ClaimedJob saved = jobs.checkpoint(first, new PageToken("follower-cursor-17"), now.plusSeconds(10), LEASE);

        ClaimedJob retaken = claimOne("w2", saved.leaseUntil().plusSeconds(1), job);

        assertThat(retaken.checkpoint()).contains(new PageToken("follower-cursor-17"));
        assertThat(retaken.attempts()).isEqualTo(2);
        assertThat(retaken.leaseOwner()).isEqualTo("w2");
    }

    @Test
    void checkpointByAHolderWhoseLeaseWasTakenOverIsAWriteConflict() {
        FanoutJob job = freshDeliver();
        jobs.enqueue(job);
        ClaimedJob stale = claimOne("w1", now, job);
        Instant takeover = now.plus(LEASE).plusSeconds(1);
        ClaimedJob current = claimOne("w2", takeover, job);
        ClaimedJob progressed = jobs.checkpoint(current, new PageToken("w2-page"), takeover.plusSeconds(1), LEASE);

        assertThatThrownBy(() -> jobs.checkpoint(stale, new PageToken("w1-page"), takeover.plusSeconds(2), LEASE))
                .isInstanceOf(FeedlineException.WriteConflict.class);

        // The loser wrote nothing: the holder's checkpoint and lease stand.
        ClaimedJob next = jobs.checkpoint(progressed, new PageToken("w2-page-2"), takeover.plusSeconds(3), LEASE);
        assertThat(next.leaseOwner()).isEqualTo("w2");
        assertThat(claimMine("w3", takeover.plusSeconds(4), job)).isEmpty();
        ClaimedJob afterExpiry = claimOne("w3", next.leaseUntil().plusSeconds(1), job);
        assertThat(afterExpiry.checkpoint()).contains(new PageToken("w2-page-2"));
    }

    @Test
    void completingAfterAnotherHolderFinishedIsANoOp() {
        FanoutJob job = freshDeliver();
        jobs.enqueue(job);
        int pendingWithJob = jobs.pending();
        ClaimedJob stale = claimOne("w1", now, job);
        ClaimedJob current = claimOne("w2", now.plus(LEASE).plusSeconds(1), job);
        jobs.complete(current);

        jobs.complete(stale);

        assertThat(jobs.pending()).isEqualTo(pendingWithJob - 1);
    }

    @Test
    void releasedJobWaitsUntilRetryAtAndKeepsItsCheckpoint() {
        FanoutJob job = freshDeliver();
        jobs.enqueue(job);
        ClaimedJob claimed = claimOne("w1", now, job);
        ClaimedJob saved = jobs.checkpoint(claimed, new PageToken("halfway"), now.plusSeconds(5), LEASE);
        Instant retryAt = now.plus(Duration.ofMinutes(30));

        jobs.release(saved, retryAt);

        assertThat(claimMine("w2", now.plusSeconds(6), job)).isEmpty();
        assertThat(claimMine("w2", now.plus(LEASE).plusSeconds(10), job)).isEmpty();
        assertThat(claimMine("w2", retryAt.minusSeconds(1), job)).isEmpty();
        ClaimedJob retried = claimOne("w2", retryAt.plusSeconds(1), job);
        assertThat(retried.checkpoint()).contains(new PageToken("halfway"));
        assertThat(retried.attempts()).isEqualTo(2);
        assertThat(retried.leaseUntil()).isEqualTo(retryAt.plusSeconds(1).plus(LEASE));
    }

    @Test
    void completeRemovesTheJob() {
        int pendingBefore = jobs.pending();
        FanoutJob job = freshDeliver();
        FanoutJob other = freshDeliver();
        jobs.enqueue(job);
        jobs.enqueue(other);
        assertThat(jobs.pending()).isEqualTo(pendingBefore + 2);
        ClaimedJob claimed = claimMine("w1", now, job, other).stream()
                .filter(c -> c.job().equals(job)).findFirst().orElseThrow();

        jobs.complete(claimed);

        assertThat(jobs.pending()).isEqualTo(pendingBefore + 1);
        assertThat(claimMine("w2", now.plus(Duration.ofHours(2)), job, other))
                .extracting(ClaimedJob::job).containsExactly(other);
    }

    @Test
    void renewAllExtendsEachLeaseHeldAndAnswersEmptyForOneTakenOver() {
        FanoutJob first = freshDeliver();
        FanoutJob takenOver = freshDeliver();
        FanoutJob last = freshDeliver();
        Map<FanoutJob, ClaimedJob> held = enqueuedAndHeldByW1(first, takenOver, last);
        // The first and the last are kept (the last with a checkpoint); the middle one's lease runs out and w2 takes it.
        ClaimedJob kept = jobs.renew(held.get(first), now.plusSeconds(5), LEASE);
        ClaimedJob saved = jobs.checkpoint(held.get(last), new PageToken("page-2"), now.plusSeconds(5), LEASE);
        Instant late = now.plus(LEASE).plusSeconds(1);
        ClaimedJob newHolder = claimOne("w2", late, takenOver);

        List<Optional<ClaimedJob>> renewed = jobs.renewAll(List.of(kept, held.get(takenOver), saved), late, LEASE);

        assertThat(renewed).containsExactly(
                Optional.of(new ClaimedJob(first, "w1", late.plus(LEASE), Optional.empty(), 1)),
                Optional.empty(),
                Optional.of(new ClaimedJob(last, "w1", late.plus(LEASE), Optional.of(new PageToken("page-2")), 1)));
        // Past the leases before but inside the renewed ones: still held, and the one taken over still the new holder's.
        assertThat(claimMine("w3", now.plusSeconds(5).plus(LEASE).plusSeconds(1), first, last)).isEmpty();
        assertThat(jobs.renew(newHolder, late.plusSeconds(2), LEASE).leaseOwner()).isEqualTo("w2");
        assertThat(jobs.renewAll(List.of(), late, LEASE)).isEmpty();
    }

    @Test
    void renewAllTakesMoreJobsThanOneRequestCarries() {
        List<FanoutJob> mine = IntStream.range(0, 130).<FanoutJob>mapToObj(i -> freshDeliver()).toList();
        mine.forEach(jobs::enqueue);
        List<ClaimedJob> claimed = Outbox.claimAll(jobs, "w1", now, LEASE, mine);
        Instant late = now.plus(LEASE).minusSeconds(1);

        List<Optional<ClaimedJob>> renewed = jobs.renewAll(claimed, late, LEASE);

        assertThat(renewed).hasSize(130).allSatisfy(job -> assertThat(job).get()
                .extracting(ClaimedJob::leaseUntil).isEqualTo(late.plus(LEASE)));
        assertThat(Outbox.claimAll(jobs, "w2", now.plus(LEASE).plusSeconds(1), LEASE, mine)).isEmpty();
        jobs.completeAll(renewed.stream().map(Optional::orElseThrow).toList());
    }

    @Test
    void completeAllRemovesTheFinishedJobsAndLeavesOneTakenOverToItsNewHolder() {
        int pendingBefore = jobs.pending();
        FanoutJob first = freshDeliver();
        FanoutJob takenOver = freshDeliver();
        FanoutJob last = freshDeliver();
        Map<FanoutJob, ClaimedJob> held = enqueuedAndHeldByW1(first, takenOver, last);
        Instant late = now.plus(LEASE).minusSeconds(1);
        ClaimedJob firstRenewed = jobs.renew(held.get(first), late, LEASE);
        ClaimedJob lastRenewed = jobs.renew(held.get(last), late, LEASE);
        ClaimedJob newHolder = claimOne("w2", now.plus(LEASE).plusSeconds(1), takenOver);

        jobs.completeAll(List.of(firstRenewed, held.get(takenOver), lastRenewed));

        assertThat(jobs.pending()).isEqualTo(pendingBefore + 1);
        // The job taken over is still the new holder's: its checkpoint holds, and it completes it.
        ClaimedJob progressed = jobs.checkpoint(newHolder, new PageToken("w2-page"), now.plus(LEASE).plusSeconds(2), LEASE);
        assertThat(progressed.leaseOwner()).isEqualTo("w2");
        jobs.completeAll(List.of(progressed));
        assertThat(jobs.pending()).isEqualTo(pendingBefore);
    }

    @Test
    void completeAllTakesMoreJobsThanOneRequestCarries() {
        int pendingBefore = jobs.pending();
        List<FanoutJob> mine = IntStream.range(0, 130).<FanoutJob>mapToObj(i -> freshDeliver()).toList();
        mine.forEach(jobs::enqueue);
        List<ClaimedJob> claimed = Outbox.claimAll(jobs, "w1", now, LEASE, mine);
        assertThat(claimed).hasSize(130);

        jobs.completeAll(claimed);

        assertThat(jobs.pending()).isEqualTo(pendingBefore);
        assertThat(Outbox.claimAll(jobs, "w2", now.plus(Duration.ofHours(2)), LEASE, mine)).isEmpty();
    }

    @Test
    void completedJobCanBeEnqueuedAfresh() {
        FanoutJob job = freshDeliver();
        jobs.enqueue(job);
        jobs.complete(claimOne("w1", now, job));

        jobs.enqueue(job);

        ClaimedJob fresh = claimOne("w2", now.plusSeconds(1), job);
        assertThat(fresh.checkpoint()).isEmpty();
    }

    @Test
    void claimRespectsMax() {
        List<FanoutJob> mine = IntStream.range(0, 5).<FanoutJob>mapToObj(i -> freshDeliver()).toList();
        mine.forEach(jobs::enqueue);

        List<ClaimedJob> first = jobs.claim("w1", 2, now, LEASE);
        List<ClaimedJob> second = jobs.claim("w1", 2, now, LEASE);
        List<ClaimedJob> third = jobs.claim("w1", 2, now, LEASE);
        List<ClaimedJob> fourth = jobs.claim("w1", 2, now, LEASE);

        assertThat(first).hasSize(2);
        assertThat(second).hasSize(2);
        assertThat(third).hasSize(1);
        assertThat(fourth).isEmpty();
        List<FanoutJob> all = new ArrayList<>();
        for (List<ClaimedJob> batch : List.of(first, second, third)) {
            batch.forEach(c -> all.add(c.job()));
        }
        assertThat(all).containsExactlyInAnyOrderElementsOf(mine);
    }

    @Test
    void concurrentClaimsNeverShareAJob() {
        List<FanoutJob> mine = IntStream.range(0, 20).<FanoutJob>mapToObj(i -> freshDeliver()).toList();
        mine.forEach(jobs::enqueue);
        List<ClaimedJob> claimed = Collections.synchronizedList(new ArrayList<>());

        List<Concurrently.Outcome<Integer>> outcomes = Concurrently.run(4, worker -> {
            int rounds = 0;
            List<ClaimedJob> batch;
            while (!(batch = jobs.claim("w" + worker, 3, now, LEASE)).isEmpty() && rounds++ < 100) {
                claimed.addAll(batch);
            }
            return rounds;
        });

        assertThat(outcomes).allSatisfy(o -> assertThat(o.error()).isNull());
        Map<FanoutJob, Long> timesClaimed = claimed.stream()
                .collect(Collectors.groupingBy(ClaimedJob::job, Collectors.counting()));
        assertThat(timesClaimed).containsOnlyKeys(mine);
        assertThat(timesClaimed.values()).containsOnly(1L);
        assertThat(claimed).allSatisfy(c -> assertThat(c.leaseOwner()).matches("w[0-3]"));
    }

    /** Enqueues {@code job} and returns the wall-clock interval around it, which holds its enqueue time. */
    private Instant[] enqueueTimed(FanoutJob job) throws InterruptedException {
        // Engines keep milliseconds.
        Instant before = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        jobs.enqueue(job);
        Instant after = Instant.now();
        // Apart by a few milliseconds, so that enqueue times order the jobs.
        Thread.sleep(3);
        return new Instant[] {before, after};
    }

    @Test
    void claimTakesTheJobThatHasWaitedLongestFirst() throws InterruptedException {
        FanoutJob first = freshDeliver();
        FanoutJob second = freshDeliver();
        FanoutJob third = freshDeliver();
        enqueueTimed(first);
        enqueueTimed(second);
        enqueueTimed(third);
        Instant start = Instant.now().truncatedTo(ChronoUnit.MILLIS).plusSeconds(1);

        List<ClaimedJob> one = jobs.claim("w1", 1, start, LEASE);
        assertThat(one).extracting(ClaimedJob::job).containsExactly(first);
        // Released with a retry time later than the others' enqueue: it now queues behind them.
        jobs.release(one.get(0), start.plusSeconds(10));

        Instant later = start.plusSeconds(60);
        assertThat(jobs.claim("w2", 1, later, LEASE)).extracting(ClaimedJob::job).containsExactly(second);
        assertThat(jobs.claim("w2", 1, later, LEASE)).extracting(ClaimedJob::job).containsExactly(third);
        assertThat(jobs.claim("w2", 1, later, LEASE)).extracting(ClaimedJob::job).containsExactly(first);
        assertThat(jobs.claim("w2", 1, later, LEASE)).isEmpty();
    }

    @Test
    void backlogCountsTheClaimableJobsNobodyHoldsAndDatesTheOldest() throws InterruptedException {
        FanoutJob first = freshDeliver();
        FanoutJob second = freshDeliver();
        Instant[] firstEnqueued = enqueueTimed(first);
        Instant[] secondEnqueued = enqueueTimed(second);
        Instant start = Instant.now().truncatedTo(ChronoUnit.MILLIS).plusSeconds(1);

        FanoutBacklog both = jobs.backlog(start);
        assertThat(both.waitingJobs()).isEqualTo(2);
        assertThat(both.oldestWaitingSince().orElseThrow()).isBetween(firstEnqueued[0], firstEnqueued[1]);
        assertThat(both.oldestAge(start)).isPositive();

        List<ClaimedJob> oldestOnly = jobs.claim("w1", 1, start, LEASE);
        assertThat(oldestOnly).extracting(ClaimedJob::job).containsExactly(first);
        ClaimedJob held = oldestOnly.get(0);
        FanoutBacklog one = jobs.backlog(start);
        assertThat(one.waitingJobs()).as("a held job is not waiting").isEqualTo(1);
        assertThat(one.oldestWaitingSince().orElseThrow()).isBetween(secondEnqueued[0], secondEnqueued[1]);

        assertThat(jobs.claim("w1", 1, start, LEASE)).extracting(ClaimedJob::job).containsExactly(second);
        assertThat(jobs.backlog(start)).isEqualTo(FanoutBacklog.none());

        // An expired lease makes the job wait again, from the moment its lease ended.
        Instant afterExpiry = held.leaseUntil().plusSeconds(5);
        FanoutBacklog expired = jobs.backlog(afterExpiry);
        assertThat(expired.waitingJobs()).isEqualTo(2);
        assertThat(expired.oldestWaitingSince()).contains(held.leaseUntil());
        assertThat(expired.oldestAge(afterExpiry)).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void aJobReleasedForLaterIsNotWaitingUntilThen() {
        FanoutJob job = freshDeliver();
        jobs.enqueue(job);
        Instant start = Instant.now().truncatedTo(ChronoUnit.MILLIS).plusSeconds(1);
        Instant retryAt = start.plus(Duration.ofMinutes(10));
        jobs.release(claimOne("w1", start, job), retryAt);

        assertThat(jobs.backlog(retryAt.minusSeconds(1))).isEqualTo(FanoutBacklog.none());
        assertThat(jobs.backlog(retryAt.plusSeconds(1))).isEqualTo(new FanoutBacklog(1, Optional.of(retryAt)));
        jobs.complete(claimOne("w1", retryAt.plusSeconds(1), job));
        assertThat(jobs.backlog(retryAt.plusSeconds(2))).isEqualTo(FanoutBacklog.none());
    }
}

package io.feedline.ports.out;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.FanoutBacklog;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.JobLane;
import io.feedline.ports.model.PageToken;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The durable outbox of pending feed work. Jobs are leased: while one worker holds a job, no other
 * claims it; an expired lease makes the job claimable again, from its last checkpoint.
 */
public interface FanoutJobs {

    /**
     * Adds the job unless one with the same key is pending (idempotent), except that a
     * {@link FanoutJob.CountDelta} onto a pending one of its key adds its delta to that job's, leased
     * or not, which is how one user's toggles merge into one net change.
     */
    void enqueue(FanoutJob job);

    /**
     * Leases up to {@code max} jobs of {@code lane} that are unleased or whose lease expired before
     * {@code now} to {@code worker} until {@code now + lease}, those that have waited longest first.
     * Two concurrent claims never get the same job. The cost does not grow with the jobs that are
     * held or finished, nor with those waiting in the other lane (ADR-0021).
     */
    List<ClaimedJob> claim(JobLane lane, String worker, int max, Instant now, Duration lease);

    /** {@link #claim(JobLane, String, int, Instant, Duration)} of the {@link JobLane#FANOUT} lane. */
    default List<ClaimedJob> claim(String worker, int max, Instant now, Duration lease) {
        return claim(JobLane.FANOUT, worker, max, now, lease);
    }

    /**
     * Records how far the holder got and extends its lease to {@code now + lease}.
     *
     * @throws io.feedline.ports.model.FeedlineException.WriteConflict if the lease was lost
     */
    ClaimedJob checkpoint(ClaimedJob job, PageToken position, Instant now, Duration lease);

    /**
     * Extends the holder's lease to {@code now + lease} and keeps its checkpoint: for a job held
     * while others are worked first.
     *
     * @throws io.feedline.ports.model.FeedlineException.WriteConflict if the lease was lost
     */
    ClaimedJob renew(ClaimedJob job, Instant now, Duration lease);

    /**
     * Renews each of {@code held} as {@link #renew} does; an adapter may do it in fewer requests than
     * one per job. Returns, in the order given, each job as renewed, or empty where its lease was
     * lost (the job is then its new holder's).
     */
    default List<Optional<ClaimedJob>> renewAll(List<ClaimedJob> held, Instant now, Duration lease) {
        List<Optional<ClaimedJob>> renewed = new ArrayList<>(held.size());
        for (ClaimedJob job : held) {
            try {
                renewed.add(Optional.of(renew(job, now, lease)));
            } catch (FeedlineException.WriteConflict lost) {
                renewed.add(Optional.empty());
            }
        }
        return renewed;
    }

    /** Gives the job back, claimable again from {@code retryAt}; its checkpoint is kept. */
    void release(ClaimedJob job, Instant retryAt);

    /** Removes the finished job. A no-op if the lease was lost and another holder finished it. */
    void complete(ClaimedJob job);

    /**
     * Removes the finished jobs, each as {@link #complete} does; an adapter may do it in fewer
     * requests than one per job. A job whose lease was lost is left to its new holder, as there.
     */
    default void completeAll(List<ClaimedJob> finished) {
        finished.forEach(this::complete);
    }

    /** How many jobs are waiting or running. */
    int pending();

    /** The jobs of both lanes claimable at {@code now} that no worker holds, and how long the oldest has waited. */
    FanoutBacklog backlog(Instant now);
}

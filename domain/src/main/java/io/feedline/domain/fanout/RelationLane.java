package io.feedline.domain.fanout;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.JobLane;
import io.feedline.ports.out.FanoutJobs;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ExecutionException;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The worker of the relations lane (ADR-0021): it claims only the backfills and purges of follows,
 * unfollows, mutes and blocks, and works each claim's jobs side by side, on storage calls of its
 * own. A backlog of deliveries on the fan-out lane neither delays its claims nor takes its calls,
 * so a new follower's feed fills, and an unfollowed author's posts leave it, within moments.
 */
final class RelationLane {
    private static final Logger LOG = Logger.getLogger(RelationLane.class.getName());
    /** Jobs one claim takes. Relation changes are few and each job is small. */
    static final int JOBS_PER_CLAIM = 16;

    private final String workerId;
    private final FanoutJobs jobs;
    private final FeedPurges purges;
    private final FollowBackfill backfill;
    private final Clock clock;
    private final FanoutSettings settings;
    private final IdleWait idle;
    private final Retries retries;

    RelationLane(String workerId, FanoutJobs jobs, FeedPurges purges, FollowBackfill backfill, Clock clock,
            FanoutSettings settings) {
        this.workerId = workerId;
        this.jobs = jobs;
        this.purges = purges;
        this.backfill = backfill;
        this.clock = clock;
        this.settings = settings;
        this.idle = new IdleWait(settings.idlePoll());
        this.retries = new Retries(jobs, clock, "relations job", Runnable::run);
    }

    /** Claims one batch of the lane and works it. Returns how many jobs were completed. */
    int runOnce() {
        List<ClaimedJob> claimed = jobs.claim(JobLane.RELATIONS, workerId, JOBS_PER_CLAIM, clock.instant(), settings.jobLease());
        if (claimed.size() <= 1) {
            return claimed.isEmpty() || !work(claimed.getFirst()) ? 0 : 1;
        }
        int done = 0;
        try (ExecutorService side = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Boolean>> working = claimed.stream().map(job -> side.submit(() -> work(job))).toList();
            for (Future<Boolean> job : working) {
                done += awaited(job) ? 1 : 0;
            }
        }
        return done;
    }

    /**
     * Works the lane until {@code stop} says so. Between empty polls it sleeps unless woken, the
     * sleep doubling from the idle-poll interval up to {@value IdleWait#IDLE_POLL_GROWTH} times
     * it, as the fan-out's claiming does.
     */
    void runUntil(BooleanSupplier stop) {
        idle.reset();
        while (!stop.getAsBoolean()) {
            boolean found;
            try {
                found = runOnce() > 0;
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "relations lane poll failed", e);
                found = false;
            }
            if (found) {
                idle.reset();
                continue;
            }
            idle.awaitWork();
        }
    }

    /** Cuts the idle wait short. */
    void wake() {
        idle.wake();
    }

    /** Runs one relation job (a fan-out worker that claimed one from an older table runs it too). */
    void run(FanoutJob job) {
        switch (job) {
            case FanoutJob.Backfill follow -> backfill.backfill(follow);
            case FanoutJob.PurgeAuthor purge -> purges.purge(purge);
            case FanoutJob.PurgeEntity purge -> purges.purgeEntity(purge);
            default -> throw new IllegalStateException("not a relations-lane job: " + job.key());
        }
    }

    /** Runs and completes the job, or gives it back for a retry; true if it was completed. */
    private boolean work(ClaimedJob claimed) {
        try {
            run(claimed.job());
        } catch (RuntimeException failure) {
            retries.giveBack(claimed, failure);
            return false;
        }
        try {
            jobs.complete(claimed);
            return true;
        } catch (RuntimeException failure) {
            // Done but not removed: the lease runs out and the job is redone, which changes nothing.
            LOG.log(Level.WARNING, "could not complete " + claimed.job().key() + "; it will be redone", failure);
            return false;
        }
    }

    private static boolean awaited(Future<Boolean> job) {
        try {
            return job.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}

package io.feedline.domain.fanout;

import io.feedline.domain.fanout.ParallelTasks.Outcome;
import io.feedline.domain.fanout.ParallelTasks.Started;
import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.out.FanoutJobs;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Keeps the leases of a worker's jobs: every lease with half a lease or less left is renewed, all
 * in one call ({@link FanoutJobs#renewAll}), before each step, while a step's durable writes run,
 * and as a claim is taken. So no other worker takes over a job this one holds and has windowed,
 * nor one while its step writes it (ADR-0012). A job whose lease was lost anyway is dropped, left
 * to its new holder.
 */
final class LeaseKeeper {
    private static final Logger LOG = Logger.getLogger(LeaseKeeper.class.getName());
    private final FanoutJobs jobs;
    private final Clock clock;
    private final FanoutSettings settings;
    private final StorageCalls storage;
    private final HeldJobs held;

    LeaseKeeper(FanoutJobs jobs, Clock clock, FanoutSettings settings, StorageCalls storage, HeldJobs held) {
        this.jobs = jobs;
        this.clock = clock;
        this.settings = settings;
        this.storage = storage;
        this.held = held;
    }

    /**
     * Renews the leases of those of {@code heldNow} (the jobs held before a step, the step's own
     * included, or those a claim just took) that would run out within half a lease. Returns the jobs
     * whose lease was lost anyway: they are dropped.
     */
    Set<DeliveryRun> renewDue(List<DeliveryRun> heldNow) {
        Instant now = clock.instant();
        Instant soon = now.plus(settings.jobLease().dividedBy(2));
        List<DeliveryRun> due = heldNow.stream().filter(run -> run.claimed.leaseUntil().isBefore(soon)).toList();
        if (due.isEmpty()) {
            return Set.of();
        }
        List<Optional<ClaimedJob>> renewed;
        try {
            renewed = storage.call(() -> jobs.renewAll(due.stream().map(run -> run.claimed).toList(), now, settings.jobLease()));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "could not renew the leases on " + due.size()
                    + " jobs; those that run out are redone by a takeover", e);
            return Set.of();
        }
        Set<DeliveryRun> lost = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < due.size(); i++) {
            DeliveryRun run = due.get(i);
            if (renewed.get(i).isPresent()) {
                run.claimed = renewed.get(i).get();
            } else {
                LOG.log(Level.INFO, "lease on {0} was taken over; leaving it to the new holder", run.claimed.job().key());
                run.lost = true;
                held.drop(run);
                lost.add(run);
            }
        }
        return lost;
    }

    /**
     * Waits for a step's durable writes, renewing meanwhile the leases that are due of every job
     * held, the step's own included (every idle-poll interval, or a quarter of a lease if that is
     * shorter): a step that outlasts half a lease would otherwise let them run out before the next
     * step renews them. The writes do not touch the jobs' leases, and only the stepping thread renews
     * held jobs, so no renewal races another write of the same job.
     */
    <T> List<Outcome<T>> awaitRenewing(Started<T> started) {
        Duration tick = settings.idlePoll().compareTo(settings.jobLease().dividedBy(4)) < 0
                ? settings.idlePoll() : settings.jobLease().dividedBy(4);
        for (Thread thread : started.threads()) {
            try {
                while (!thread.join(tick)) {
                    renewDue(held.now());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while fanning out", e);
            }
        }
        return started.outcomes();
    }
}

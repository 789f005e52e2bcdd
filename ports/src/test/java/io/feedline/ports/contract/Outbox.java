package io.feedline.ports.contract;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.JobLane;
import io.feedline.ports.out.FanoutJobs;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Test moves on the outbox. The outbox is global (a claim hands out any pending job), so a store
 * shared with other tests may hold their jobs. Before a test looks at claims it parks every job
 * already there: it leases them, for a century, to a worker nobody else uses. Tests then compare
 * {@code pending()} as a difference and look only at their own jobs.
 */
final class Outbox {
    static final String PARKING_WORKER = "contract-parking";
    // Every test keeps its clock moves well within this horizon, so no parked job comes back.
    static final Duration HORIZON = Duration.ofDays(1);
    private static final Duration CENTURY = Duration.ofDays(36_500);
    private static final int MAX_ROUNDS = 10_000;

    private Outbox() {}

    /** Leases every job of either lane claimable now or within the horizon to the parking worker. */
    static void parkForeignJobs(FanoutJobs jobs, Instant now) {
        Instant later = now.plus(HORIZON);
        for (JobLane lane : JobLane.values()) {
            parkLane(jobs, lane, later);
        }
    }

    private static void parkLane(FanoutJobs jobs, JobLane lane, Instant later) {
        for (int round = 0; round < MAX_ROUNDS; round++) {
            if (jobs.claim(lane, PARKING_WORKER, 100, later, CENTURY).isEmpty()) {
                return;
            }
        }
        throw new AssertionError("the outbox kept handing out jobs: does claim lease them?");
    }

    /**
     * Claims each lane until nothing is left at {@code now}, and returns the claims on the given
     * jobs.
     */
    static List<ClaimedJob> claimAll(FanoutJobs jobs, String worker, Instant now, Duration lease,
            Collection<? extends FanoutJob> mine) {
        Set<String> keys = mine.stream().map(FanoutJob::key).collect(Collectors.toSet());
        List<ClaimedJob> claimed = new ArrayList<>();
        for (JobLane lane : JobLane.values()) {
            claimed.addAll(claimLane(jobs, lane, worker, now, lease));
        }
        return claimed.stream().filter(c -> keys.contains(c.job().key())).toList();
    }

    private static List<ClaimedJob> claimLane(FanoutJobs jobs, JobLane lane, String worker, Instant now, Duration lease) {
        List<ClaimedJob> claimed = new ArrayList<>();
        for (int round = 0; round < MAX_ROUNDS; round++) {
            List<ClaimedJob> batch = jobs.claim(lane, worker, 100, now, lease);
            if (batch.isEmpty()) {
                return claimed;
            }
            claimed.addAll(batch);
        }
        throw new AssertionError("the outbox kept handing out jobs: does claim lease them?");
    }
}

package io.feedline.domain.fanout;

import java.time.Duration;

/**
 * How many jobs a worker holds, from the pace its steps keep (ADR-0012). Pure: the pace in, the
 * hold out, so its rules are tested without a worker.
 *
 * <p>A worker holds one step's worth ({@link FanoutSettings#jobsPerClaim()}), and as many more
 * steps' worth, up to {@value #STEPS_HELD} in all, as keep the lease renewals of the jobs waiting
 * behind the steps under {@value #RENEWAL_SHARE_PERCENT}% of the feed items the steps write
 * meanwhile, at their recent pace. A job waiting is renewed about once per half a lease, so a long
 * lease or steps that write many items each (a burst's posts, all held and windowed ahead of the
 * durable writes) allow the whole hold, while a short lease on a slow engine allows little more
 * than the step's own jobs (holding more only added renewals to a busy engine: the many-instance
 * proof with four busy loops saw them outlast their leases, ADR-0012).
 */
final class HoldPolicy {
    /**
     * Steps' worth of jobs a worker holds: it claims up to this many times {@link
     * FanoutSettings#jobsPerClaim()}, windows each delivery's first page as it takes it, and writes
     * the durable items one step of {@link FanoutSettings#jobsPerClaim()} jobs at a time.
     */
    static final int STEPS_HELD = 8;
    /** The lease renewals of the jobs a worker holds, at most, in percent of the feed items it writes. */
    static final int RENEWAL_SHARE_PERCENT = 10;

    private HoldPolicy() {}

    /**
     * How long a step has taken lately, on the clock, and how many feed items it wrote (averages in
     * which each sample weighs a quarter), 0 before the first; and the steps not yet in a sample.
     * A sample is at least a step's worth of jobs (see {@link #noted}).
     */
    record Pace(long stepMillis, long stepItems, long unsampledMillis, long unsampledItems, int unsampledJobs) {
        static final Pace NONE = new Pace(0, 0, 0, 0, 0);

        /**
         * This pace with a step added: {@code took}, the time it took less the time its durable
         * writes waited for window passes (the claims' pace, not the writes'), and the feed items it
         * wrote. Steps of fewer jobs than {@code batch} add up until they make a step's worth, and
         * only then make a sample: a burst's first step, taken as soon as a claim's first two jobs
         * were held, waited 8.7 s for the claims' window pass and then took 7 s more to write their
         * 202 items behind those claims; alone, it cut the hold to one step's worth, which stopped
         * the claims, and with them the burst's hot windows, for seconds (ADR-0012).
         */
        Pace noted(Duration took, long items, int jobs, int batch) {
            long millis = unsampledMillis + Math.max(0, took.toMillis());
            long itemsNow = unsampledItems + items;
            int jobsNow = unsampledJobs + jobs;
            if (jobsNow < batch) {
                return new Pace(stepMillis, stepItems, millis, itemsNow, jobsNow);
            }
            long sample = Math.max(1, millis);
            return stepMillis == 0
                    ? new Pace(sample, itemsNow, 0, 0, 0)
                    : new Pace((3 * stepMillis + sample) / 4, (3 * stepItems + itemsNow) / 4, 0, 0, 0);
        }
    }

    /** The most jobs to hold at {@code pace}, with steps of {@code batch} jobs and leases of {@code lease}. */
    static int limit(Pace pace, int batch, Duration lease) {
        if (pace.stepMillis() == 0) {
            return batch * STEPS_HELD;
        }
        // Each step's worth waiting costs batch * pace / halfLease renewals in the time of a step,
        // which writes stepItems feed items.
        long halfLease = Math.max(1, lease.toMillis() / 2);
        long waitingSteps = pace.stepItems() * halfLease * RENEWAL_SHARE_PERCENT / (100L * batch * pace.stepMillis());
        return batch * (int) Math.clamp(1 + waitingSteps, 1, STEPS_HELD);
    }
}

package io.feedline.domain.fanout;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.out.FanoutJobs;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Gives a failed job back for a retry after its backoff, for both lanes (ADR-0021). */
final class Retries {
    private static final Logger LOG = Logger.getLogger(Retries.class.getName());
    private static final Duration MAX_BACKOFF = Duration.ofMinutes(5);

    private final FanoutJobs jobs;
    private final Clock clock;
    private final String kind;
    private final Consumer<Runnable> calls;

    /** {@code kind} names the lane's jobs in the log; {@code calls} runs the release (within a bound on calls, or not). */
    Retries(FanoutJobs jobs, Clock clock, String kind, Consumer<Runnable> calls) {
        this.jobs = jobs;
        this.clock = clock;
        this.kind = kind;
        this.calls = calls;
    }

    /** Releases the job to be claimable after its backoff, unless its lease was taken over (then it is the new holder's). */
    void giveBack(ClaimedJob claimed, RuntimeException failure) {
        if (failure instanceof FeedlineException.WriteConflict) {
            LOG.log(Level.INFO, "lease on {0} was taken over; leaving it to the new holder", claimed.job().key());
            return;
        }
        Instant retryAt = clock.instant().plus(backoff(claimed.attempts()));
        LOG.log(Level.WARNING, kind + " " + claimed.job().key() + " failed; retrying at " + retryAt, failure);
        try {
            calls.accept(() -> jobs.release(claimed, retryAt));
        } catch (RuntimeException releaseFailed) {
            LOG.log(Level.WARNING, "could not release " + claimed.job().key() + "; its lease will expire", releaseFailed);
        }
    }

    /** How long a failed job waits before it is claimable again: doubling from a second, up to five minutes. */
    static Duration backoff(int attempts) {
        long seconds = 1L << Math.min(Math.max(attempts - 1, 0), 8);
        Duration backoff = Duration.ofSeconds(seconds);
        return backoff.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff;
    }
}

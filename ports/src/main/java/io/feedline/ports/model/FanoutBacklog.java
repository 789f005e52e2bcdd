package io.feedline.ports.model;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How far behind the outbox is: the jobs that are claimable but not yet claimed, and since when
 * the one that has waited longest has been claimable (its enqueue time, or the end of the lease or
 * backoff that made it claimable again). Jobs a worker holds are not waiting.
 */
public record FanoutBacklog(long waitingJobs, Optional<Instant> oldestWaitingSince) {
    public FanoutBacklog {
        Objects.requireNonNull(oldestWaitingSince, "oldestWaitingSince");
        if (waitingJobs < 0) {
            throw new IllegalArgumentException("waitingJobs must not be negative");
        }
    }

    public static FanoutBacklog none() {
        return new FanoutBacklog(0, Optional.empty());
    }

    /** How long the oldest waiting job has waited at {@code now}; zero when nothing waits. */
    public Duration oldestAge(Instant now) {
        return oldestWaitingSince.map(since -> Duration.between(since, now))
                .filter(age -> !age.isNegative())
                .orElse(Duration.ZERO);
    }
}

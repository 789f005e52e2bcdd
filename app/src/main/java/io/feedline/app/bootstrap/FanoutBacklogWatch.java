package io.feedline.app.bootstrap;

import io.feedline.ports.model.FanoutBacklog;
import io.feedline.ports.out.FanoutJobs;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fan-out backlog as operators see it: how many outbox jobs wait for a worker and how long the
 * oldest has waited, on {@code /metrics} always and on {@code /health} as DEGRADED past
 * {@code fanout.backlog-threshold}. One reading serves every scrape and health check within a
 * second, so watching costs the outbox a few queries a second at most. Crossing the threshold is
 * logged, once each way.
 */
final class FanoutBacklogWatch {
    private static final Logger LOG = LoggerFactory.getLogger(FanoutBacklogWatch.class);
    private static final Duration FRESH_FOR = Duration.ofSeconds(1);

    private final FanoutJobs jobs;
    private final Clock clock;
    private final Duration threshold;
    private Instant readAt = Instant.MIN;
    private FanoutBacklog last = FanoutBacklog.none();
    private boolean degraded;

    FanoutBacklogWatch(FanoutJobs jobs, Clock clock, Duration threshold) {
        this.jobs = jobs;
        this.clock = clock;
        this.threshold = threshold;
    }

    /** The latest reading, at most a second old; the previous one if the outbox cannot be read now. */
    synchronized FanoutBacklog current() {
        Instant now = clock.instant();
        if (Duration.between(readAt, now).compareTo(FRESH_FOR) >= 0) {
            readAt = now;
            try {
                last = jobs.backlog(now);
            } catch (RuntimeException e) {
                LOG.debug("fan-out backlog not read: {}", e.getMessage());
            }
            noteCrossing(now);
        }
        return last;
    }

    double waitingJobs() {
        return current().waitingJobs();
    }

    double oldestAgeSeconds() {
        return current().oldestAge(clock.instant()).toMillis() / 1000.0;
    }

    /** Why the fan-out counts as degraded now, or empty when it keeps up. */
    Optional<String> degradedBecause() {
        FanoutBacklog backlog = current();
        Duration age = backlog.oldestAge(clock.instant());
        if (age.compareTo(threshold) <= 0) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT,
                "fan-out backlog: %d jobs waiting, the oldest for %.1f s (threshold %.1f s)",
                backlog.waitingJobs(), age.toMillis() / 1000.0, threshold.toMillis() / 1000.0));
    }

    private void noteCrossing(Instant now) {
        boolean over = last.oldestAge(now).compareTo(threshold) > 0;
        if (over && !degraded) {
            LOG.warn("fan-out is behind: {} jobs waiting, the oldest for {} ms (fanout.backlog-threshold {}); "
                    + "add `feedline worker` processes or raise worker.in-process", last.waitingJobs(),
                    last.oldestAge(now).toMillis(), threshold);
        } else if (!over && degraded) {
            LOG.info("fan-out caught up: {} jobs waiting", last.waitingJobs());
        }
        degraded = over;
    }
}

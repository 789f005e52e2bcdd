package io.feedline.app.http;

import io.feedline.app.http.Representations.Health;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engines' state as {@code /health} and {@code /health/ready} report it: probed on a thread of
 * its own every {@code interval}, and read by requests from the last result, so a request never
 * waits on an engine and a flood of health checks costs the engines nothing more. A probe that
 * hangs (each ping is bounded by {@code probeTimeout}, a degradation check is not) leaves the last
 * result standing; readiness refuses a result older than {@link #staleAfter()}.
 */
final class HealthReports implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HealthReports.class);

    /** One probe's answer, and when it was made. */
    record Report(int status, Health health, long madeAtNanos) {}

    private final List<EngineProbe> probes;
    private final List<DegradationCheck> degradations;
    private final Duration probeTimeout;
    private final Duration interval;
    private final ScheduledExecutorService refresher = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("health-probe").daemon().factory());
    private volatile Report last;

    HealthReports(List<EngineProbe> probes, List<DegradationCheck> degradations, Duration probeTimeout, Duration interval) {
        this.probes = List.copyOf(probes);
        this.degradations = List.copyOf(degradations);
        this.probeTimeout = probeTimeout;
        this.interval = interval;
    }

    /**
     * Probes once, waiting for it up to {@code probeTimeout} and a little more, so a server that
     * starts listening answers from a real probe; then probes every {@code interval} after the last
     * one ended.
     */
    void start() {
        Future<?> first = refresher.submit(this::refresh);
        try {
            first.get(probeTimeout.toMillis() + 1_000, TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            LOG.warn("the first health probe did not finish; /health answers without it until one does");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        refresher.scheduleWithFixedDelay(this::refresh, interval.toNanos(), interval.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** The last probe's result; empty before the first has finished. */
    Optional<Report> last() {
        return Optional.ofNullable(last);
    }

    /** How old a result readiness still vouches for: past it, the probe is stuck. */
    Duration staleAfter() {
        return interval.plus(probeTimeout.multipliedBy(2)).plusSeconds(1);
    }

    @Override
    public void close() {
        refresher.shutdownNow();
    }

    private void refresh() {
        try {
            last = probe();
        } catch (RuntimeException e) {
            // A failed probe must not end the schedule: the next one may succeed.
            LOG.warn("health probe failed", e);
        }
    }

    /**
     * Pings every engine at once; an engine of record that fails or does not answer in time makes the
     * whole a 503, a cache that does makes it DEGRADED.
     */
    private Report probe() {
        Map<String, Health.Component> components = new LinkedHashMap<>();
        boolean up = true;
        boolean cacheDown = false;
        // Not try-with-resources: closing would wait for a ping that hangs, which is what the deadline prevents.
        ExecutorService pings = Executors.newVirtualThreadPerTaskExecutor();
        try {
            List<Future<?>> running = new ArrayList<>();
            for (EngineProbe probe : probes) {
                running.add(pings.submit(probe.ping()));
            }
            long deadline = System.nanoTime() + probeTimeout.toNanos();
            for (int i = 0; i < probes.size(); i++) {
                EngineProbe probe = probes.get(i);
                Future<?> ping = running.get(i);
                try {
                    ping.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                    components.put(probe.component(), new Health.Component("UP", null));
                } catch (ExecutionException | TimeoutException e) {
                    LOG.warn("health probe {} failed", probe.component(), e instanceof ExecutionException ? e.getCause() : e);
                    String why = e instanceof TimeoutException ? "no answer within " + probeTimeout.toMillis() + " ms" : "unreachable";
                    if (probe.cache()) {
                        // Served from the engines of record meanwhile: slower, not broken.
                        cacheDown = true;
                        components.put(probe.component(), new Health.Component("DEGRADED",
                                why + "; a cache: reads go to the engines of record until it is back"));
                    } else {
                        up = false;
                        components.put(probe.component(), new Health.Component("DOWN", why));
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    up = false;
                    components.put(probe.component(), new Health.Component("DOWN", "interrupted"));
                }
            }
        } finally {
            pings.shutdownNow();
        }
        boolean degraded = up && (degraded(components) | cacheDown);
        return new Report(up ? 200 : 503, new Health(up ? (degraded ? "DEGRADED" : "UP") : "DOWN", components), System.nanoTime());
    }

    /** Adds each degraded check to {@code components}; true if any is. A check that fails counts as not degraded. */
    private boolean degraded(Map<String, Health.Component> components) {
        boolean any = false;
        for (DegradationCheck check : degradations) {
            Optional<String> because;
            try {
                because = check.degradedBecause().get();
            } catch (RuntimeException e) {
                LOG.warn("health check {} failed", check.component(), e);
                continue;
            }
            if (because.isPresent()) {
                components.put(check.component(), new Health.Component("DEGRADED", because.get()));
                any = true;
            }
        }
        return any;
    }
}

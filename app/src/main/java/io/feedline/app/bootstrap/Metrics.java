package io.feedline.app.bootstrap;

import io.feedline.adapter.dynamodb.CapacityListener;
import io.feedline.domain.CacheFailures;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The process's meters: the JVM's, the HTTP layer's (registered there), DynamoDB capacity per access
 * pattern and the fan-out lag.
 */
final class Metrics implements AutoCloseable {
    static final String CAPACITY = "feedline.dynamodb.capacity.units";
    static final String REQUESTS = "feedline.dynamodb.requests";
    static final String REQUEST_DURATION = "feedline.dynamodb.request.duration";
    static final String FANOUT_LAG = "feedline.fanout.lag";
    static final String FANOUT_BACKLOG = "feedline.fanout.backlog.jobs";
    static final String FANOUT_OLDEST_AGE = "feedline.fanout.oldest.job.age";
    static final String TIMELINE_WRITE_FAILURES = "feedline.timeline.write.failures";
    static final String POST_CACHE_FAILURES = "feedline.post.cache.failures";
    static final String STREAMS = "feedline.mastodon.streams";
    static final String SLOW_STREAMS = "feedline.mastodon.streams.dropped.slow";

    final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final JvmGcMetrics gc = new JvmGcMetrics();
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();
    private final Map<String, Timer> requestTimers = new ConcurrentHashMap<>();
    private final Timer fanoutLag;
    /**
     * The state objects of the function meters below. Micrometer holds a meter's state weakly, and
     * a supplier made for the call (a method reference) was collected at the next GC: the gauge
     * then read NaN and the counters stood still. Kept here, they live as long as the registry.
     */
    private final List<Object> meterStates = new CopyOnWriteArrayList<>();

    Metrics() {
        new ClassLoaderMetrics().bindTo(registry);
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        gc.bindTo(registry);
        fanoutLag = Timer.builder(FANOUT_LAG)
                .description("Time from a post's publication to the end of its fan-out")
                .publishPercentileHistogram()
                .register(registry);
    }

    /**
     * The DynamoDB adapter reports each request's consumed capacity here, named by access pattern,
     * and how long it took as the client saw it (the engine's queue and retries included).
     */
    CapacityListener capacity() {
        return new CapacityListener() {
            @Override
            public void consumed(String accessPattern, double readUnits, double writeUnits) {
                counter(REQUESTS, accessPattern, null).increment();
                if (readUnits > 0) {
                    counter(CAPACITY, accessPattern, "read").increment(readUnits);
                }
                if (writeUnits > 0) {
                    counter(CAPACITY, accessPattern, "write").increment(writeUnits);
                }
            }

            @Override
            public void consumed(String accessPattern, double readUnits, double writeUnits, long nanos) {
                consumed(accessPattern, readUnits, writeUnits);
                requestTimer(accessPattern).record(nanos, TimeUnit.NANOSECONDS);
            }
        };
    }

    private Timer requestTimer(String accessPattern) {
        return requestTimers.computeIfAbsent(accessPattern, pattern -> Timer.builder(REQUEST_DURATION)
                .tag("access_pattern", pattern)
                .description("DynamoDB request time as the client saw it, by access pattern")
                .register(registry));
    }

    /** The outbox backlog gauges: jobs waiting for a worker, and how long the oldest has waited. */
    void watchFanoutBacklog(FanoutBacklogWatch watch) {
        Gauge.builder(FANOUT_BACKLOG, watch, FanoutBacklogWatch::waitingJobs)
                .description("Fan-out jobs claimable now that no worker holds")
                .register(registry);
        Gauge.builder(FANOUT_OLDEST_AGE, watch, FanoutBacklogWatch::oldestAgeSeconds)
                .description("How long the longest-waiting fan-out job has waited for a worker")
                .baseUnit("seconds")
                .register(registry);
    }

    /** The Mastodon streaming connections open now, and those dropped for not keeping up with their stream. */
    void watchStreams(java.util.function.IntSupplier open, java.util.function.LongSupplier droppedSlow) {
        Gauge.builder(STREAMS, kept(open), supplier -> supplier.getAsInt())
                .description("Mastodon streaming connections (WebSocket and server-sent events) open in this process")
                .register(registry);
        FunctionCounter.builder(SLOW_STREAMS, kept(droppedSlow), java.util.function.LongSupplier::getAsLong)
                .description("Streaming connections dropped because their client did not keep up (its send queue filled)")
                .register(registry);
    }

    /** The caches' failures, which never fail a request and so show only here (and, rate-limited, in the log). */
    void watchCacheFailures(Supplier<CacheFailures> failures) {
        kept(failures);
        FunctionCounter.builder(TIMELINE_WRITE_FAILURES, failures, f -> f.get().timelineWrites())
                .description("Hot-window writes that failed; the reader's window was evicted or distrusted")
                .register(registry);
        FunctionCounter.builder(POST_CACHE_FAILURES, failures, f -> f.get().postCacheReads())
                .tag("operation", "read")
                .description("Post cache operations that failed; reads were answered from DynamoDB")
                .register(registry);
        FunctionCounter.builder(POST_CACHE_FAILURES, failures, f -> f.get().postCacheWrites())
                .tag("operation", "write")
                .description("Post cache operations that failed; reads were answered from DynamoDB")
                .register(registry);
    }

    private <T> T kept(T state) {
        meterStates.add(state);
        return state;
    }

    void fanoutDelivered(Duration lag) {
        fanoutLag.record(lag);
    }

    private Counter counter(String name, String accessPattern, String kind) {
        return counters.computeIfAbsent(name + '|' + accessPattern + '|' + kind, key -> {
            Counter.Builder builder = Counter.builder(name).tag("access_pattern", accessPattern);
            if (kind != null) {
                builder.tag("kind", kind).description("DynamoDB capacity units consumed, by access pattern");
            } else {
                builder.description("DynamoDB requests, by access pattern");
            }
            return builder.register(registry);
        });
    }

    @Override
    public void close() {
        gc.close();
        registry.close();
    }
}

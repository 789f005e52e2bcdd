package io.feedline.adapter.redis;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.out.RateLimitBuckets;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.EstimationProbe;
import io.github.bucket4j.TimeMeter;
import io.github.bucket4j.distributed.BucketProxy;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.github.bucket4j.distributed.proxy.optimization.DelayParameters;
import io.github.bucket4j.distributed.proxy.optimization.Optimizations;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Rate-limit buckets in Redis, shared by every server process on the same server and key prefix:
 * bucket4j's compare-and-swap buckets over Lettuce, one string per limit and key
 * ({@code <prefix>rl:<limit>:<key>}), each expiring once it would have refilled to full.
 *
 * <p>It opens a client of its own from the same {@link RedisSettings} as the caches (a server or a
 * cluster, as {@code redis.uri} says; one key per bucket, so any slot will do), so its
 * connection's life is its own. A server that is down when this starts, or that goes away later,
 * costs a fast {@link FeedlineException.StorageUnavailable} per call (commands are rejected while
 * disconnected, not queued), and the connection is tried again in the background (Lettuce's
 * reconnect) or, if it was never made, on a call at most once per {@link #RECONNECT_INTERVAL}.
 *
 * <p>A bucket of at least {@link #UNSYNCED_SHARE} tokens is answered in the process first (bucket4j's
 * delaying optimization over a bucket kept per limit and key): a process takes up to a
 * {@code 1/UNSYNCED_SHARE} of the bucket, or answers for at most {@link #SYNC_EVERY}, from what it last
 * read, then charges what it took and reads the bucket again in one compare-and-swap. A busy caller
 * costs Redis about one exchange a second instead of one a request; the price is that N processes
 * may together let through up to N times that share more than the limit, and that a process which
 * took its share may refuse for up to {@link #SYNC_EVERY} what another process has given back. A
 * smaller bucket (the credential and failed-login limits) asks Redis on every call and holds exactly.
 */
public final class RedisRateLimitBuckets implements RateLimitBuckets, AutoCloseable {
    static final String COMPONENT = "rate-limits";
    /** How often a call tries to open a connection that could not be opened. */
    static final Duration RECONNECT_INTERVAL = Duration.ofSeconds(1);
    /** A bucket outlives its refill by this much, so a key is never dropped while it still limits. */
    private static final Duration KEEP_AFTER_REFILL = Duration.ofSeconds(10);
    private static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration TOPOLOGY_REFRESH = Duration.ofSeconds(30);
    /** A process may take this fraction of a bucket (1/20: 5%) before it tells Redis. */
    static final long UNSYNCED_SHARE = 20;
    /** The longest a process answers from what it last read of a bucket. */
    static final Duration SYNC_EVERY = Duration.ofSeconds(1);
    /** Buckets kept for answering in the process; one pushed out first charges what it took. */
    static final long KEPT_BUCKETS = 10_000;
    /** A kept bucket nobody used for this long is dropped (after charging what it took). */
    private static final Duration KEEP_IDLE = Duration.ofMinutes(1);

    private final RedisSettings settings;
    private final TimelineKeys keys;
    private final AbstractRedisClient client;
    private final LongSupplier nanoTime;
    /** What the buckets refill by; bucket4j reads it in milliseconds, as its default does. */
    private final TimeMeter refillClock;
    private final Map<Limit, BucketConfiguration> configurations = new ConcurrentHashMap<>();
    /** The buckets answered in the process first, each with what it took since it last asked Redis. */
    private final Cache<KeptKey, BucketProxy> kept = Caffeine.newBuilder()
            .maximumSize(KEPT_BUCKETS)
            .expireAfterAccess(KEEP_IDLE)
            // Charged in the thread that removes it, so that close() has charged every bucket when it returns.
            .executor(Runnable::run)
            .removalListener((KeptKey key, BucketProxy bucket, RemovalCause cause) -> {
                if (bucket != null && cause != RemovalCause.REPLACED) {
                    chargeWhatWasTaken(bucket);
                }
            })
            .build();
    private final Object connecting = new Object();
    private volatile Connected connected;
    private long lastAttempt;
    private boolean attempted;
    private volatile boolean closed;

    private record Connected(StatefulConnection<String, byte[]> connection, ProxyManager<String> buckets) {}

    private record KeptKey(Limit limit, String key) {}

    private RedisRateLimitBuckets(RedisSettings settings, LongSupplier nanoTime, Clock clock) {
        this.settings = settings;
        this.keys = new TimelineKeys(settings.keyPrefix());
        this.nanoTime = nanoTime;
        this.refillClock = new TimeMeter() {
            @Override
            public long currentTimeNanos() {
                return clock.millis() * 1_000_000;
            }

            @Override
            public boolean isWallClockBased() {
                // Processes on other hosts share each bucket: its state holds wall-clock times.
                return true;
            }
        };
        this.client = switch (RedisTarget.parse(settings.uri())) {
            case RedisTarget.Standalone standalone -> {
                RedisURI uri = standalone.uri();
                uri.setTimeout(settings.commandTimeout());
                RedisClient server = RedisClient.create(uri);
                server.setOptions(clientOptions(ClientOptions.builder(), settings).build());
                yield server;
            }
            case RedisTarget.Cluster cluster -> {
                cluster.seeds().forEach(seed -> seed.setTimeout(settings.commandTimeout()));
                RedisClusterClient nodes = RedisClusterClient.create(cluster.seeds());
                // A bucket's key moves with its slot: follow the topology as the caches' link does.
                // Node connections open lazily, and rejecting commands while one opens would refuse
                // the first calls to each master: here a call waits for it, bounded by the command
                // timeout, and a cluster that is away costs that timeout before the fallback.
                nodes.setOptions(clientOptions(ClusterClientOptions.builder(), settings)
                        .disconnectedBehavior(ClientOptions.DisconnectedBehavior.ACCEPT_COMMANDS)
                        .topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
                                .enableAllAdaptiveRefreshTriggers()
                                .enablePeriodicRefresh(TOPOLOGY_REFRESH)
                                .build())
                        .build());
                yield nodes;
            }
        };
    }

    private static <B extends ClientOptions.Builder> B clientOptions(B builder, RedisSettings settings) {
        builder.socketOptions(SocketOptions.builder().connectTimeout(settings.connectTimeout()).build())
                .timeoutOptions(TimeoutOptions.enabled(settings.commandTimeout()))
                // A limit check must answer at once while Redis is away: the caller falls back.
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .autoReconnect(true);
        return builder;
    }

    /**
     * Buckets on the Redis {@code settings} name, with its key prefix and time bounds. Tries to connect
     * at once, but a Redis that does not answer yet is no error here: calls fail as unavailable until
     * it does.
     *
     * @throws IllegalArgumentException if the URI is malformed
     */
    public static RedisRateLimitBuckets open(RedisSettings settings) {
        return open(settings, Clock.systemUTC());
    }

    /** As {@link #open(RedisSettings)}, with buckets that refill by {@code clock}. */
    static RedisRateLimitBuckets open(RedisSettings settings, Clock clock) {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(clock, "clock");
        RedisRateLimitBuckets buckets = new RedisRateLimitBuckets(settings, System::nanoTime, clock);
        try {
            buckets.connection();
        } catch (FeedlineException.StorageUnavailable notYet) {
            // Calls retry the connection; until then they fail fast and the caller decides.
        }
        return buckets;
    }

    @Override
    public Duration take(Limit limit, String key) {
        try {
            ConsumptionProbe probe = bucket(limit, key).tryConsumeAndReturnRemaining(1);
            return probe.isConsumed() ? Duration.ZERO : atLeastOneNano(probe.getNanosToWaitForRefill());
        } catch (FeedlineException.StorageUnavailable e) {
            throw e;
        } catch (RuntimeException e) {
            throw unavailable("take", e);
        }
    }

    @Override
    public Duration available(Limit limit, String key) {
        try {
            EstimationProbe probe = bucket(limit, key).estimateAbilityToConsume(1);
            return probe.canBeConsumed() ? Duration.ZERO : atLeastOneNano(probe.getNanosToWaitForRefill());
        } catch (FeedlineException.StorageUnavailable e) {
            throw e;
        } catch (RuntimeException e) {
            throw unavailable("available", e);
        }
    }

    private BucketProxy bucket(Limit limit, String key) {
        BucketConfiguration configuration = configurations.computeIfAbsent(limit, RedisRateLimitBuckets::configuration);
        Connected connection = connection();
        long share = limit.requests() / UNSYNCED_SHARE;
        if (share == 0) {
            return connection.buckets().builder().build(keys.rateLimit(limit.name(), key), () -> configuration);
        }
        return kept.get(new KeptKey(limit, key), k -> connection.buckets().builder()
                .withOptimization(Optimizations.delaying(new DelayParameters(share, SYNC_EVERY)))
                .build(keys.rateLimit(limit.name(), key), () -> configuration));
    }

    /** Tells Redis what a kept bucket took since it last asked; a Redis that is away loses that much. */
    private static void chargeWhatWasTaken(BucketProxy bucket) {
        try {
            bucket.getOptimizationController().syncImmediately();
        } catch (RuntimeException e) {
            // At most the bucket's unsynchronized share goes uncharged, the same bound as while it was kept.
        }
    }

    private static BucketConfiguration configuration(Limit limit) {
        return BucketConfiguration.builder()
                .addLimit(Bandwidth.builder().capacity(limit.requests()).refillGreedy(limit.requests(), limit.period()).build())
                .build();
    }

    /** The open connection, opening it if that was not tried within the last {@link #RECONNECT_INTERVAL}. */
    private Connected connection() {
        Connected open = connected;
        if (open != null) {
            return open;
        }
        synchronized (connecting) {
            if (connected != null) {
                return connected;
            }
            if (closed) {
                throw new FeedlineException.StorageUnavailable(COMPONENT, "closed", null);
            }
            long now = nanoTime.getAsLong();
            if (attempted && now - lastAttempt < RECONNECT_INTERVAL.toNanos()) {
                throw new FeedlineException.StorageUnavailable(COMPONENT, "not connected (retried every "
                        + RECONNECT_INTERVAL.toSeconds() + "s)", null);
            }
            attempted = true;
            lastAttempt = now;
            try {
                RedisCodec<String, byte[]> codec = RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE);
                Bucket4jLettuce.LettuceBasedProxyManagerBuilder<String> builder;
                StatefulConnection<String, byte[]> connection;
                if (client instanceof RedisClusterClient nodes) {
                    StatefulRedisClusterConnection<String, byte[]> cluster = nodes.connect(codec);
                    connection = cluster;
                    builder = Bucket4jLettuce.casBasedBuilder(cluster);
                } else {
                    StatefulRedisConnection<String, byte[]> server = ((RedisClient) client).connect(codec);
                    connection = server;
                    builder = Bucket4jLettuce.casBasedBuilder(server);
                }
                ProxyManager<String> buckets = builder
                        .clientClock(refillClock)
                        .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(KEEP_AFTER_REFILL))
                        .requestTimeout(settings.commandTimeout())
                        .build();
                connected = new Connected(connection, buckets);
                return connected;
            } catch (RuntimeException e) {
                throw unavailable("connect", e);
            }
        }
    }

    private static Duration atLeastOneNano(long nanos) {
        return Duration.ofNanos(Math.max(1, nanos));
    }

    private static FeedlineException.StorageUnavailable unavailable(String operation, Throwable cause) {
        String reason = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return new FeedlineException.StorageUnavailable(COMPONENT, operation + " failed: " + reason, cause);
    }

    @Override
    public void close() {
        synchronized (connecting) {
            if (closed) {
                return;
            }
            closed = true;
            if (connected != null) {
                kept.invalidateAll();
                kept.cleanUp();
                connected.connection().close();
            }
        }
        client.shutdown(Duration.ZERO, SHUTDOWN_TIMEOUT);
    }

    @Override
    public String toString() {
        return "RedisRateLimitBuckets[" + settings + "]";
    }
}

package io.feedline.adapter.redis;

import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.RedisException;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.resource.NettyCustomizer;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The one connection to Redis, a single server or a cluster, behind one face: what the caches send
 * goes through {@link #current()}. Redis is a cache, so it need not be there at start: if the first
 * connect fails, the link keeps trying in the background (every {@link #RETRY_EVERY}) and every
 * call fails fast as unavailable meanwhile, which callers treat as a miss. Once connected, Lettuce
 * reconnects by itself after an outage; on a cluster it also follows the topology (periodically,
 * and at once on a redirect, a reconnect or an unknown node), so a moved slot or a failover is
 * followed, and {@code MOVED} and {@code ASK} are retried where the slot now is.
 */
final class RedisLink implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(RedisLink.class.getName());
    static final Duration RETRY_EVERY = Duration.ofSeconds(1);
    private static final Duration TOPOLOGY_REFRESH = Duration.ofSeconds(30);
    private static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(2);

    /**
     * An open connection: what every command goes through, its commands (a cluster's route each
     * key to its slot's node), and the single server's connection where there is one (the near
     * caches' invalidations need one connection that sees every key). On a single server with a
     * near cache on, {@code trackedReads} is a second connection that carries only the reads whose
     * keys Redis tracks for it (posts, and the first pages of windows), so that the server remembers
     * those keys alone and pushes their invalidations there, ahead of any later reply on it.
     */
    record Open(StatefulConnection<String, String> connection, RedisClusterCommands<String, String> commands,
            Optional<StatefulRedisConnection<String, String>> standalone,
            Optional<StatefulRedisConnection<String, String>> trackedReads) {

        /** The connection for reads whose replies a near cache may keep: the tracked one where there is one. */
        StatefulConnection<String, String> readsConnection() {
            return trackedReads.<StatefulConnection<String, String>>map(tracked -> tracked).orElse(connection);
        }

        /** The commands of {@link #readsConnection()}. */
        RedisClusterCommands<String, String> readsCommands() {
            return trackedReads.<RedisClusterCommands<String, String>>map(StatefulRedisConnection::sync).orElse(commands);
        }

        void close() {
            connection.close();
            trackedReads.ifPresent(StatefulConnection::close);
        }
    }

    private final RedisTarget target;
    private final String where;
    private final ClientResources resources;
    private final AbstractRedisClient client;
    private final List<TimelineScript> scripts;
    private final Consumer<Open> onOpen;
    private final boolean trackedReads;
    private final Object lock = new Object();
    private final ScheduledExecutorService connector;
    private volatile Open open;
    private volatile String lastFailure = "not connected yet";
    private volatile boolean closed;

    private RedisLink(RedisSettings settings, NettyCustomizer channels, List<TimelineScript> scripts, Consumer<Open> onOpen) {
        this.target = RedisTarget.parse(settings.uri());
        this.scripts = List.copyOf(scripts);
        this.onOpen = onOpen;
        this.trackedReads = settings.nearCacheSize() > 0 || settings.windowNearCacheSize() > 0;
        this.resources = DefaultClientResources.builder().nettyCustomizer(channels).build();
        SocketOptions socket = SocketOptions.builder().connectTimeout(settings.connectTimeout()).build();
        TimeoutOptions timeouts = TimeoutOptions.enabled(settings.commandTimeout());
        switch (target) {
            case RedisTarget.Standalone standalone -> {
                RedisURI uri = standalone.uri();
                uri.setTimeout(settings.commandTimeout());
                RedisClient single = RedisClient.create(resources, uri);
                single.setOptions(ClientOptions.builder()
                        .socketOptions(socket)
                        .timeoutOptions(timeouts)
                        // Fail fast while down rather than buffer until a reconnect that may never come.
                        .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                        .autoReconnect(true)
                        .build());
                this.client = single;
                this.where = uri.getHost() + ":" + uri.getPort();
            }
            case RedisTarget.Cluster cluster -> {
                cluster.seeds().forEach(seed -> seed.setTimeout(settings.commandTimeout()));
                RedisClusterClient nodes = RedisClusterClient.create(resources, cluster.seeds());
                nodes.setOptions(ClusterClientOptions.builder()
                        .topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
                                .enablePeriodicRefresh(TOPOLOGY_REFRESH)
                                .enableAllAdaptiveRefreshTriggers()
                                .build())
                        .socketOptions(socket)
                        .timeoutOptions(timeouts)
                        .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                        .autoReconnect(true)
                        .build());
                this.client = nodes;
                this.where = "cluster " + cluster.seeds().stream().map(s -> s.getHost() + ":" + s.getPort()).toList();
            }
        }
        this.connector = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "redis-connect");
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Connects, loads {@code scripts} and runs {@code onOpen} on the new connection (before any
     * call can use it); if Redis cannot be reached, returns at once and keeps trying in the
     * background.
     *
     * @throws IllegalArgumentException if the URI is malformed
     */
    static RedisLink open(RedisSettings settings, NettyCustomizer channels, List<TimelineScript> scripts,
            Consumer<Open> onOpen) {
        RedisLink link = new RedisLink(settings, channels, scripts, onOpen);
        if (!link.tryOpen()) {
            LOG.warning(() -> "redis: cannot reach " + link.where + " (" + link.lastFailure + "); starting without it "
                    + "(feeds and posts are read from DynamoDB) and connecting again every " + RETRY_EVERY.toSeconds() + " s");
            link.connector.scheduleWithFixedDelay(() -> {
                if (link.tryOpen()) {
                    link.connector.shutdown();
                }
            }, RETRY_EVERY.toMillis(), RETRY_EVERY.toMillis(), TimeUnit.MILLISECONDS);
        } else {
            link.connector.shutdown();
        }
        return link;
    }

    /** True once connected (Lettuce then reconnects by itself); a call before then fails fast. */
    boolean connected() {
        return open != null;
    }

    boolean cluster() {
        return target instanceof RedisTarget.Cluster;
    }

    /**
     * The open connection.
     *
     * @throws RedisConnectionException if the link has not connected yet (or is closed)
     */
    Open current() {
        Open now = open;
        if (now == null) {
            throw new RedisConnectionException(closed ? "closed" : "not connected to " + where + ": " + lastFailure);
        }
        return now;
    }

    /**
     * A new publish/subscribe connection from the same client (a cluster's goes to one node, which
     * hears every node's PUBLISH). Lettuce reconnects it and subscribes it again by itself.
     *
     * @throws RedisException if Redis cannot be reached now
     */
    StatefulRedisPubSubConnection<String, String> connectPubSub() {
        return switch (client) {
            case RedisClient single -> single.connectPubSub();
            case RedisClusterClient nodes -> nodes.connectPubSub();
            default -> throw new IllegalStateException("unknown client " + client.getClass());
        };
    }

    private boolean tryOpen() {
        synchronized (lock) {
            if (closed || open != null) {
                return true;
            }
            Open fresh;
            try {
                fresh = connect();
            } catch (RedisException e) {
                lastFailure = e.getCause() != null && e.getCause().getMessage() != null ? e.getCause().getMessage()
                        : String.valueOf(e.getMessage());
                LOG.log(Level.FINE, "redis: connecting to " + where + " failed", e);
                return false;
            }
            try {
                // Loaded now so that the first calls need no fallback; EVALSHA falls back to EVAL anyway.
                scripts.forEach(script -> fresh.commands().scriptLoad(script.body()));
                onOpen.accept(fresh);
            } catch (RedisException e) {
                lastFailure = String.valueOf(e.getMessage());
                fresh.close();
                return false;
            }
            open = fresh;
            LOG.info(() -> "redis: connected to " + where);
            return true;
        }
    }

    private Open connect() {
        return switch (client) {
            case RedisClient single -> {
                StatefulRedisConnection<String, String> connection = single.connect();
                Optional<StatefulRedisConnection<String, String>> reads;
                try {
                    reads = trackedReads ? Optional.of(single.connect()) : Optional.empty();
                } catch (RedisException e) {
                    connection.close();
                    throw e;
                }
                yield new Open(connection, connection.sync(), Optional.of(connection), reads);
            }
            case RedisClusterClient nodes -> {
                StatefulRedisClusterConnection<String, String> connection = nodes.connect();
                yield new Open(connection, connection.sync(), Optional.empty(), Optional.empty());
            }
            default -> throw new IllegalStateException("unknown client " + client.getClass());
        };
    }

    @Override
    public void close() {
        closed = true;
        connector.shutdownNow();
        synchronized (lock) {
            Open now = open;
            open = null;
            if (now != null) {
                now.close();
            }
        }
        // No quiet period: nothing else runs on these event loops.
        client.shutdown(Duration.ZERO, SHUTDOWN_TIMEOUT);
        resources.shutdown(0, SHUTDOWN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    }
}

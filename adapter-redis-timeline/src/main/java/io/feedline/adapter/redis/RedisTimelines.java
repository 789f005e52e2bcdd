package io.feedline.adapter.redis;

import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.out.HealthProbe;
import io.feedline.ports.out.PostCache;
import io.feedline.ports.out.TimelineCache;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.resource.NettyCustomizer;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The entry point of the Redis timeline adapter: opens one multiplexed connection and hands out the
 * {@link TimelineCache} and its {@link HealthProbe}. Close it on shutdown.
 *
 * <p>Failure is bounded: commands time out after {@link RedisSettings#commandTimeout()}, and while
 * the server is unreachable commands are rejected at once instead of being queued for a reconnect,
 * which still happens in the background so that the cache heals when Redis returns.
 */
public final class RedisTimelines implements AutoCloseable {

    private static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(2);

    private final RedisSettings settings;
    private final ClientResources resources;
    private final RedisClient client;
    private final StatefulRedisConnection<String, String> connection;
    private final RedisTimelineCache cache;
    private final NearCache near;
    private final RedisPostCache posts;
    private final AtomicBoolean closed = new AtomicBoolean();

    private RedisTimelines(RedisSettings settings, ClientResources resources, RedisClient client,
            StatefulRedisConnection<String, String> connection) {
        this.settings = settings;
        this.resources = resources;
        this.client = client;
        this.connection = connection;
        this.cache = timelineCache(settings.keyPrefix(), settings.cap());
        this.near = new NearCache(settings.nearCacheSize());
        TimelineKeys keys = new TimelineKeys(settings.keyPrefix());
        this.posts = new RedisPostCache(connection, keys, settings.postTtl(), settings.commandTimeout(), near);
        if (near.enabled()) {
            listenForInvalidations(keys.postPrefix());
        }
    }

    /**
     * Applies Redis's invalidation pushes to the near cache, and drops every copy when the
     * connection drops (its tracking goes with it; the next read asks for it again).
     */
    private void listenForInvalidations(String postPrefix) {
        connection.addListener(message -> {
            if (!"invalidate".equals(message.getType())) {
                return;
            }
            List<Object> content = message.getContent(StringCodec.UTF8::decodeKey);
            Object keys = content.size() > 1 ? content.get(1) : null;
            if (keys instanceof List<?> list) {
                near.invalidate(list.stream().map(String::valueOf).filter(k -> k.startsWith(postPrefix)).toList());
            } else {
                near.invalidate(null);
            }
        });
        connection.addListener(new RedisConnectionStateListener() {
            @Override
            public void onRedisDisconnected(RedisChannelHandler<?, ?> channel) {
                near.trackingLost();
            }
        });
    }

    /**
     * Connects and loads the scripts.
     *
     * @throws FeedlineException.StorageUnavailable if Redis does not answer within the connect timeout
     * @throws IllegalArgumentException if the URI is malformed
     */
    public static RedisTimelines connect(RedisSettings settings) {
        return connect(settings, new NettyCustomizer() {});
    }

    /** As {@link #connect(RedisSettings)}, with a hook on each channel (tests count round trips with it). */
    static RedisTimelines connect(RedisSettings settings, NettyCustomizer channels) {
        Objects.requireNonNull(settings, "settings");
        RedisURI uri = RedisURI.create(settings.uri());
        uri.setTimeout(settings.commandTimeout());
        ClientResources resources = DefaultClientResources.builder().nettyCustomizer(channels).build();
        RedisClient client = RedisClient.create(resources, uri);
        client.setOptions(ClientOptions.builder()
                .socketOptions(SocketOptions.builder().connectTimeout(settings.connectTimeout()).build())
                .timeoutOptions(TimeoutOptions.enabled(settings.commandTimeout()))
                // Fail fast while down rather than buffer until a reconnect that may never come.
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .autoReconnect(true)
                .build());
        try {
            StatefulRedisConnection<String, String> connection = client.connect();
            RedisCommands<String, String> redis = connection.sync();
            for (TimelineScript script : List.of(TimelineScript.RANGE, TimelineScript.REMOVE_POST,
                    TimelineScript.REMOVE_AUTHOR, TimelineScript.REPLACE, TimelineScript.COMPLETE_REBUILD,
                    TimelineScript.PUT_POST, TimelineScript.TOMBSTONE, TimelineScript.INCREMENT_LIKES)) {
                redis.scriptLoad(script.body());
            }
            return new RedisTimelines(settings, resources, client, connection);
        } catch (RedisException e) {
            shutDown(client, resources);
            throw RedisTimelineCache.unavailable("connect to " + uri.getHost() + ":" + uri.getPort(), e);
        }
    }

    /** The cache over this connection, with the configured prefix and cap. */
    public TimelineCache timelineCache() {
        return cache;
    }

    /** The post cache over this connection, with its near cache in this process. */
    public PostCache postCache() {
        return posts;
    }

    /** A probe that sends PING and fails as unavailable past the command timeout. */
    public HealthProbe healthProbe() {
        RedisCommands<String, String> redis = connection.sync();
        return new HealthProbe() {
            @Override
            public String component() {
                return "redis";
            }

            @Override
            public void ping() {
                try {
                    redis.ping();
                } catch (RedisException e) {
                    throw RedisTimelineCache.unavailable("ping", e);
                }
            }
        };
    }

    public RedisSettings settings() {
        return settings;
    }

    /** Another view over the same connection, with its own prefix and cap (the default one, isolated tests). */
    RedisTimelineCache timelineCache(String keyPrefix, int cap) {
        return new RedisTimelineCache(connection, new TimelineKeys(keyPrefix), cap, settings.commandTimeout(),
                settings.windowTtl());
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        connection.close();
        shutDown(client, resources);
    }

    private static void shutDown(RedisClient client, ClientResources resources) {
        // No quiet period: nothing else runs on these event loops.
        client.shutdown(Duration.ZERO, SHUTDOWN_TIMEOUT);
        resources.shutdown(0, SHUTDOWN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    }
}

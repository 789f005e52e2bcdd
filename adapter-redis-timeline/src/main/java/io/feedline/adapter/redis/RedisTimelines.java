package io.feedline.adapter.redis;

import io.feedline.ports.model.CachedPost;
import io.feedline.ports.model.LiveEvent;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.RelationChange;
import io.feedline.ports.out.Announcements;
import io.feedline.ports.out.HealthProbe;
import io.feedline.ports.out.LiveEvents;
import io.feedline.ports.out.OutboxSignals;
import io.feedline.ports.out.PostCache;
import io.feedline.ports.out.TimelineCache;
import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.RedisException;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import io.lettuce.core.resource.NettyCustomizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The entry point of the Redis adapter: one multiplexed connection (to a server, or routed over a
 * cluster's nodes) and the {@link TimelineCache}, {@link PostCache} and {@link HealthProbe} over
 * it. Close it on shutdown.
 *
 * <p>Failure is bounded: commands time out after {@link RedisSettings#commandTimeout()}, and while
 * Redis is unreachable, at start or later, commands are rejected at once instead of being queued,
 * while the connection is made again in the background so that the caches heal when Redis returns.
 *
 * <p>On a cluster the near caches (of posts, and of windows' first pages) are off: invalidations
 * are pushed per node connection, and no one connection sees every key, so a copy could outlive a
 * delete made on another server. Every post and window read asks Redis there (one pipelined flush
 * per node a page's posts live on).
 */
public final class RedisTimelines implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(RedisTimelines.class.getName());
    private static final List<TimelineScript> SCRIPTS = List.of(TimelineScript.ADD, TimelineScript.RANGE, TimelineScript.REMOVE_POST,
            TimelineScript.REMOVE_AUTHOR, TimelineScript.REPLACE, TimelineScript.COMPLETE_REBUILD,
            TimelineScript.PUT_POST, TimelineScript.TOMBSTONE, TimelineScript.INCREMENT_LIKES);

    private final RedisSettings settings;
    private final RedisLink link;
    private final NearCache<String, WindowCopy> windowCopies;
    private final InvalidationBarrier barrier = new InvalidationBarrier();
    private final RedisTimelineCache cache;
    private final RedisPostCache posts;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final String liveChannel;
    private final RedisOutboxSignals outboxSignals;
    private final RedisAnnouncements<RelationChange> relationChanges;
    private final RedisAnnouncements<String> tokenRevocations;
    private final AtomicBoolean subscribing = new AtomicBoolean();
    /** Where the live events this process hears go; nowhere until {@link #liveEvents} names it. */
    private volatile Consumer<LiveEvent> heard = event -> {};
    private final ScheduledExecutorService pubSubConnector;
    private volatile StatefulRedisPubSubConnection<String, String> pubSub;

    private RedisTimelines(RedisSettings settings, NettyCustomizer channels) {
        this.settings = settings;
        TimelineKeys keys = new TimelineKeys(settings.keyPrefix());
        boolean cluster = RedisTarget.parse(settings.uri()) instanceof RedisTarget.Cluster;
        if (cluster && (settings.nearCacheSize() > 0 || settings.windowNearCacheSize() > 0)) {
            LOG.info("redis: cluster mode, so post-cache.max-local and timelines.max-local are ignored: "
                    + "every post and window read asks Redis");
        }
        NearCache<PostId, CachedPost> near = new NearCache<>(cluster ? 0 : settings.nearCacheSize());
        NearCache<String, WindowCopy> windows = new NearCache<>(cluster ? 0 : settings.windowNearCacheSize());
        this.windowCopies = windows;
        this.link = RedisLink.open(settings, channels, SCRIPTS, open -> open.trackedReads()
                .ifPresent(connection -> listenForInvalidations(connection, keys.postPrefix(), near, windows)));
        this.cache = timelineCache(settings.keyPrefix(), settings.cap());
        this.posts = new RedisPostCache(link, keys, settings.postTtl(), settings.commandTimeout(), near);
        this.liveChannel = settings.keyPrefix() + "live";
        this.outboxSignals = new RedisOutboxSignals(link, settings.keyPrefix() + "outbox");
        this.relationChanges = new RedisAnnouncements<>(link, settings.keyPrefix() + "relations", "a relation change",
                RedisAnnouncements.RELATION_CHANGES);
        this.tokenRevocations = new RedisAnnouncements<>(link, settings.keyPrefix() + "revocations", "a token revocation",
                RedisAnnouncements.TOKEN_IDS);
        this.pubSubConnector = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "redis-pubsub-connect");
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Opens the pub/sub connection and subscribes to the live, outbox, relation and revocation channels; false if
     * Redis is not there yet.
     */
    private boolean subscribe() {
        if (closed.get()) {
            return true;
        }
        try {
            StatefulRedisPubSubConnection<String, String> connection = link.connectPubSub();
            try {
                RedisLiveEvents.listen(connection, liveChannel, event -> heard.accept(event));
                outboxSignals.listen(connection);
                relationChanges.listen(connection);
                tokenRevocations.listen(connection);
            } catch (RedisException e) {
                connection.close();
                throw e;
            }
            pubSub = connection;
            return true;
        } catch (RedisException e) {
            LOG.log(Level.FINE, "redis: the live, outbox, relation and revocation channels are not subscribed yet", e);
            return false;
        }
    }

    /** Whether this process is subscribed to the live, outbox, relation and revocation channels (it keeps trying until it is). */
    boolean listening() {
        return pubSub != null;
    }

    /**
     * The live channel between every process on this Redis: events published here reach every
     * process's {@code local} channel, whose subscribers are that process's streams. Call it once:
     * it opens this process's subscription (in the background, retried until Redis answers).
     */
    public LiveEvents liveEvents(LiveEvents local) {
        Objects.requireNonNull(local, "local");
        this.heard = local::publish;
        startSubscribing();
        return new RedisLiveEvents(link, liveChannel, local);
    }

    /**
     * The outbox's signal between every process on this Redis: this process's enqueues wake the
     * others' idle workers, and theirs wake this one's. It opens this process's subscription, as
     * {@link #liveEvents} does (either one opens it for both).
     */
    public OutboxSignals outboxSignals() {
        startSubscribing();
        return outboxSignals;
    }

    /**
     * Relation changes between every process on this Redis: this process's mutes and blocks drop the
     * others' copies of the two users' sets, and theirs drop this one's. It opens this process's
     * subscription, as {@link #liveEvents} does.
     */
    public Announcements<RelationChange> relationChanges() {
        startSubscribing();
        return relationChanges;
    }

    /**
     * Token revocations between every process on this Redis: a token revoked through this process is
     * refused at once by the others, which may then keep a token's "not revoked" long. It opens this
     * process's subscription, as {@link #liveEvents} does.
     */
    public Announcements<String> tokenRevocations() {
        startSubscribing();
        return tokenRevocations;
    }

    /** Subscribes from here on, in the background, retried until Redis answers (until then nothing is heard). */
    private void startSubscribing() {
        if (subscribing.compareAndSet(false, true)) {
            pubSubConnector.scheduleWithFixedDelay(() -> {
                if (subscribe()) {
                    pubSubConnector.shutdown();
                }
            }, 0, RedisLink.RETRY_EVERY.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /**
     * Applies Redis's invalidation pushes to the near caches (a post key to the posts', any other to
     * the windows': only those reads go over this connection), and drops every copy when the
     * connection drops (its tracking goes with it; the next read asks for it again).
     */
    private static void listenForInvalidations(StatefulRedisConnection<String, String> connection, String postPrefix,
            NearCache<PostId, CachedPost> posts, NearCache<String, WindowCopy> windows) {
        connection.addListener(message -> {
            if (!"invalidate".equals(message.getType())) {
                return;
            }
            List<Object> content = message.getContent(StringCodec.UTF8::decodeKey);
            Object keys = content.size() > 1 ? content.get(1) : null;
            if (keys instanceof List<?> list) {
                List<PostId> postIds = new ArrayList<>();
                List<String> windowKeys = new ArrayList<>();
                for (Object pushed : list) {
                    String key = String.valueOf(pushed);
                    if (!key.startsWith(postPrefix)) {
                        windowKeys.add(key);
                    } else {
                        // A post key that names no post id was never kept here: nothing to drop.
                        TimelineKeys.postIdIn(key, postPrefix).ifPresent(postIds::add);
                    }
                }
                posts.invalidate(postIds);
                windows.invalidate(windowKeys);
            } else {
                posts.invalidate(null);
                windows.invalidate(null);
            }
        });
        connection.addListener(new RedisConnectionStateListener() {
            @Override
            public void onRedisDisconnected(RedisChannelHandler<?, ?> channel) {
                posts.trackingLost();
                windows.trackingLost();
            }
        });
    }

    /**
     * Opens the connection and loads the scripts. If Redis cannot be reached, this still returns:
     * every call fails as unavailable until a background attempt connects.
     *
     * @throws IllegalArgumentException if the URI is malformed
     */
    public static RedisTimelines connect(RedisSettings settings) {
        return connect(settings, new NettyCustomizer() {});
    }

    /** As {@link #connect(RedisSettings)}, with a hook on each channel (tests count round trips with it). */
    static RedisTimelines connect(RedisSettings settings, NettyCustomizer channels) {
        Objects.requireNonNull(settings, "settings");
        return new RedisTimelines(settings, channels);
    }

    /** The cache over this connection, with the configured prefix and cap. */
    public TimelineCache timelineCache() {
        return cache;
    }

    /** The post cache over this connection, with its near cache in this process. */
    public PostCache postCache() {
        return posts;
    }

    /** A probe that sends PING and fails as unavailable past the command timeout or while not connected. */
    public HealthProbe healthProbe() {
        return new HealthProbe() {
            @Override
            public String component() {
                return "redis";
            }

            @Override
            public void ping() {
                try {
                    link.current().commands().ping();
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
        return new RedisTimelineCache(link, new TimelineKeys(keyPrefix), cap, settings.commandTimeout(),
                settings.windowTtl(), windowCopies, barrier);
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            pubSubConnector.shutdownNow();
            outboxSignals.close();
            StatefulRedisPubSubConnection<String, String> connection = pubSub;
            if (connection != null) {
                connection.close();
            }
            link.close();
        }
    }
}

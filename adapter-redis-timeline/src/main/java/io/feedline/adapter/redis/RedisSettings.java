package io.feedline.adapter.redis;

import java.time.Duration;
import java.util.Objects;

/**
 * How to reach Redis and shape the windows.
 *
 * @param uri            a Redis URI, {@code redis://host:port[/db]} (or {@code rediss://} for TLS), or a
 *                       cluster's seeds, {@code redis-cluster://host:port,host:port,...} (or
 *                       {@code rediss-cluster://}); checked here, so a bad one fails at config load
 * @param cap            the most entries a reader's window keeps (newest first)
 * @param commandTimeout the bound on every command; past it the call fails as unavailable
 * @param connectTimeout the bound on opening the connection
 * @param keyPrefix      prepended to every key, so that several deployments or test runs share a server
 * @param postTtl        how long a cached post, count or tombstone lives after it was written
 * @param nearCacheSize  the most posts each process keeps in its own heap in front of Redis
 *                       (kept fresh by Redis's invalidations); 0 turns the near cache off
 * @param windowTtl      how long a window lives after its last write (it is then rebuilt on the next read)
 * @param windowNearCacheSize the most windows' first pages each process keeps in its own heap in front
 *                       of Redis (kept fresh by Redis's invalidations of the keys it read); 0 turns it off
 */
public record RedisSettings(String uri, int cap, Duration commandTimeout, Duration connectTimeout, String keyPrefix,
        Duration postTtl, int nearCacheSize, Duration windowTtl, int windowNearCacheSize) {

    public static final int DEFAULT_CAP = 800;
    public static final Duration DEFAULT_COMMAND_TIMEOUT = Duration.ofMillis(500);
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(1);
    public static final Duration DEFAULT_POST_TTL = Duration.ofHours(1);
    public static final int DEFAULT_NEAR_CACHE_SIZE = 10_000;
    public static final Duration DEFAULT_WINDOW_TTL = Duration.ofDays(1);
    public static final int DEFAULT_WINDOW_NEAR_CACHE_SIZE = 10_000;

    public RedisSettings {
        Objects.requireNonNull(uri, "uri");
        RedisTarget.parse(uri);
        Objects.requireNonNull(commandTimeout, "commandTimeout");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(keyPrefix, "keyPrefix");
        Objects.requireNonNull(postTtl, "postTtl");
        if (postTtl.toMillis() < 1) {
            throw new IllegalArgumentException("post-cache.ttl must be at least 1 ms, got " + postTtl);
        }
        Objects.requireNonNull(windowTtl, "windowTtl");
        if (windowTtl.toMillis() < 1) {
            throw new IllegalArgumentException("timelines.ttl must be at least 1 ms, got " + windowTtl);
        }
        if (nearCacheSize < 0) {
            throw new IllegalArgumentException("post-cache.max-local must not be negative, got " + nearCacheSize);
        }
        if (windowNearCacheSize < 0) {
            throw new IllegalArgumentException("timelines.max-local must not be negative, got " + windowNearCacheSize);
        }
        if (cap < 1) {
            throw new IllegalArgumentException("redis cap must be at least 1, got " + cap);
        }
        if (commandTimeout.isNegative() || commandTimeout.isZero()) {
            throw new IllegalArgumentException("redis command timeout must be positive");
        }
        if (connectTimeout.isNegative() || connectTimeout.isZero()) {
            throw new IllegalArgumentException("redis connect timeout must be positive");
        }
        TimelineKeys.requireSafePrefix(keyPrefix);
    }

    /**
     * The defaults: cap 800, 500 ms per command, 1 s to connect, no key prefix, posts for an hour,
     * 10,000 posts and 10,000 windows' first pages near.
     */
    public static RedisSettings of(String uri) {
        return new RedisSettings(uri, DEFAULT_CAP, DEFAULT_COMMAND_TIMEOUT, DEFAULT_CONNECT_TIMEOUT, "",
                DEFAULT_POST_TTL, DEFAULT_NEAR_CACHE_SIZE, DEFAULT_WINDOW_TTL, DEFAULT_WINDOW_NEAR_CACHE_SIZE);
    }

    /** Hides a password in the URI, since settings end up in logs. */
    @Override
    public String toString() {
        return "RedisSettings[uri=" + uri.replaceAll("//[^@/]*@", "//***@") + ", cap=" + cap + ", commandTimeout="
                + commandTimeout + ", connectTimeout=" + connectTimeout + ", keyPrefix=" + keyPrefix + ", postTtl=" + postTtl
                + ", nearCacheSize=" + nearCacheSize + ", windowTtl=" + windowTtl
                + ", windowNearCacheSize=" + windowNearCacheSize + "]";
    }

    public RedisSettings withCap(int newCap) {
        return new RedisSettings(uri, newCap, commandTimeout, connectTimeout, keyPrefix, postTtl, nearCacheSize, windowTtl,
                windowNearCacheSize);
    }

    public RedisSettings withCommandTimeout(Duration timeout) {
        return new RedisSettings(uri, cap, timeout, connectTimeout, keyPrefix, postTtl, nearCacheSize, windowTtl,
                windowNearCacheSize);
    }

    public RedisSettings withConnectTimeout(Duration timeout) {
        return new RedisSettings(uri, cap, commandTimeout, timeout, keyPrefix, postTtl, nearCacheSize, windowTtl,
                windowNearCacheSize);
    }

    public RedisSettings withKeyPrefix(String prefix) {
        return new RedisSettings(uri, cap, commandTimeout, connectTimeout, prefix, postTtl, nearCacheSize, windowTtl,
                windowNearCacheSize);
    }

    public RedisSettings withPostTtl(Duration ttl) {
        return new RedisSettings(uri, cap, commandTimeout, connectTimeout, keyPrefix, ttl, nearCacheSize, windowTtl,
                windowNearCacheSize);
    }

    public RedisSettings withNearCacheSize(int size) {
        return new RedisSettings(uri, cap, commandTimeout, connectTimeout, keyPrefix, postTtl, size, windowTtl,
                windowNearCacheSize);
    }

    public RedisSettings withWindowNearCacheSize(int size) {
        return new RedisSettings(uri, cap, commandTimeout, connectTimeout, keyPrefix, postTtl, nearCacheSize, windowTtl,
                size);
    }

    public RedisSettings withWindowTtl(Duration ttl) {
        return new RedisSettings(uri, cap, commandTimeout, connectTimeout, keyPrefix, postTtl, nearCacheSize, ttl,
                windowNearCacheSize);
    }
}

package io.feedline.adapter.redis;

import java.time.Duration;
import java.util.Objects;

/**
 * How to reach Redis and shape the windows.
 *
 * @param uri            a Redis URI, {@code redis://host:port[/db]} (or {@code rediss://} for TLS)
 * @param cap            the most entries a reader's window keeps (newest first)
 * @param commandTimeout the bound on every command; past it the call fails as unavailable
 * @param connectTimeout the bound on opening the connection
 * @param keyPrefix      prepended to every key, so that several deployments or test runs share a server
 */
public record RedisSettings(String uri, int cap, Duration commandTimeout, Duration connectTimeout, String keyPrefix) {

    public static final int DEFAULT_CAP = 800;
    public static final Duration DEFAULT_COMMAND_TIMEOUT = Duration.ofMillis(500);
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(1);

    public RedisSettings {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(commandTimeout, "commandTimeout");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(keyPrefix, "keyPrefix");
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

    /** The defaults: cap 800, 500 ms per command, 1 s to connect, no key prefix. */
    public static RedisSettings of(String uri) {
        return new RedisSettings(uri, DEFAULT_CAP, DEFAULT_COMMAND_TIMEOUT, DEFAULT_CONNECT_TIMEOUT, "");
    }

    /** Hides a password in the URI, since settings end up in logs. */
    @Override
    public String toString() {
        return "RedisSettings[uri=" + uri.replaceAll("//[^@/]*@", "//***@") + ", cap=" + cap + ", commandTimeout="
                + commandTimeout + ", connectTimeout=" + connectTimeout + ", keyPrefix=" + keyPrefix + "]";
    }

    public RedisSettings withCap(int newCap) {
        return new RedisSettings(uri, newCap, commandTimeout, connectTimeout, keyPrefix);
    }

    public RedisSettings withCommandTimeout(Duration timeout) {
        return new RedisSettings(uri, cap, timeout, connectTimeout, keyPrefix);
    }

    public RedisSettings withConnectTimeout(Duration timeout) {
        return new RedisSettings(uri, cap, commandTimeout, timeout, keyPrefix);
    }

    public RedisSettings withKeyPrefix(String prefix) {
        return new RedisSettings(uri, cap, commandTimeout, connectTimeout, prefix);
    }
}

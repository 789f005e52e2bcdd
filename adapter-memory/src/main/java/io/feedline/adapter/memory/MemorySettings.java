package io.feedline.adapter.memory;

import java.time.Duration;
import java.util.Objects;

/**
 * The bounds of the in-process caches. Each cache is bounded twice: in how many keys it holds
 * (least valuable first out, as Caffeine judges by recency and frequency) and in how large each
 * value may grow, so that the heap they take has a ceiling known from the configuration.
 *
 * @param maxWindows the most readers' hot windows kept at once; a window pushed out is rebuilt
 *     from the durable feed on its reader's next read, as after a restart
 * @param windowCap the most entries one window keeps (the newest)
 * @param maxPosts the most posts (and tombstones) the post cache keeps
 * @param postTtl how long a cached post, count or tombstone lives after it was written
 * @param windowTtl how long a window lives after its last write (it is then rebuilt on the next read)
 */
public record MemorySettings(long maxWindows, int windowCap, long maxPosts, Duration postTtl, Duration windowTtl) {
    public static final long DEFAULT_MAX_WINDOWS = 10_000;
    public static final int DEFAULT_WINDOW_CAP = 800;
    public static final long DEFAULT_MAX_POSTS = 100_000;
    public static final Duration DEFAULT_POST_TTL = Duration.ofHours(1);
    public static final Duration DEFAULT_WINDOW_TTL = Duration.ofDays(1);

    public MemorySettings {
        Objects.requireNonNull(postTtl, "postTtl");
        Objects.requireNonNull(windowTtl, "windowTtl");
        if (windowTtl.isNegative() || windowTtl.isZero()) {
            throw new IllegalArgumentException("timelines.ttl must be positive, got " + windowTtl);
        }
        if (maxWindows < 1) {
            throw new IllegalArgumentException("memory.max-windows must be at least 1, got " + maxWindows);
        }
        if (windowCap < 1) {
            throw new IllegalArgumentException("the window cap must be at least 1, got " + windowCap);
        }
        if (maxPosts < 1) {
            throw new IllegalArgumentException("post-cache.max-local must be at least 1, got " + maxPosts);
        }
        if (postTtl.isNegative() || postTtl.isZero()) {
            throw new IllegalArgumentException("post-cache.ttl must be positive, got " + postTtl);
        }
    }

    /** 10,000 windows of 800 entries each, for a day after their last write; 100,000 posts for an hour each. */
    public static MemorySettings defaults() {
        return new MemorySettings(DEFAULT_MAX_WINDOWS, DEFAULT_WINDOW_CAP, DEFAULT_MAX_POSTS, DEFAULT_POST_TTL,
                DEFAULT_WINDOW_TTL);
    }

    public MemorySettings withMaxWindows(long value) {
        return new MemorySettings(value, windowCap, maxPosts, postTtl, windowTtl);
    }

    public MemorySettings withWindowCap(int value) {
        return new MemorySettings(maxWindows, value, maxPosts, postTtl, windowTtl);
    }

    public MemorySettings withMaxPosts(long value) {
        return new MemorySettings(maxWindows, windowCap, value, postTtl, windowTtl);
    }

    public MemorySettings withWindowTtl(Duration value) {
        return new MemorySettings(maxWindows, windowCap, maxPosts, postTtl, value);
    }

    public MemorySettings withPostTtl(Duration value) {
        return new MemorySettings(maxWindows, windowCap, maxPosts, value, windowTtl);
    }
}

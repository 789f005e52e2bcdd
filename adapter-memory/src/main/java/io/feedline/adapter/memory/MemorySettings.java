package io.feedline.adapter.memory;

/**
 * The bounds of the in-process caches. Each cache is bounded twice: in how many keys it holds
 * (least valuable first out, as Caffeine judges by recency and frequency) and in how large each
 * value may grow, so that the heap they take has a ceiling known from the configuration.
 *
 * @param maxWindows the most readers' hot windows kept at once; a window pushed out is rebuilt
 *     from the durable feed on its reader's next read, as after a restart
 * @param windowCap the most entries one window keeps (the newest)
 */
public record MemorySettings(long maxWindows, int windowCap) {
    public static final long DEFAULT_MAX_WINDOWS = 10_000;
    public static final int DEFAULT_WINDOW_CAP = 800;

    public MemorySettings {
        if (maxWindows < 1) {
            throw new IllegalArgumentException("memory.max-windows must be at least 1, got " + maxWindows);
        }
        if (windowCap < 1) {
            throw new IllegalArgumentException("the window cap must be at least 1, got " + windowCap);
        }
    }

    /** 10,000 windows of 800 entries each. */
    public static MemorySettings defaults() {
        return new MemorySettings(DEFAULT_MAX_WINDOWS, DEFAULT_WINDOW_CAP);
    }

    public MemorySettings withMaxWindows(long value) {
        return new MemorySettings(value, windowCap);
    }

    public MemorySettings withWindowCap(int value) {
        return new MemorySettings(maxWindows, value);
    }
}

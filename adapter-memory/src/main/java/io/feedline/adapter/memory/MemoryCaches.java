package io.feedline.adapter.memory;

import io.feedline.ports.out.PostCache;
import io.feedline.ports.out.TimelineCache;
import java.util.Objects;

/**
 * The entry point of the in-process adapter: the caches that live in the server's own heap, for a
 * deployment of one process (the embedded profile). Nothing here survives a restart or is seen by
 * another process; every cache is rebuilt from the durable stores it fronts.
 */
public final class MemoryCaches {
    private final MemorySettings settings;
    private final MemoryTimelineCache timelines;
    private final MemoryPostCache posts;

    private MemoryCaches(MemorySettings settings) {
        this.settings = settings;
        this.timelines = new MemoryTimelineCache(settings.maxWindows(), settings.windowCap(), settings.windowTtl(), System::nanoTime);
        this.posts = new MemoryPostCache(settings.maxPosts(), settings.postTtl());
    }

    public static MemoryCaches create(MemorySettings settings) {
        return new MemoryCaches(Objects.requireNonNull(settings, "settings"));
    }

    /** The readers' hot windows, capped and bounded as the settings say. */
    public TimelineCache timelineCache() {
        return timelines;
    }

    /** Post bodies, like counts and tombstones, bounded and expiring as the settings say. */
    public PostCache postCache() {
        return posts;
    }

    public MemorySettings settings() {
        return settings;
    }
}

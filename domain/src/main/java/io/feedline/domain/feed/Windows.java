package io.feedline.domain.feed;

import io.feedline.domain.fanout.WindowWrites;
import io.feedline.domain.support.CacheWarnings;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.TimelineCache;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The one place that writes to the hot windows. They are a cache: a failed write to one must never
 * fail the user's request or stop a durable write, and must not leave a lasting hole or ghost
 * either. So a failed write evicts the windows it touched (the next read rebuilds them from the
 * durable feed); if even the eviction fails, this process stops trusting those windows until it
 * has rebuilt them, and the windows' expiry bounds what any other process could read from them.
 * Every failure is counted and logged (rate-limited) through {@link CacheWarnings}.
 */
public final class Windows implements WindowWrites {
    /** Past this many distrusted readers the set stops growing; the windows' expiry still bounds them. */
    private static final int MAX_DISTRUSTED = 100_000;

    private final TimelineCache timelines;
    private final CacheWarnings warnings;
    private final Set<UserId> distrusted = ConcurrentHashMap.newKeySet();

    public Windows(TimelineCache timelines, CacheWarnings warnings) {
        this.timelines = timelines;
        this.warnings = warnings;
    }

    /** The port itself, for reads. */
    public TimelineCache cache() {
        return timelines;
    }

    /** Runs {@code write}, which touches the windows of {@code readers}; on failure, evicts or distrusts them. */
    @Override
    public void update(Collection<UserId> readers, Consumer<TimelineCache> write) {
        try {
            write.accept(timelines);
        } catch (FeedlineException.StorageUnavailable e) {
            failed(readers, e);
        }
    }

    /** A write to the windows of {@code readers} failed: counts it, and evicts or distrusts them. */
    public void failed(Collection<UserId> readers, FeedlineException.StorageUnavailable e) {
        warnings.failed(CacheWarnings.Kind.TIMELINE_WRITE, e);
        for (UserId reader : Set.copyOf(readers)) {
            try {
                timelines.evict(reader);
            } catch (FeedlineException.StorageUnavailable evictFailed) {
                if (distrusted.size() < MAX_DISTRUSTED) {
                    distrusted.add(reader);
                }
            }
        }
    }

    /** Whether this reader's window may be read: false after a failed write that could not evict it. */
    public boolean trusted(UserId reader) {
        return distrusted.isEmpty() || !distrusted.contains(reader);
    }

    /** The reader's window was rebuilt from the durable feed: it may be trusted again. */
    public void rebuilt(UserId reader) {
        distrusted.remove(reader);
    }
}

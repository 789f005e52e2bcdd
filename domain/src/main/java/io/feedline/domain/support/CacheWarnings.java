package io.feedline.domain.support;

import io.feedline.ports.model.FeedlineException;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The failures of the caches, which never fail a request: each is counted (the counts go to
 * {@code /metrics}) and logged at WARNING, at most once per kind every ten seconds with the number
 * left unlogged, so an outage under load is visible without flooding the log.
 */
public final class CacheWarnings {
    private static final Logger LOG = Logger.getLogger(CacheWarnings.class.getName());
    private static final long INTERVAL_NANOS = 10_000_000_000L;

    /** What failed. */
    public enum Kind {
        POST_CACHE_READ("post cache read"),
        POST_CACHE_WRITE("post cache write"),
        TIMELINE_WRITE("timeline window write");

        private final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    private final Map<Kind, LongAdder> counts = new EnumMap<>(Kind.class);
    private final Map<Kind, AtomicLong> nextLog = new EnumMap<>(Kind.class);
    private final Map<Kind, AtomicLong> unlogged = new EnumMap<>(Kind.class);

    public CacheWarnings() {
        for (Kind kind : Kind.values()) {
            counts.put(kind, new LongAdder());
            nextLog.put(kind, new AtomicLong(System.nanoTime()));
            unlogged.put(kind, new AtomicLong());
        }
    }

    public void readFailed(FeedlineException.StorageUnavailable e) {
        failed(Kind.POST_CACHE_READ, e);
    }

    public void writeFailed(FeedlineException.StorageUnavailable e) {
        failed(Kind.POST_CACHE_WRITE, e);
    }

    public void failed(Kind kind, FeedlineException.StorageUnavailable e) {
        counts.get(kind).increment();
        AtomicLong next = nextLog.get(kind);
        long now = System.nanoTime();
        long due = next.get();
        if (now - due >= 0 && next.compareAndSet(due, now + INTERVAL_NANOS)) {
            long skipped = unlogged.get(kind).getAndSet(0);
            LOG.log(Level.WARNING, "{0} failed ({1} more since the last warning): {2}",
                    new Object[] {kind.label, skipped, e.getMessage()});
        } else {
            unlogged.get(kind).incrementAndGet();
        }
    }

    public long count(Kind kind) {
        return counts.get(kind).sum();
    }
}

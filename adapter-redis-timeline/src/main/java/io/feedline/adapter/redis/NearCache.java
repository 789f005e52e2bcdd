package io.feedline.adapter.redis;

import io.feedline.ports.model.CachedPost;
import io.feedline.ports.out.PostCache;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A small, bounded copy of cached posts in this process's heap, kept fresh by Redis itself: the
 * connection asks for server-assisted client-side caching ({@code CLIENT TRACKING ... BCAST}) over
 * the post keys, and every change to one of them, by any process, pushes an invalidation that drops
 * the copy here. The push arrives on the same connection, ahead of any later reply, so once a read
 * on that connection (a feed page's window) has answered, every change made before it is applied.
 *
 * <p>Three rules keep a copy from outliving its invalidation: nothing is kept while tracking is not
 * known to be on (after a disconnect every copy is dropped, and tracking is asked for again on the
 * next read); a reply is installed only if no invalidation arrived while it was in flight (the
 * stamp); a flush drops everything. Least recently used copies go first past the bound.
 */
final class NearCache {
    private final int capacity;
    private final LinkedHashMap<String, CachedPost> entries;
    private long stamp;
    private boolean tracking;

    NearCache(int capacity) {
        this.capacity = capacity;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, CachedPost> eldest) {
                return size() > NearCache.this.capacity;
            }
        };
    }

    boolean enabled() {
        return capacity > 0;
    }

    /** The copy, or null if there is none or tracking is not on. */
    synchronized CachedPost get(String key) {
        return tracking ? entries.get(key) : null;
    }

    /** Taken before a read is sent; {@link #install} keeps its reply only if nothing changed since. */
    synchronized long stamp() {
        return stamp;
    }

    synchronized void install(Map<String, CachedPost> read, long stampBeforeRead) {
        if (enabled() && tracking && stamp == stampBeforeRead) {
            entries.putAll(read);
        }
    }

    /** Redis said these keys changed; null means everything (a flush). */
    synchronized void invalidate(Collection<String> keys) {
        stamp++;
        if (keys == null) {
            entries.clear();
        } else {
            keys.forEach(entries::remove);
        }
    }

    /** The connection dropped: its tracking is gone, and so is every copy. */
    synchronized void trackingLost() {
        stamp++;
        tracking = false;
        entries.clear();
    }

    /** Tracking is on for the current connection: copies may be kept from now on. */
    synchronized void trackingOn() {
        stamp++;
        tracking = true;
        entries.clear();
    }

    synchronized boolean tracking() {
        return tracking;
    }

    synchronized int size() {
        return entries.size();
    }
}

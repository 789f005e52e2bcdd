package io.feedline.adapter.redis;

import io.feedline.ports.model.CachedPost;
import io.feedline.ports.out.PostCache;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.Collection;
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
 * stamp); a flush drops everything. Past the bound, Caffeine's policy picks the copies to drop.
 *
 * <p>Reads take no lock (every page reads its twenty posts here, from every request thread at once);
 * installs, invalidations and the tracking switch are serialized with one another, so an install
 * can never slip in between an invalidation and its stamp.
 */
final class NearCache {
    private final int capacity;
    private final Cache<String, CachedPost> entries;
    private final Object changes = new Object();
    private long stamp;
    private volatile boolean tracking;

    NearCache(int capacity) {
        this.capacity = capacity;
        this.entries = Caffeine.newBuilder().maximumSize(Math.max(capacity, 0)).executor(Runnable::run).build();
    }

    boolean enabled() {
        return capacity > 0;
    }

    /** The copy, or null if there is none or tracking is not on. */
    CachedPost get(String key) {
        return tracking ? entries.getIfPresent(key) : null;
    }

    /** Taken before a read is sent; {@link #install} keeps its reply only if nothing changed since. */
    long stamp() {
        synchronized (changes) {
            return stamp;
        }
    }

    void install(Map<String, CachedPost> read, long stampBeforeRead) {
        synchronized (changes) {
            if (enabled() && tracking && stamp == stampBeforeRead) {
                entries.putAll(read);
            }
        }
    }

    /** Redis said these keys changed; null means everything (a flush). */
    void invalidate(Collection<String> keys) {
        synchronized (changes) {
            stamp++;
            if (keys == null) {
                entries.invalidateAll();
            } else {
                entries.invalidateAll(keys);
            }
        }
    }

    /** The connection dropped: its tracking is gone, and so is every copy. */
    void trackingLost() {
        synchronized (changes) {
            stamp++;
            tracking = false;
            entries.invalidateAll();
        }
    }

    /** Tracking is on for the current connection: copies may be kept from now on. */
    void trackingOn() {
        synchronized (changes) {
            stamp++;
            tracking = true;
            entries.invalidateAll();
        }
    }

    boolean tracking() {
        return tracking;
    }
}

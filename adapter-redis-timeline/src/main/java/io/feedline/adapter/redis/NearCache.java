package io.feedline.adapter.redis;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.lettuce.core.RedisException;
import io.lettuce.core.TrackingArgs;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A small, bounded copy of Redis values in this process's heap, kept fresh by Redis itself: a
 * connection asks for server-assisted client-side caching ({@code CLIENT TRACKING}), and every
 * change to a tracked key, by any process, pushes an invalidation that drops the copy here. The
 * push arrives on the tracking connection ahead of any later reply on it, so once a read on that
 * connection has answered, every change made before it is applied. Posts use it over every post key
 * ({@code BCAST}); windows over the keys this process read ({@link RedisTimelineCache}).
 *
 * <p>Three rules keep a copy from outliving its invalidation: nothing is kept while tracking is not
 * known to be on (after a disconnect every copy is dropped, and tracking is asked for again on the
 * next read); a reply is installed only if no invalidation of its key arrived while it was in flight
 * (the key's stamp); a flush drops everything. Past the bound, Caffeine's policy picks the copies to
 * drop.
 *
 * <p>Copies are kept by whatever names a key in this process ({@code K}): the posts' by {@link
 * io.feedline.ports.model.PostId}, so that a page's lookups build no key strings, the windows' by
 * their key; the caller maps each pushed key to that.
 *
 * <p>Stamps are kept per stripe of keys ({@value #STRIPES} stripes), so that a busy fan-out's
 * invalidations of other windows do not keep a read from installing its reply.
 *
 * <p>Reads take no lock (every page reads its window and twenty posts here, from every request
 * thread at once); installs, invalidations and the tracking switch are serialized with one another,
 * so an install can never slip in between an invalidation and its stamp.
 */
final class NearCache<K, V> {
    private static final int STRIPES = 1024;

    private final int capacity;
    private final Cache<K, V> entries;
    private final Object changes = new Object();
    /** Guarded by {@link #changes}: one count of invalidations per stripe of keys. */
    private final long[] stripes = new long[STRIPES];
    /** Guarded by {@link #changes}: flushes and tracking switches, which change every key. */
    private long epoch;
    private volatile boolean tracking;
    private final AtomicBoolean askingForTracking = new AtomicBoolean();

    NearCache(int capacity) {
        this.capacity = capacity;
        this.entries = Caffeine.newBuilder().maximumSize(Math.max(capacity, 0)).executor(Runnable::run).build();
    }

    boolean enabled() {
        return capacity > 0;
    }

    /** The copy, or null if there is none or tracking is not on. */
    V get(K key) {
        return tracking ? entries.getIfPresent(key) : null;
    }

    /** Taken before a read of the keys is sent, one per key; {@link #install} keeps a reply only if its key's is unchanged. */
    long[] stamps(List<K> keys) {
        long[] taken = new long[keys.size()];
        synchronized (changes) {
            for (int i = 0; i < taken.length; i++) {
                taken[i] = stampOf(keys.get(i));
            }
        }
        return taken;
    }

    /** Keeps each value (null: nothing to keep) whose key saw no invalidation since its stamp was taken. */
    void install(List<K> keys, List<V> values, long[] stampsBeforeRead) {
        synchronized (changes) {
            if (!enabled() || !tracking) {
                return;
            }
            for (int i = 0; i < keys.size(); i++) {
                V value = values.get(i);
                if (value != null && stampOf(keys.get(i)) == stampsBeforeRead[i]) {
                    entries.put(keys.get(i), value);
                }
            }
        }
    }

    /** Redis said these keys changed (or this process is changing them); null means everything (a flush). */
    void invalidate(Collection<K> keys) {
        synchronized (changes) {
            if (keys == null) {
                epoch++;
                entries.invalidateAll();
                return;
            }
            for (K key : keys) {
                stripes[stripe(key)]++;
            }
            // A process that keeps no copies (a worker's) skips the lookups of a fan-out's thousands of keys.
            if (entries.estimatedSize() > 0) {
                entries.invalidateAll(keys);
            }
        }
    }

    /** The connection dropped: its tracking is gone, and so is every copy. */
    void trackingLost() {
        synchronized (changes) {
            epoch++;
            tracking = false;
            entries.invalidateAll();
        }
    }

    /** Tracking is on for the current connection: copies may be kept from now on. */
    void trackingOn() {
        synchronized (changes) {
            epoch++;
            tracking = true;
            entries.invalidateAll();
        }
    }

    /**
     * Asks Redis to remember the keys read over the link's tracked-reads connection and push their
     * invalidations there ({@code CLIENT TRACKING ON}, default mode), if it is not known to be doing
     * so (first use, or after a reconnect). A failure leaves the copies off until the next try; reads
     * go to Redis meanwhile.
     */
    void ensureTracking(RedisLink link) {
        if (!enabled() || tracking || !link.connected() || !askingForTracking.compareAndSet(false, true)) {
            return;
        }
        try {
            var connection = link.current().trackedReads().orElseThrow(
                    () -> new IllegalStateException("a near cache needs one connection that sees every key"));
            if (!connection.isOpen()) {
                return;
            }
            connection.sync().clientTracking(TrackingArgs.Builder.enabled());
            trackingOn();
        } catch (RedisException | CancellationException e) {
            // Not tracked: no copy is kept, and the next read asks again.
        } finally {
            askingForTracking.set(false);
        }
    }

    /** Both counts only grow, so their sum is unchanged exactly when neither changed. */
    private long stampOf(K key) {
        return epoch + stripes[stripe(key)];
    }

    private static int stripe(Object key) {
        return key.hashCode() & (STRIPES - 1);
    }
}

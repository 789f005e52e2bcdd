package io.feedline.domain.support;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Values many readers ask for (explore's head and rankings, the trending tags, the celebrity set
 * and the hot tags, a streaming reader's read-time sources), kept in the process for a short while
 * and loaded by one caller at a time: a process reads each from storage at most about once per
 * {@code ttl}, however many readers it serves. While a value that has aged out is loaded again, the
 * other callers go on with it rather than wait; only those that find none (the first ones, or after
 * a forget) wait for the load. Past {@code maxKeys} keys it starts over, which costs one load per key.
 */
public final class RefreshingCache<K, T> {
    private static final int STRIPES = 64;

    private record Kept<T>(T value, Instant until) {}

    private final Map<K, Kept<T>> values = new ConcurrentHashMap<>();
    private final Map<K, ReentrantLock> loading = new ConcurrentHashMap<>();
    /**
     * Moved on by a forget of a key in that stripe (all of them by {@link #forget()}), so that a load
     * which began before it is answered but not kept; striped, so that frequent forgets of some keys
     * do not stop the others being kept.
     */
    private final AtomicLongArray changes = new AtomicLongArray(STRIPES);
    private final Clock clock;
    private final Duration ttl;
    private final int maxKeys;

    public RefreshingCache(Clock clock, Duration ttl, int maxKeys) {
        this.clock = clock;
        this.ttl = ttl;
        this.maxKeys = maxKeys;
    }

    /**
     * The value kept under {@code key} while fresh, else loaded by one caller; meanwhile the others
     * get the value that aged out if there is one, and wait for the load if not.
     */
    public T get(K key, Supplier<T> load) {
        Kept<T> aged = values.get(key);
        if (aged != null && clock.instant().isBefore(aged.until())) {
            return aged.value();
        }
        ReentrantLock lock = loading.computeIfAbsent(key, k -> new ReentrantLock());
        if (aged == null) {
            lock.lock();
        } else if (!lock.tryLock()) {
            return aged.value();
        }
        try {
            Kept<T> hit = values.get(key);
            Instant now = clock.instant();
            if (hit != null && now.isBefore(hit.until())) {
                return hit.value();
            }
            int stripe = stripe(key);
            long changesBefore = changes.get(stripe);
            T value = load.get();
            if (values.size() >= maxKeys && !values.containsKey(key)) {
                values.clear();
                // Another key's load under way keeps its own lock; the map of locks starts over too.
                loading.clear();
            }
            // Kept only if no forget came since the load began: what was read may predate a change
            // this process just made. The check and the put are one step on the key, so a forget
            // either is seen here or removes the value after it (forget moves the count, then removes).
            values.compute(key, (k, old) -> changes.get(stripe) == changesBefore ? new Kept<>(value, now.plus(ttl)) : old);
            return value;
        } finally {
            lock.unlock();
        }
    }

    /** Forgets every kept value: this process just changed what they show. */
    public void forget() {
        for (int i = 0; i < STRIPES; i++) {
            changes.incrementAndGet(i);
        }
        values.clear();
    }

    /** Forgets the value kept under {@code key}: this process just changed what it shows. */
    public void forget(K key) {
        changes.incrementAndGet(stripe(key));
        values.remove(key);
    }

    /** The value kept under {@code key} while fresh, without loading it; null when there is none. */
    public T fresh(K key) {
        Kept<T> hit = values.get(key);
        return hit != null && clock.instant().isBefore(hit.until()) ? hit.value() : null;
    }

    private static int stripe(Object key) {
        int h = key.hashCode();
        return (h ^ (h >>> 16)) & (STRIPES - 1);
    }
}

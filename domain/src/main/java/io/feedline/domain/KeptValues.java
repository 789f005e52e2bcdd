package io.feedline.domain;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Values many readers ask for (explore's head and rankings, the trending tags, a streaming
 * reader's read-time sources), kept in the process for a short while and loaded by one caller at a time while the others wait for it: a
 * process reads each from storage at most about once per {@code ttl}, however many readers it
 * serves. Past {@code maxKeys} keys it starts over, which costs one load per key.
 */
final class KeptValues<K, T> {
    private record Kept<T>(T value, Instant until) {}

    private final Map<K, Kept<T>> values = new ConcurrentHashMap<>();
    private final Map<K, Object> loading = new ConcurrentHashMap<>();
    private final Clock clock;
    private final Duration ttl;
    private final int maxKeys;

    KeptValues(Clock clock, Duration ttl, int maxKeys) {
        this.clock = clock;
        this.ttl = ttl;
        this.maxKeys = maxKeys;
    }

    /** The value kept under {@code key} while fresh, else loaded by one caller while the others wait for it. */
    T get(K key, Supplier<T> load) {
        Kept<T> hit = values.get(key);
        if (hit != null && clock.instant().isBefore(hit.until())) {
            return hit.value();
        }
        synchronized (loading.computeIfAbsent(key, k -> new Object())) {
            hit = values.get(key);
            Instant now = clock.instant();
            if (hit != null && now.isBefore(hit.until())) {
                return hit.value();
            }
            T value = load.get();
            if (values.size() >= maxKeys) {
                values.clear();
                // Another key's load under way keeps its own lock; the map of locks starts over too.
                loading.clear();
            }
            values.put(key, new Kept<>(value, now.plus(ttl)));
            return value;
        }
    }

    /** Forgets every kept value: this process just changed what they show. */
    void forget() {
        values.clear();
    }
}

package io.feedline.app.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.EstimationProbe;
import java.time.Duration;

/**
 * A token bucket per key, held in memory in this process, with a bounded number of keys that an
 * address rotation cannot flush. A bucket is dropped only after a whole period without use, when it
 * would have refilled to full anyway, so dropping it never gives a limited caller a fresh bucket.
 * When the map is full, callers it does not know share one overflow bucket of the same size instead
 * of pushing anyone out: a flood of new addresses limits itself, not the callers it meant to hide.
 */
final class RateLimits {
    private final Cache<String, Bucket> buckets;
    private final HttpApi.Rate rate;
    private final long maxKeys;
    private final Bucket overflow;

    RateLimits(HttpApi.Rate rate, long maxKeys) {
        this.rate = rate;
        this.maxKeys = maxKeys;
        this.buckets = Caffeine.newBuilder().expireAfterAccess(rate.period()).build();
        this.overflow = newBucket();
    }

    /** Takes one request from the key's bucket, or refuses with the wait until the next one. */
    void acquire(String key) {
        ConsumptionProbe probe = bucket(key).tryConsumeAndReturnRemaining(1);
        if (!probe.isConsumed()) {
            throw HttpProblem.tooManyRequests(Duration.ofNanos(probe.getNanosToWaitForRefill()));
        }
    }

    /** Refuses, taking nothing, when the key's bucket is empty: for limits charged only on failure. */
    void requireAvailable(String key) {
        EstimationProbe probe = bucket(key).estimateAbilityToConsume(1);
        if (!probe.canBeConsumed()) {
            throw HttpProblem.tooManyRequests(Duration.ofNanos(probe.getNanosToWaitForRefill()));
        }
    }

    /** Takes one token if there is one: the charge for a failure already answered. */
    void charge(String key) {
        bucket(key).tryConsume(1);
    }

    private Bucket bucket(String key) {
        Bucket known = buckets.getIfPresent(key);
        if (known != null) {
            return known;
        }
        if (buckets.estimatedSize() >= maxKeys) {
            return overflow;
        }
        return buckets.get(key, k -> newBucket());
    }

    private Bucket newBucket() {
        return Bucket.builder()
                .addLimit(Bandwidth.builder().capacity(rate.requests()).refillGreedy(rate.requests(), rate.period()).build())
                .build();
    }
}

package io.feedline.app.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.EstimationProbe;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Token buckets held in memory in this process, per limit and key, with a bounded number of keys per
 * limit that an address rotation cannot flush. A bucket is dropped only after a whole period without
 * use, when it would have refilled to full anyway, so dropping it never gives a limited caller a fresh
 * bucket. When a limit's map is full, callers it does not know share one overflow bucket of the same
 * size instead of pushing anyone out: a flood of new addresses limits itself, not the callers it
 * meant to hide.
 */
final class LocalRateLimitStore implements RateLimitStore {
    private final long maxKeys;
    private final Map<String, Buckets> limits = new ConcurrentHashMap<>();

    /** @param maxKeys the most buckets kept per limit; past that, new keys share the limit's overflow bucket */
    LocalRateLimitStore(long maxKeys) {
        if (maxKeys < 1) {
            throw new IllegalArgumentException("maxKeys must be at least 1");
        }
        this.maxKeys = maxKeys;
    }

    @Override
    public Duration take(String limit, HttpApi.Rate rate, String key) {
        ConsumptionProbe probe = buckets(limit, rate).bucket(key).tryConsumeAndReturnRemaining(1);
        return probe.isConsumed() ? Duration.ZERO : Duration.ofNanos(Math.max(1, probe.getNanosToWaitForRefill()));
    }

    @Override
    public Duration available(String limit, HttpApi.Rate rate, String key) {
        EstimationProbe probe = buckets(limit, rate).bucket(key).estimateAbilityToConsume(1);
        return probe.canBeConsumed() ? Duration.ZERO : Duration.ofNanos(Math.max(1, probe.getNanosToWaitForRefill()));
    }

    private Buckets buckets(String limit, HttpApi.Rate rate) {
        Buckets buckets = limits.computeIfAbsent(limit, name -> new Buckets(rate, maxKeys));
        if (!buckets.rate.equals(rate)) {
            throw new IllegalArgumentException("limit '" + limit + "' is " + buckets.rate + ", not " + rate);
        }
        return buckets;
    }

    /** One limit's buckets. */
    private static final class Buckets {
        private final HttpApi.Rate rate;
        private final long maxKeys;
        private final Cache<String, Bucket> byKey;
        private final Bucket overflow;

        Buckets(HttpApi.Rate rate, long maxKeys) {
            this.rate = rate;
            this.maxKeys = maxKeys;
            this.byKey = Caffeine.newBuilder().expireAfterAccess(rate.period()).build();
            this.overflow = newBucket();
        }

        Bucket bucket(String key) {
            Bucket known = byKey.getIfPresent(key);
            if (known != null) {
                return known;
            }
            if (byKey.estimatedSize() >= maxKeys) {
                return overflow;
            }
            return byKey.get(key, k -> newBucket());
        }

        private Bucket newBucket() {
            return Bucket.builder()
                    .addLimit(Bandwidth.builder().capacity(rate.requests()).refillGreedy(rate.requests(), rate.period()).build())
                    .build();
        }
    }
}

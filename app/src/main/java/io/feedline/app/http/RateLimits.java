package io.feedline.app.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import java.time.Duration;

/**
 * A token bucket per caller (the user when signed in, else the client address), held in memory in
 * this process. Idle buckets are evicted, so memory follows active callers, not all callers ever.
 */
final class RateLimits {
    private final Cache<String, Bucket> buckets;
    private final long requests;
    private final Duration period;

    RateLimits(long requests, Duration period) {
        if (requests < 1 || period.isNegative() || period.isZero()) {
            throw new IllegalArgumentException("http.rate-limit needs requests >= 1 and a positive period");
        }
        this.requests = requests;
        this.period = period;
        this.buckets = Caffeine.newBuilder()
                .expireAfterAccess(period.multipliedBy(2))
                .maximumSize(100_000)
                .build();
    }

    /** Takes one request from the caller's bucket, or refuses with the wait until the next one. */
    void acquire(String callerKey) {
        Bucket bucket = buckets.get(callerKey, k -> Bucket.builder()
                .addLimit(Bandwidth.builder().capacity(requests).refillGreedy(requests, period).build())
                .build());
        ConsumptionProbe probe = bucket.tryConsumeAndReturnRemaining(1);
        if (!probe.isConsumed()) {
            throw HttpProblem.tooManyRequests(Duration.ofNanos(probe.getNanosToWaitForRefill()));
        }
    }
}

package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.fakes.MutableClock;
import io.feedline.ports.out.RateLimitBuckets;
import io.feedline.ports.out.RateLimitBuckets.Limit;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What every {@link RateLimitBuckets} must do. Each test uses fresh keys. */
public abstract class RateLimitBucketsContract {

    /** The buckets under test; called at most once per test. */
    protected abstract RateLimitBuckets buckets();

    /** Buckets under test that refill by {@code clock}; called at most once per test. */
    protected abstract RateLimitBuckets buckets(MutableClock clock);

    private static String key() {
        return "ip:" + UUID.randomUUID();
    }

    @Test
    void aBucketGivesItsSizeThenRefusesWithTheWaitUntilTheNextToken() {
        RateLimitBuckets buckets = buckets();
        Limit limit = new Limit("caller", 3, Duration.ofHours(1));
        String key = key();

        for (int i = 0; i < 3; i++) {
            assertThat(buckets.take(limit, key)).as("token %d", i + 1).isZero();
        }
        Duration wait = buckets.take(limit, key);

        assertThat(wait).isPositive().isLessThanOrEqualTo(Duration.ofMinutes(20));
    }

    @Test
    void keysAndLimitsHaveBucketsOfTheirOwn() {
        RateLimitBuckets buckets = buckets();
        Limit caller = new Limit("caller", 1, Duration.ofHours(1));
        Limit credentials = new Limit("credentials", 1, Duration.ofHours(1));
        String spent = key();
        buckets.take(caller, spent);

        assertThat(buckets.take(caller, spent)).isPositive();
        assertThat(buckets.take(caller, key())).as("another key").isZero();
        assertThat(buckets.take(credentials, spent)).as("another limit, same key").isZero();
    }

    @Test
    void lookingTakesNothing() {
        RateLimitBuckets buckets = buckets();
        Limit limit = new Limit("failed-logins", 2, Duration.ofHours(1));
        String key = key();

        for (int i = 0; i < 5; i++) {
            assertThat(buckets.available(limit, key)).isZero();
        }
        buckets.take(limit, key);
        buckets.take(limit, key);

        assertThat(buckets.available(limit, key)).isPositive();
    }

    @Test
    void aSpentBucketRefillsOverItsPeriod() {
        MutableClock clock = new MutableClock(Instant.now());
        RateLimitBuckets buckets = buckets(clock);
        Limit limit = new Limit("caller", 1, Duration.ofMillis(200));
        String key = key();
        buckets.take(limit, key);
        Duration wait = buckets.take(limit, key);
        assertThat(wait).isPositive();

        clock.advance(wait.plusMillis(50));

        assertThat(buckets.take(limit, key)).isZero();
    }
}

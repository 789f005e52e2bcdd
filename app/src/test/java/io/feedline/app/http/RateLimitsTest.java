package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The in-process buckets: a full map of buckets sends strangers to a shared bucket; it never hands a
 * limited caller a fresh one.
 */
class RateLimitsTest {

    private static RateLimits limits(HttpApi.Rate rate, long maxKeys) {
        return new RateLimits("caller", rate, new LocalRateLimitStore(maxKeys));
    }

    @Test
    void rotatingThroughFreshKeysNeverRefillsALimitedCallersBucket() {
        RateLimits limits = limits(new HttpApi.Rate(2, Duration.ofHours(1)), 4);
        limits.acquire("ip:192.0.2.10");
        limits.acquire("ip:192.0.2.10");
        assertThatThrownBy(() -> limits.acquire("ip:192.0.2.10")).isInstanceOf(HttpProblem.class);

        for (int i = 0; i < 10_000; i++) {
            try {
                limits.acquire("ip:198.51." + (i / 256) + "." + (i % 256));
            } catch (HttpProblem sharedBucketSpent) {
                // the strangers past the map's bound share one bucket, which they spend quickly
            }
        }

        assertThatThrownBy(() -> limits.acquire("ip:192.0.2.10")).isInstanceOf(HttpProblem.class);
    }

    @Test
    void oncePastTheBoundStrangersShareOneBucketWhileKnownCallersKeepTheirOwn() {
        RateLimits limits = limits(new HttpApi.Rate(1, Duration.ofHours(1)), 2);
        limits.acquire("a");
        limits.requireAvailable("b");

        limits.acquire("stranger-1");
        assertThatThrownBy(() -> limits.acquire("stranger-2")).as("the overflow bucket is spent").isInstanceOf(HttpProblem.class);
        assertThatCode(() -> limits.acquire("b")).as("b has its own bucket").doesNotThrowAnyException();
    }

    @Test
    void failuresAreChargedOnlyWhenTheyHappen() {
        RateLimits failedLogins = limits(new HttpApi.Rate(2, Duration.ofHours(1)), 100);
        failedLogins.requireAvailable("login:alice");
        failedLogins.requireAvailable("login:alice");
        failedLogins.requireAvailable("login:alice");
        failedLogins.charge("login:alice");
        failedLogins.charge("login:alice");

        assertThatThrownBy(() -> failedLogins.requireAvailable("login:alice")).isInstanceOf(HttpProblem.class);
        assertThatCode(() -> failedLogins.requireAvailable("login:bob")).doesNotThrowAnyException();
    }

    @Test
    void limitsSharingAStoreKeepTheirBucketsApart() {
        LocalRateLimitStore store = new LocalRateLimitStore(100);
        RateLimits perCaller = new RateLimits("caller", new HttpApi.Rate(1, Duration.ofHours(1)), store);
        RateLimits credentials = new RateLimits("credentials", new HttpApi.Rate(1, Duration.ofHours(1)), store);
        perCaller.acquire("ip:192.0.2.1");

        assertThatCode(() -> credentials.acquire("ip:192.0.2.1")).doesNotThrowAnyException();
        assertThatThrownBy(() -> perCaller.acquire("ip:192.0.2.1")).isInstanceOf(HttpProblem.class);
    }
}

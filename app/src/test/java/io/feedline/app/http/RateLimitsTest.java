package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A full map of buckets sends strangers to a shared bucket; it never hands a limited caller a fresh one. */
class RateLimitsTest {

    @Test
    void rotatingThroughFreshKeysNeverRefillsALimitedCallersBucket() {
        RateLimits limits = new RateLimits(new HttpApi.Rate(2, Duration.ofHours(1)), 4);
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
        RateLimits limits = new RateLimits(new HttpApi.Rate(1, Duration.ofHours(1)), 2);
        limits.acquire("a");
        limits.requireAvailable("b");

        limits.acquire("stranger-1");
        assertThatThrownBy(() -> limits.acquire("stranger-2")).as("the overflow bucket is spent").isInstanceOf(HttpProblem.class);
        assertThatCode(() -> limits.acquire("b")).as("b has its own bucket").doesNotThrowAnyException();
    }

    @Test
    void failuresAreChargedOnlyWhenTheyHappen() {
        RateLimits failedLogins = new RateLimits(new HttpApi.Rate(2, Duration.ofHours(1)), 100);
        failedLogins.requireAvailable("login:alice");
        failedLogins.requireAvailable("login:alice");
        failedLogins.requireAvailable("login:alice");
        failedLogins.charge("login:alice");
        failedLogins.charge("login:alice");

        assertThatThrownBy(() -> failedLogins.requireAvailable("login:alice")).isInstanceOf(HttpProblem.class);
        assertThatCode(() -> failedLogins.requireAvailable("login:bob")).doesNotThrowAnyException();
    }
}

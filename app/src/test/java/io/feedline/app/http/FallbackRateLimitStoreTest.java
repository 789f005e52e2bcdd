package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.FeedlineException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A shared store that fails never fails a limit check: the process's own buckets answer, the shared
 * store is asked again once a second (not on every call), and it is used again once it answers.
 */
class FallbackRateLimitStoreTest {
    private static final HttpApi.Rate TWO_AN_HOUR = new HttpApi.Rate(2, Duration.ofHours(1));

    /** A shared store that counts the calls it gets and fails while told to. */
    private static final class Flaky implements RateLimitStore {
        final LocalRateLimitStore buckets = new LocalRateLimitStore(100);
        final AtomicInteger calls = new AtomicInteger();
        volatile boolean down;

        @Override
        public Duration take(String limit, HttpApi.Rate rate, String key) {
            calls.incrementAndGet();
            if (down) {
                throw new FeedlineException.StorageUnavailable("rate-limits", "take failed: connection refused", null);
            }
            return buckets.take(limit, rate, key);
        }

        @Override
        public Duration available(String limit, HttpApi.Rate rate, String key) {
            calls.incrementAndGet();
            if (down) {
                throw new FeedlineException.StorageUnavailable("rate-limits", "available failed: connection refused", null);
            }
            return buckets.available(limit, rate, key);
        }
    }

    @Test
    void whileTheSharedStoreFailsTheProcessLimitsOnItsOwnAndAsksItAgainOnceASecond() {
        Flaky shared = new Flaky();
        AtomicLong now = new AtomicLong(1_000);
        FallbackRateLimitStore store = new FallbackRateLimitStore(shared, new LocalRateLimitStore(100), now::get);
        shared.down = true;

        assertThat(store.take("caller", TWO_AN_HOUR, "alice")).isZero();
        assertThat(store.take("caller", TWO_AN_HOUR, "alice")).isZero();
        assertThat(store.take("caller", TWO_AN_HOUR, "alice")).as("still limited, in this process").isPositive();
        assertThat(store.available("caller", TWO_AN_HOUR, "alice")).isPositive();
        assertThat(shared.calls).as("one failed call, then a second without asking").hasValue(1);

        now.addAndGet(FallbackRateLimitStore.RETRY.toNanos());
        store.take("caller", TWO_AN_HOUR, "bob");
        store.take("caller", TWO_AN_HOUR, "bob");
        assertThat(shared.calls).as("asked once more after the retry interval").hasValue(2);

        shared.down = false;
        now.addAndGet(FallbackRateLimitStore.RETRY.toNanos());
        assertThat(store.take("caller", TWO_AN_HOUR, "carol")).isZero();
        assertThat(store.take("caller", TWO_AN_HOUR, "carol")).isZero();
        assertThat(shared.calls).as("back on the shared store for every call").hasValue(4);
        assertThat(shared.buckets.available("caller", TWO_AN_HOUR, "carol")).as("carol's tokens were taken there").isPositive();
    }

    @Test
    void whileTheSharedStoreAnswersTheLocalBucketsAreUntouched() {
        Flaky shared = new Flaky();
        LocalRateLimitStore local = new LocalRateLimitStore(100);
        FallbackRateLimitStore store = new FallbackRateLimitStore(shared, local, System::nanoTime);

        store.take("caller", TWO_AN_HOUR, "dave");
        store.take("caller", TWO_AN_HOUR, "dave");

        assertThat(store.take("caller", TWO_AN_HOUR, "dave")).isPositive();
        assertThat(local.take("caller", TWO_AN_HOUR, "dave")).isZero();
    }
}

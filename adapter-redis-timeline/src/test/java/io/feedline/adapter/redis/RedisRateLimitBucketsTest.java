package io.feedline.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.contract.RateLimitBucketsContract;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.out.RateLimitBuckets;
import io.feedline.ports.out.RateLimitBuckets.Limit;
import io.feedline.testsupport.FreePorts;
import io.feedline.testsupport.RedisAdmin;
import io.feedline.testsupport.TestRedis;
import io.feedline.testsupport.ThrowawayRedis;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Redis buckets against the port's contract on the shared test server; then that two clients
 * (two processes' worth) share one bucket, that keys expire, and that a Redis that is down fails
 * fast as unavailable and is used again once it is back.
 */
// A guard, not a measurement: a call that hung would block the build instead of failing it.
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RedisRateLimitBucketsTest extends RateLimitBucketsContract {
    private static final String PREFIX = "test:ratelimit:" + TestIds.userId().value() + ":";
    private static RedisRateLimitBuckets shared;

    @BeforeAll
    static void connect() {
        shared = RedisRateLimitBuckets.open(TestRedisSettings.of(TestRedis.uri()).withKeyPrefix(PREFIX));
    }

    @AfterAll
    static void cleanUp() {
        if (shared != null) {
            shared.close();
        }
        try (RedisAdmin admin = RedisAdmin.connect(TestRedis.uri())) {
            admin.deleteMatching(PREFIX + "*");
        }
    }

    @Override
    protected RateLimitBuckets buckets() {
        return shared;
    }

    @Test
    void twoClientsOnOneServerAndPrefixShareEachBucket() {
        Limit limit = new Limit("caller", 4, Duration.ofHours(1));
        String key = "ip:192.0.2." + TestIds.userId().value();
        try (RedisRateLimitBuckets other = RedisRateLimitBuckets.open(TestRedisSettings.of(TestRedis.uri()).withKeyPrefix(PREFIX))) {
            int taken = 0;
            for (int i = 0; i < 10; i++) {
                RateLimitBuckets either = i % 2 == 0 ? shared : other;
                if (either.take(limit, key).isZero()) {
                    taken++;
                }
            }
            assertThat(taken).as("10 alternated requests against one bucket of 4").isEqualTo(4);
        }
    }

    @Test
    void aBucketIsOneKeyUnderThePrefixThatExpiresOnceItWouldBeFull() {
        Limit limit = new Limit("credentials", 10, Duration.ofMinutes(1));
        String key = "ip:" + TestIds.userId().value();
        shared.take(limit, key);

        try (RedisAdmin admin = RedisAdmin.connect(TestRedis.uri())) {
            long ttl = admin.run(redis -> redis.pttl(PREFIX + "rl:credentials:" + key));
            assertThat(ttl).as("milliseconds to live: refilling one token takes 6 s, plus what it keeps after")
                    .isPositive().isLessThanOrEqualTo(Duration.ofMinutes(2).toMillis());
        }
    }

    @Test
    void aServerThatIsDownFailsFastAsUnavailableAndIsUsedAgainOnceBack() {
        Limit limit = new Limit("caller", 2, Duration.ofHours(1));
        try (ThrowawayRedis server = ThrowawayRedis.start();
                RedisRateLimitBuckets buckets = RedisRateLimitBuckets.open(TestRedisSettings.of(server.uri()))) {
            buckets.take(limit, "alice");
            server.shutDown();

            assertThatThrownBy(() -> buckets.take(limit, "alice"))
                    .isInstanceOfSatisfying(FeedlineException.StorageUnavailable.class,
                            e -> assertThat(e.component()).isEqualTo("rate-limits"));
            assertThatThrownBy(() -> buckets.available(limit, "alice")).isInstanceOf(FeedlineException.StorageUnavailable.class);

            server.restart();
            // Lettuce reconnects in the background; the restarted server is empty, so alice starts afresh.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            Duration answer = null;
            while (answer == null && System.nanoTime() < deadline) {
                try {
                    answer = buckets.take(limit, "alice");
                } catch (FeedlineException.StorageUnavailable stillAway) {
                    sleep(50);
                }
            }
            assertThat(answer).as("answered once the server was back").isZero();
            assertThat(buckets.take(limit, "alice")).isZero();
            assertThat(buckets.take(limit, "alice")).isPositive();
        }
    }

    @Test
    void openingWhereNothingListensIsNoErrorAndCallsFailAsUnavailable() {
        try (RedisRateLimitBuckets nowhere = RedisRateLimitBuckets.open(
                TestRedisSettings.of("redis://127.0.0.1:" + FreePorts.next()).withConnectTimeout(Duration.ofMillis(500)))) {
            assertThatThrownBy(() -> nowhere.take(new Limit("caller", 1, Duration.ofMinutes(1)), "bob"))
                    .isInstanceOf(FeedlineException.StorageUnavailable.class);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}

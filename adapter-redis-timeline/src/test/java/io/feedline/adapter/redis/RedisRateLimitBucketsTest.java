package io.feedline.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.feedline.ports.contract.RateLimitBucketsContract;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.fakes.MutableClock;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.out.RateLimitBuckets;
import io.feedline.ports.out.RateLimitBuckets.Limit;
import io.feedline.testsupport.FreePorts;
import io.feedline.testsupport.RedisAdmin;
import io.feedline.testsupport.TestRedis;
import io.feedline.testsupport.ThrowawayRedis;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Redis buckets against the port's contract on the shared test server; then that two clients
 * (two processes' worth) share one bucket, that keys expire, and that a Redis that is down fails
 * fast as unavailable and is used again once it is back; that a busy bucket is answered in the
 * process between its exchanges with Redis, within the share a process may take unannounced.
 */
// A guard, not a measurement: a call that hung would block the build instead of failing it.
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RedisRateLimitBucketsTest extends RateLimitBucketsContract {
    private static final String PREFIX = "test:ratelimit:" + TestIds.userId().value() + ":";
    private static RedisRateLimitBuckets shared;
    @AutoClose
    private RedisRateLimitBuckets onItsOwnClock;

    @BeforeAll
    static void connect() {
        shared = RedisRateLimitBuckets.open(TestRedisSettings.shared(PREFIX));
    }

    @AfterAll
    static void cleanUp() {
        if (shared != null) {
            shared.close();
        }
        TestRedisSettings.deleteShared(PREFIX);
    }

    @Override
    protected RateLimitBuckets buckets() {
        return shared;
    }

    @Override
    protected RateLimitBuckets buckets(MutableClock clock) {
        // bucket4j refills a bucket on the client, by this clock; Redis keeps its state and expires it
        // (PEXPIRE) only once it would be full and some seconds more, which no test here waits for.
        onItsOwnClock = RedisRateLimitBuckets.open(TestRedisSettings.shared(PREFIX), clock);
        return onItsOwnClock;
    }

    @Test
    void twoClientsOnOneServerAndPrefixShareEachBucket() {
        Limit limit = new Limit("caller", 4, Duration.ofHours(1));
        String key = "ip:192.0.2." + TestIds.userId().value();
        try (RedisRateLimitBuckets other = RedisRateLimitBuckets.open(TestRedisSettings.shared(PREFIX))) {
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
    void aBusyBucketAsksRedisOncePerShareOrSecondNotOncePerRequest() {
        Limit limit = new Limit("caller", 2_000, Duration.ofHours(1));
        long share = limit.requests() / RedisRateLimitBuckets.UNSYNCED_SHARE;
        try (ThrowawayRedis server = ThrowawayRedis.start();
                RedisRateLimitBuckets buckets = RedisRateLimitBuckets.open(TestRedisSettings.of(server.uri()))) {
            server.resetCommandStats();
            long started = System.nanoTime();
            for (int i = 0; i < 1_000; i++) {
                assertThat(buckets.take(limit, "alice")).as("take %d of a bucket of 2,000", i).isZero();
            }
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);

            // An exchange is a read and a write. bucket4j asks Redis about once per half share (20 exchanges
            // for these 1,000 takes when first run), and once a second besides.
            long exchanges = 2 * (1_000 / share + 1) + seconds + 1;
            long commands = server.commandCalls().entrySet().stream()
                    .filter(call -> !call.getKey().equals("info") && !call.getKey().equals("config|resetstat"))
                    .mapToLong(Map.Entry::getValue).sum();
            assertThat(commands).as("Redis commands for 1,000 takes (asking every time would be 2,000)")
                    .isPositive().isLessThanOrEqualTo(2 * exchanges);
        }
    }

    @Test
    void processesSharingABucketLetThroughAtMostTheirSharesOverIt() {
        Limit limit = new Limit("caller", 100, Duration.ofHours(1));
        long share = limit.requests() / RedisRateLimitBuckets.UNSYNCED_SHARE;
        String key = "user:" + TestIds.userId().value();
        try (RedisRateLimitBuckets first = RedisRateLimitBuckets.open(TestRedisSettings.shared(PREFIX));
                RedisRateLimitBuckets second = RedisRateLimitBuckets.open(TestRedisSettings.shared(PREFIX))) {
            int taken = 0;
            for (int i = 0; i < 300; i++) {
                if ((i % 3 == 0 ? second : first).take(limit, key).isZero()) {
                    taken++;
                }
            }
            assertThat(taken).as("300 requests from two processes against one bucket of 100")
                    .isBetween((int) limit.requests(), (int) (limit.requests() + 2 * share));
        }
    }

    @Test
    void whatAProcessTookWithoutTellingRedisIsChargedWhenItCloses() {
        Limit limit = new Limit("caller", 40, Duration.ofHours(1));
        String key = "user:" + TestIds.userId().value();
        try (RedisRateLimitBuckets first = RedisRateLimitBuckets.open(TestRedisSettings.shared(PREFIX))) {
            // The first take asks Redis; the next two are this process's share of 40 (2), not yet charged there.
            for (int i = 0; i < 3; i++) {
                assertThat(first.take(limit, key)).isZero();
            }
        }
        try (RedisRateLimitBuckets second = RedisRateLimitBuckets.open(TestRedisSettings.shared(PREFIX))) {
            int taken = 0;
            while (second.take(limit, key).isZero()) {
                taken++;
            }
            assertThat(taken).as("what is left of 40 once the closed process charged its 3").isEqualTo(37);
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
            Duration answer = await("answered once the server was back").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50))
                    .ignoreException(FeedlineException.StorageUnavailable.class).until(() -> buckets.take(limit, "alice"), Objects::nonNull);
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
}

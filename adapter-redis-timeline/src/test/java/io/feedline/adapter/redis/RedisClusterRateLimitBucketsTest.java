package io.feedline.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.RateLimitBucketsContract;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.fakes.MutableClock;
import io.feedline.ports.out.RateLimitBuckets;
import io.feedline.ports.out.RateLimitBuckets.Limit;
import io.feedline.testsupport.ThrowawayRedisCluster;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The rate-limit buckets' contract on a real 3-master Redis Cluster (the JVM's shared one), and two
 * clients of it sharing each bucket, as two server processes on one cluster do.
 */
class RedisClusterRateLimitBucketsTest extends RateLimitBucketsContract {
    private static final String PREFIX = "ctest:ratelimit:" + TestIds.userId().value() + ":";
    private static RedisRateLimitBuckets shared;
    @AutoClose
    private RedisRateLimitBuckets onItsOwnClock;

    @BeforeAll
    static void connect() {
        shared = RedisRateLimitBuckets.open(TestRedisSettings.of(ThrowawayRedisCluster.shared().uri()).withKeyPrefix(PREFIX));
    }

    @AfterAll
    static void close() {
        if (shared != null) {
            shared.close();
        }
    }

    @Override
    protected RateLimitBuckets buckets() {
        return shared;
    }

    @Override
    protected RateLimitBuckets buckets(MutableClock clock) {
        // bucket4j refills a bucket on the client, by this clock; Redis keeps its state and expires it
        // (PEXPIRE) only once it would be full and some seconds more, which no test here waits for.
        onItsOwnClock = RedisRateLimitBuckets.open(TestRedisSettings.of(ThrowawayRedisCluster.shared().uri()).withKeyPrefix(PREFIX), clock);
        return onItsOwnClock;
    }

    @Test
    void twoClientsOfOneClusterShareEachBucketWhateverItsSlot() {
        Limit limit = new Limit("caller", 3, Duration.ofHours(1));
        try (RedisRateLimitBuckets other = RedisRateLimitBuckets.open(
                TestRedisSettings.of(ThrowawayRedisCluster.shared().uri()).withKeyPrefix(PREFIX))) {
            // Keys that hash to different slots, so every master holds some of them.
            for (int k = 0; k < 6; k++) {
                String key = "ip:198.51.100." + k + ":" + TestIds.userId().value();
                int taken = 0;
                for (int i = 0; i < 8; i++) {
                    if ((i % 2 == 0 ? shared : other).take(limit, key).isZero()) {
                        taken++;
                    }
                }
                assertThat(taken).as("8 alternated requests against one bucket of 3, key " + key).isEqualTo(3);
            }
        }
    }
}

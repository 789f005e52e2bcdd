package io.feedline.app.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.feedline.app.http.ApiClient;
import io.feedline.app.http.ApiClient.Response;
import io.feedline.app.http.TestApps;
import io.feedline.testsupport.RedisAdmin;
import io.feedline.testsupport.TestRedis;
import io.feedline.testsupport.ThrowawayRedis;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code http.rate-limit.store = redis}: two servers (each its own app, Redis client and DynamoDB)
 * on one Redis and key prefix hold one limit between them, where in-process buckets would give
 * twice the limit; and with Redis stopped each server still limits on its own, never answers 500,
 * and goes back to the shared buckets once Redis answers again.
 */
// A guard, not a measurement: a request that hung would block the build instead of failing it.
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SharedRateLimitsHttpTest {
    private static final int LIMIT = 6;

    private static Map<String, Object> settings(String store, String redisUri, String prefix) {
        Map<String, Object> settings = new HashMap<>();
        settings.put("http.rate-limit.requests", LIMIT);
        settings.put("http.rate-limit.period", "1h");
        settings.put("http.rate-limit.store", store);
        settings.put("redis.uri", redisUri);
        settings.put("redis.key-prefix", prefix);
        settings.put("redis.command-timeout", "2s");
        settings.put("redis.connect-timeout", "2s");
        return settings;
    }

    /** Anonymous requests from this machine: one caller (127.0.0.1) as far as either server can tell. */
    private static List<Integer> alternate(int requests, ApiClient... servers) {
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            statuses.add(servers[i % servers.length].get("/users/nobody_here").send().status());
        }
        return statuses;
    }

    @Test
    void twoServersOnOneRedisHoldOneLimitBetweenThem() {
        String prefix = "test:shared-limits:" + UUID.randomUUID() + ":";
        try (App one = TestApps.start(settings("redis", TestRedis.uri(), prefix));
                App two = TestApps.start(settings("redis", TestRedis.uri(), prefix))) {
            List<Integer> statuses = alternate(3 * LIMIT, new ApiClient(one.port()), new ApiClient(two.port()));

            assertThat(statuses.subList(0, LIMIT)).as("the first %d, across both servers", LIMIT).containsOnly(404);
            assertThat(statuses.subList(LIMIT, statuses.size())).as("every one after them, on either server").containsOnly(429);
        } finally {
            try (RedisAdmin admin = RedisAdmin.connect(TestRedis.uri())) {
                assertThat(admin.deleteMatching(prefix + "rl:caller:*")).as("the caller's bucket was in Redis").isEqualTo(1);
            }
        }
    }

    @Test
    void inProcessBucketsGiveEachServerTheWholeLimit() {
        try (App one = TestApps.start(settings("local", TestRedis.uri(), "unused:"));
                App two = TestApps.start(settings("local", TestRedis.uri(), "unused:"))) {
            List<Integer> statuses = alternate(2 * LIMIT, new ApiClient(one.port()), new ApiClient(two.port()));

            assertThat(statuses).as("what the shared store prevents: twice the limit").containsOnly(404);
        }
    }

    @Test
    void withRedisStoppedEachServerLimitsOnItsOwnAndReturnsToRedisWhenItIsBack() throws InterruptedException {
        try (ThrowawayRedis redis = ThrowawayRedis.start();
                App app = TestApps.start(settings("redis", redis.uri(), "test:fallback:"))) {
            ApiClient api = new ApiClient(app.port());
            assertThat(alternate(2, api)).containsOnly(404);

            redis.shutDown();
            List<Integer> whileDown = alternate(LIMIT + 3, api);

            assertThat(whileDown).as("limited in this process: a fresh bucket of %d, then refusals", LIMIT)
                    .containsExactlyElementsOf(statuses(LIMIT, 3));

            redis.restart();
            // The restarted Redis is empty: a fresh shared bucket. Answered 404 again only once it is used.
            int status = await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                    .until(() -> api.get("/users/nobody_here").send().status(), answer -> answer != 429);
            assertThat(status).as("answered from the shared bucket again").isEqualTo(404);
            assertThat(redis.admin().exists("test:fallback:rl:caller:ip:127.0.0.1")).isTrue();
        }
    }

    private static List<Integer> statuses(int passed, int refused) {
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < passed; i++) {
            expected.add(404);
        }
        for (int i = 0; i < refused; i++) {
            expected.add(429);
        }
        return expected;
    }
}

package io.feedline.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.ScoredValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** On the shared test Redis, under keys of its own. */
class RedisAdminTest {

    @Test
    void theSharedServerIsFoundOnceAndAnswers() {
        String uri = TestRedis.uri();

        assertThat(TestRedis.uri()).isEqualTo(uri);
        try (RedisAdmin admin = RedisAdmin.connect(uri)) {
            assertThat(admin.answersPing()).isTrue();
            assertThat(admin.serverVersion()).matches("\\d+\\.\\d+.*");
        }
    }

    @Test
    void deleteMatchingRemovesTheKeysUnderThePatternAndNoOther() {
        String run = "feedline-ts:" + UUID.randomUUID() + ":";
        try (RedisAdmin admin = RedisAdmin.connect(TestRedis.uri())) {
            admin.run(redis -> redis.mset(Map.of(run + "a:1", "x", run + "a:2", "y", run + "b:1", "z")));

            assertThat(admin.deleteMatching(run + "a:*")).isEqualTo(2);

            assertThat(admin.exists(run + "a:1")).isFalse();
            assertThat(admin.exists(run + "a:2")).isFalse();
            assertThat(admin.exists(run + "b:1")).isTrue();
            assertThat(admin.delete(run + "b:1", run + "gone")).isEqualTo(1);
        }
    }

    @Test
    void theServersCpuTimeGrowsWithTheWorkItIsGiven() {
        String key = "feedline-ts:" + UUID.randomUUID() + ":cpu";
        try (RedisAdmin admin = RedisAdmin.connect(TestRedis.uri())) {
            Duration before = admin.cpuTime();
            // 200,000 members into one sorted set: tens of milliseconds of the server's own CPU, far past INFO's microseconds.
            admin.run(redis -> {
                for (int from = 0; from < 200_000; from += 10_000) {
                    List<ScoredValue<String>> members = new ArrayList<>();
                    for (int i = from; i < from + 10_000; i++) {
                        members.add(ScoredValue.just(i, "m" + i));
                    }
                    redis.zadd(key, members.toArray(ScoredValue[]::new));
                }
                return redis.del(key);
            });
            Duration after = admin.cpuTime();

            assertThat(before).isPositive();
            assertThat(after.minus(before)).isGreaterThan(Duration.ofMillis(10));
        }
    }

    @Test
    void aServerThatIsNotThereDoesNotAnswer() {
        try (RedisAdmin admin = RedisAdmin.connect("redis://127.0.0.1:" + FreePorts.next())) {
            assertThat(admin.answersPing()).isFalse();
        }
    }
}

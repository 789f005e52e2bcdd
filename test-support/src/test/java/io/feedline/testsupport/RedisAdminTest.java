package io.feedline.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

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
    void aServerThatIsNotThereDoesNotAnswer() {
        try (RedisAdmin admin = RedisAdmin.connect("redis://127.0.0.1:" + FreePorts.next())) {
            assertThat(admin.answersPing()).isFalse();
        }
    }
}

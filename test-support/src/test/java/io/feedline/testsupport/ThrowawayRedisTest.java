package io.feedline.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ThrowawayRedisTest {

    @Test
    void aPrivateServerFlushesStopsAndComesBackEmptyOnItsPort() {
        try (ThrowawayRedis redis = ThrowawayRedis.start()) {
            RedisAdmin admin = redis.admin();
            admin.run(commands -> commands.set("k", "v"));
            redis.flushAll();
            assertThat(admin.exists("k")).isFalse();

            admin.run(commands -> commands.set("k", "v"));
            redis.shutDown();
            assertThat(redis.running()).isFalse();
            assertThat(admin.answersPing()).isFalse();

            redis.restart();
            assertThat(redis.running()).isTrue();
            assertThat(redis.uri()).endsWith(":" + redis.port());
            assertThat(admin.exists("k")).as("nothing kept on disk").isFalse();
        }
    }

    @Test
    void commandCallsAreWhatTheServerRanSinceTheReset() {
        try (ThrowawayRedis redis = ThrowawayRedis.start()) {
            redis.admin().run(commands -> commands.set("a", "1"));
            redis.resetCommandStats();

            redis.admin().run(commands -> commands.set("a", "2"));
            redis.admin().run(commands -> commands.set("b", "3"));

            assertThat(redis.commandCalls()).containsEntry("set", 2L);
        }
    }

    @Test
    void closingStopsTheServer() {
        ThrowawayRedis redis = ThrowawayRedis.start();
        RedisAdmin probe = RedisAdmin.connect(redis.uri());
        try {
            redis.close();

            assertThat(redis.running()).isFalse();
            assertThat(probe.answersPing()).isFalse();
        } finally {
            probe.close();
        }
    }
}

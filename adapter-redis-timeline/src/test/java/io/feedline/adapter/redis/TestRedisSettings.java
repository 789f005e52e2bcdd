package io.feedline.adapter.redis;

import io.feedline.testsupport.RedisAdmin;
import io.feedline.testsupport.TestRedis;
import java.time.Duration;

/**
 * Settings for tests: the defaults, with time bounds wide enough for a loaded build machine. The
 * bounds are about hangs, not speed; the fault tests fail fast through rejection, not timeouts.
 */
final class TestRedisSettings {
    private TestRedisSettings() {}

    static RedisSettings of(String uri) {
        return RedisSettings.of(uri).withCommandTimeout(Duration.ofSeconds(5)).withConnectTimeout(Duration.ofSeconds(5));
    }

    /** Settings on the shared test server with every key under {@code prefix}, so that test classes never meet. */
    static RedisSettings shared(String prefix) {
        return of(TestRedis.uri()).withKeyPrefix(prefix);
    }

    /** Deletes what a test class left under {@code prefix} on the shared test server. */
    static void deleteShared(String prefix) {
        try (RedisAdmin admin = RedisAdmin.connect(TestRedis.uri())) {
            admin.deleteMatching(prefix + "*");
        }
    }
}

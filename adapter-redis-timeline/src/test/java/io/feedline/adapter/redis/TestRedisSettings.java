package io.feedline.adapter.redis;

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
}

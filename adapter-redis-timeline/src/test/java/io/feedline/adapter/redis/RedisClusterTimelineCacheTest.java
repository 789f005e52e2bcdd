package io.feedline.adapter.redis;

import io.feedline.ports.contract.CappedTimelineCacheContract;
import io.feedline.ports.contract.TestIds;
import io.feedline.testsupport.ThrowawayRedisCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The window's contract on a real 3-master Redis Cluster (the JVM's shared one): every script and
 * pipeline the adapter sends must be routed by slot, and a window and its rebuild token must share
 * one. Each test works under a key prefix of its own.
 */
class RedisClusterTimelineCacheTest extends CappedTimelineCacheContract {
    private static RedisTimelines timelines;

    @BeforeAll
    static void connect() {
        timelines = RedisTimelines.connect(TestRedisSettings.of(ThrowawayRedisCluster.shared().uri()));
    }

    @AfterAll
    static void close() {
        if (timelines != null) {
            timelines.close();
        }
    }

    @Override
    protected RedisTimelineCache timelineCache() {
        return timelineCache(RedisSettings.DEFAULT_CAP);
    }

    @Override
    protected RedisTimelineCache timelineCache(int cap) {
        return timelines.timelineCache("ctest:" + TestIds.userId().value() + ":", cap);
    }
}

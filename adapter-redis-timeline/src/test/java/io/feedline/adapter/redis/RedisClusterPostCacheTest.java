package io.feedline.adapter.redis;

import io.feedline.ports.contract.PostCacheContract;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.out.PostCache;
import io.feedline.testsupport.ThrowawayRedisCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The post cache's contract on a real 3-master Redis Cluster (the JVM's shared one): a page's posts
 * live on every master, and one read or write-back is pipelined to each.
 */
class RedisClusterPostCacheTest extends PostCacheContract {
    private static RedisTimelines shared;

    @BeforeAll
    static void connect() {
        shared = RedisTimelines.connect(TestRedisSettings.of(ThrowawayRedisCluster.shared().uri())
                .withKeyPrefix("ctest:postcache:" + TestIds.userId().value() + ":"));
    }

    @AfterAll
    static void close() {
        if (shared != null) {
            shared.close();
        }
    }

    @Override
    protected PostCache postCache() {
        return shared.postCache();
    }
}

package io.feedline.adapter.redis;

import static org.awaitility.Awaitility.await;

import io.feedline.ports.contract.LiveEventsContract;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.fakes.InMemoryLiveEvents;
import io.feedline.ports.out.LiveEvents;
import io.feedline.testsupport.TestRedis;
import io.feedline.testsupport.ThrowawayRedisCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;

/**
 * The live channel's contract over Redis pub/sub, on the shared test server and on a 3-master
 * cluster: each channel is a process of its own (its own connections and in-process channel), so
 * the peer test is two processes talking through Redis.
 */
class RedisLiveEventsTest {
    /** How long a message may take to cross, or a subscription to be made. */
    private static final Duration HEARD_WITHIN = Duration.ofSeconds(10);

    abstract static class OverRedis extends LiveEventsContract {
        private final List<AutoCloseable> opened = new ArrayList<>();
        private final String prefix = "test:live:" + TestIds.userId().value() + ":";

        abstract String uri();

        @Override
        protected LiveEvents channel() {
            RedisTimelines redis = RedisTimelines.connect(TestRedisSettings.of(uri()).withKeyPrefix(prefix));
            InMemoryLiveEvents local = new InMemoryLiveEvents();
            opened.add(redis);
            LiveEvents live = redis.liveEvents(local);
            await("subscribed to the live channel").atMost(HEARD_WITHIN).until(redis::listening);
            return live;
        }

        @Override
        protected LiveEvents peerOf(LiveEvents first) {
            return channel();
        }

        @AfterEach
        void close() throws Exception {
            for (AutoCloseable closeable : opened) {
                closeable.close();
            }
        }
    }

    @Nested
    class OnOneServer extends OverRedis {
        @Override
        String uri() {
            return TestRedis.uri();
        }
    }

    @Nested
    class OnACluster extends OverRedis {
        @Override
        String uri() {
            return ThrowawayRedisCluster.shared().uri();
        }
    }
}

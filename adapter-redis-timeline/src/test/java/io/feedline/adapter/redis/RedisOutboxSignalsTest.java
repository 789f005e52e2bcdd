package io.feedline.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.feedline.ports.out.OutboxSignals;
import io.feedline.testsupport.FreePorts;
import io.feedline.testsupport.TestRedis;
import io.feedline.testsupport.ThrowawayRedisCluster;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The outbox's signal over Redis pub/sub, each {@link RedisTimelines} standing for a process: an
 * enqueue announced by one is heard by the others and not echoed back to itself, a burst of
 * announcements is coalesced into a few messages, and an announcement while Redis is away neither
 * throws nor waits.
 */
class RedisOutboxSignalsTest {
    /** How long a message may take to cross, or a subscription to be made. */
    private static final Duration HEARD_WITHIN = Duration.ofSeconds(10);

    abstract static class OverRedis {
        private final SubscribedProcesses processes = new SubscribedProcesses("outbox");

        abstract String uri();

        private RedisTimelines process() {
            return processes.open(uri(), RedisTimelines::outboxSignals);
        }

        @Test
        void anotherProcessHearsTheAnnouncementAndTheAnnouncerDoesNot() throws Exception {
            RedisTimelines announcer = process();
            RedisTimelines other = process();
            AtomicInteger heardByAnnouncer = new AtomicInteger();
            CountDownLatch heardByOther = new CountDownLatch(1);
            announcer.outboxSignals().listen(heardByAnnouncer::incrementAndGet);
            other.outboxSignals().listen(heardByOther::countDown);

            announcer.outboxSignals().jobsEnqueued();
            assertThat(heardByOther.await(10, TimeUnit.SECONDS)).as("the other process heard it").isTrue();
            // The other's answer reaches the announcer after its own message would have (one channel, in order).
            other.outboxSignals().jobsEnqueued();
            await("the announcer heard the other process").atMost(HEARD_WITHIN).until(() -> heardByAnnouncer.get() > 0);

            assertThat(heardByAnnouncer).as("the other's message only: the announcer's own echo is ignored").hasValue(1);
        }

        @Test
        void aBurstOfEnqueuesIsCoalescedAndTheLastIsAlwaysAnnouncedAfterIt() throws Exception {
            RedisTimelines announcer = process();
            RedisTimelines other = process();
            AtomicInteger heard = new AtomicInteger();
            other.outboxSignals().listen(heard::incrementAndGet);
            RedisOutboxSignals signals = (RedisOutboxSignals) announcer.outboxSignals();

            for (int i = 0; i < 10_000; i++) {
                signals.jobsEnqueued();
            }
            await("every message sent was heard").atMost(HEARD_WITHIN).until(() -> signals.sent() > 0 && heard.get() == signals.sent());
            long afterBurst = signals.sent();
            assertThat(afterBurst).as("messages for 10,000 enqueues").isBetween(1L, 1_000L);

            int before = heard.get();
            signals.jobsEnqueued();
            await("one more enqueue, one more message heard").atMost(HEARD_WITHIN).until(() -> heard.get() > before);
            assertThat(signals.dropped()).isZero();
        }

        @Test
        void aListenerClosedHearsNoMore() throws Exception {
            RedisTimelines announcer = process();
            RedisTimelines other = process();
            AtomicInteger closedOnes = new AtomicInteger();
            CountDownLatch open = new CountDownLatch(1);
            OutboxSignals.Subscription closed = other.outboxSignals().listen(closedOnes::incrementAndGet);
            other.outboxSignals().listen(open::countDown);
            closed.close();

            announcer.outboxSignals().jobsEnqueued();

            assertThat(open.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(closedOnes).hasValue(0);
        }

        @AfterEach
        void close() {
            processes.close();
        }
    }

    @Test
    void anAnnouncementWhileRedisIsAwayIsDroppedWithoutThrowing() {
        // Nothing listens on this port: the link never connects.
        try (RedisTimelines away = RedisTimelines.connect(TestRedisSettings.of("redis://127.0.0.1:" + FreePorts.next()))) {
            RedisOutboxSignals signals = (RedisOutboxSignals) away.outboxSignals();
            signals.jobsEnqueued();
            await("the announcement counted as dropped").atMost(HEARD_WITHIN).until(() -> signals.dropped() == 1);
            assertThat(signals.sent()).isZero();
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

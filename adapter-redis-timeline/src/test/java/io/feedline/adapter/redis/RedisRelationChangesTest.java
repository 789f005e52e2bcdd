package io.feedline.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.RelationChanges;
import io.feedline.testsupport.FreePorts;
import io.feedline.testsupport.TestRedis;
import io.feedline.testsupport.ThrowawayRedis;
import io.feedline.testsupport.ThrowawayRedisCluster;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Relation changes over Redis pub/sub, each {@link RedisTimelines} standing for a process: a change
 * announced by one reaches the others with its two users and is not echoed back to itself; a
 * listener hears the channel's state (up once subscribed, down when the connection drops, up again
 * once Lettuce has subscribed again); a change announced while Redis is away is counted as dropped.
 */
class RedisRelationChangesTest {

    /** What one process's listener heard, in order. */
    static final class Heard implements RelationChanges.Listener {
        final List<String> events = new CopyOnWriteArrayList<>();

        @Override
        public void changed(UserId first, UserId second) {
            events.add("changed " + first.value() + " " + second.value());
        }

        @Override
        public void hearing(boolean everyChange) {
            events.add(everyChange ? "up" : "down");
        }

        String last() {
            return events.isEmpty() ? "" : events.getLast();
        }
    }

    abstract static class OverRedis {
        private final SubscribedProcesses processes = new SubscribedProcesses("relations");

        abstract String uri();

        private RedisTimelines process() {
            return processes.open(uri(), RedisTimelines::relationChanges);
        }

        @Test
        void anotherProcessHearsTheChangeWithItsUsersAndTheAnnouncerDoesNot() {
            RedisTimelines announcer = process();
            RedisTimelines other = process();
            Heard byAnnouncer = new Heard();
            Heard byOther = new Heard();
            announcer.relationChanges().listen(byAnnouncer);
            other.relationChanges().listen(byOther);
            Waiting.until(() -> byOther.last().equals("up") && byAnnouncer.last().equals("up"), "both told the channel is up");
            UserId alice = TestIds.userId();
            UserId bob = TestIds.userId();

            announcer.relationChanges().changed(alice, bob);
            Waiting.until(() -> byOther.last().startsWith("changed"), "the other process heard the change");
            assertThat(byOther.last()).isEqualTo("changed " + alice.value() + " " + bob.value());
            // The other's answer reaches the announcer after its own message would have (one channel, in order).
            other.relationChanges().changed(bob, alice);
            Waiting.until(() -> byAnnouncer.last().startsWith("changed"), "the announcer heard the other process");

            assertThat(byAnnouncer.events).as("the other's change only: the announcer's own echo is ignored")
                    .containsExactly("up", "changed " + bob.value() + " " + alice.value());
            assertThat(((RedisRelationChanges) announcer.relationChanges()).dropped()).isZero();
        }

        @Test
        void aListenerClosedHearsNoMore() {
            RedisTimelines announcer = process();
            RedisTimelines other = process();
            Heard closedOne = new Heard();
            Heard open = new Heard();
            RelationChanges.Subscription closed = other.relationChanges().listen(closedOne);
            other.relationChanges().listen(open);
            closed.close();

            announcer.relationChanges().changed(TestIds.userId(), TestIds.userId());

            Waiting.until(() -> open.last().startsWith("changed"), "the open listener heard it");
            assertThat(closedOne.events).containsExactly("up");
        }

        @AfterEach
        void close() {
            processes.close();
        }
    }

    @Test
    void aListenerHearsTheChannelGoDownWithRedisAndComeBackUpWithIt() {
        try (ThrowawayRedis server = ThrowawayRedis.start();
                RedisTimelines process = RedisTimelines.connect(TestRedisSettings.of(server.uri()))) {
            Heard heard = new Heard();
            process.relationChanges().listen(heard);
            Waiting.until(() -> heard.last().equals("up"), "told the channel is up once subscribed");

            server.shutDown();
            Waiting.until(() -> heard.last().equals("down"), "told the channel is down");
            server.restart();
            Waiting.until(() -> heard.last().equals("up"), "told it is up again once subscribed again");

            try (RedisTimelines other = RedisTimelines.connect(TestRedisSettings.of(server.uri()))) {
                other.relationChanges();
                Waiting.until(other::listening, "the other process subscribed");
                UserId alice = TestIds.userId();
                other.relationChanges().changed(alice, TestIds.userId());
                Waiting.until(() -> heard.last().startsWith("changed " + alice.value()), "a change heard after the restart");
            }
        }
    }

    @Test
    void aChangeAnnouncedWhileRedisIsAwayIsDroppedWithoutThrowing() {
        // Nothing listens on this port: the link never connects.
        try (RedisTimelines away = RedisTimelines.connect(TestRedisSettings.of("redis://127.0.0.1:" + FreePorts.next()))) {
            RedisRelationChanges changes = (RedisRelationChanges) away.relationChanges();
            Heard heard = new Heard();
            changes.listen(heard);
            changes.changed(TestIds.userId(), TestIds.userId());
            assertThat(changes.dropped()).isEqualTo(1);
            assertThat(changes.sent()).isZero();
            assertThat(heard.events).as("never subscribed: told it may miss changes").containsExactly("down");
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

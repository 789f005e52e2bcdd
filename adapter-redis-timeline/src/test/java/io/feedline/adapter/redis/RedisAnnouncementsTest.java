package io.feedline.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.RelationChange;
import io.feedline.ports.out.Announcements;
import io.feedline.testsupport.FreePorts;
import io.feedline.testsupport.RedisAdmin;
import io.feedline.testsupport.TestRedis;
import io.feedline.testsupport.ThrowawayRedis;
import io.feedline.testsupport.ThrowawayRedisCluster;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Announcements over Redis pub/sub, each {@link RedisTimelines} standing for a process: a word
 * announced by one reaches the others whole and is not echoed back to itself; each kind of word has
 * a channel of its own; a listener hears the channel's state (up once subscribed, down when the
 * connection drops, up again once Lettuce has subscribed again); a word announced while Redis is
 * away is counted as dropped.
 */
class RedisAnnouncementsTest {
    /** How long a message may take to cross, or a subscription to be made. */
    private static final Duration HEARD_WITHIN = Duration.ofSeconds(10);

    /** What one process's listener heard, in order. */
    static final class Heard<M> implements Announcements.Listener<M> {
        final List<String> events = new CopyOnWriteArrayList<>();

        @Override
        public void heard(M word) {
            events.add("heard " + word);
        }

        @Override
        public void hearing(boolean everyWord) {
            events.add(everyWord ? "up" : "down");
        }

        String last() {
            return events.isEmpty() ? "" : events.getLast();
        }
    }

    abstract static class OverRedis {
        private final SubscribedProcesses processes = new SubscribedProcesses("announcements");

        abstract String uri();

        private RedisTimelines process() {
            return processes.open(uri(), RedisTimelines::relationChanges);
        }

        @Test
        void anotherProcessHearsTheChangeWithItsUsersAndTheAnnouncerDoesNot() {
            RedisTimelines announcer = process();
            RedisTimelines other = process();
            Heard<RelationChange> byAnnouncer = new Heard<>();
            Heard<RelationChange> byOther = new Heard<>();
            announcer.relationChanges().listen(byAnnouncer);
            other.relationChanges().listen(byOther);
            await("both told the channel is up").atMost(HEARD_WITHIN).until(() -> byOther.last().equals("up") && byAnnouncer.last().equals("up"));
            RelationChange aliceAndBob = new RelationChange(TestIds.userId(), TestIds.userId());
            RelationChange bobAndAlice = new RelationChange(aliceAndBob.second(), aliceAndBob.first());

            announcer.relationChanges().announce(aliceAndBob);
            await("the other process heard the change").atMost(HEARD_WITHIN).until(() -> byOther.last().startsWith("heard"));
            assertThat(byOther.last()).isEqualTo("heard " + aliceAndBob);
            // The other's answer reaches the announcer after its own message would have (one channel, in order).
            other.relationChanges().announce(bobAndAlice);
            await("the announcer heard the other process").atMost(HEARD_WITHIN).until(() -> byAnnouncer.last().startsWith("heard"));

            assertThat(byAnnouncer.events).as("the other's change only: the announcer's own echo is ignored")
                    .containsExactly("up", "heard " + bobAndAlice);
            assertThat(((RedisAnnouncements<?>) announcer.relationChanges()).dropped()).isZero();
        }

        @Test
        void aRevokedTokenIsHeardOnItsOwnChannelAndNotAsARelationChange() {
            RedisTimelines announcer = process();
            RedisTimelines other = process();
            Heard<String> revocations = new Heard<>();
            Heard<RelationChange> relations = new Heard<>();
            other.tokenRevocations().listen(revocations);
            other.relationChanges().listen(relations);
            await("told the revocation channel is up").atMost(HEARD_WITHIN).until(() -> revocations.last().equals("up"));

            announcer.tokenRevocations().announce("01JTOKEN-ID");
            announcer.relationChanges().announce(new RelationChange(TestIds.userId(), TestIds.userId()));

            await("the relation change heard after the revocation").atMost(HEARD_WITHIN).until(() -> relations.last().startsWith("heard"));
            assertThat(revocations.events).containsExactly("up", "heard 01JTOKEN-ID");
            assertThat(relations.events).hasSize(2).doesNotContain("heard 01JTOKEN-ID");
        }

        @Test
        void aListenerClosedHearsNoMore() {
            RedisTimelines announcer = process();
            RedisTimelines other = process();
            Heard<RelationChange> closedOne = new Heard<>();
            Heard<RelationChange> open = new Heard<>();
            Announcements.Subscription closed = other.relationChanges().listen(closedOne);
            other.relationChanges().listen(open);
            closed.close();

            announcer.relationChanges().announce(new RelationChange(TestIds.userId(), TestIds.userId()));

            await("the open listener heard it").atMost(HEARD_WITHIN).until(() -> open.last().startsWith("heard"));
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
            Heard<RelationChange> heard = new Heard<>();
            process.relationChanges().listen(heard);
            await("told the channel is up once subscribed").atMost(HEARD_WITHIN).until(() -> heard.last().equals("up"));

            server.shutDown();
            await("told the channel is down").atMost(HEARD_WITHIN).until(() -> heard.last().equals("down"));
            server.restart();
            await("told it is up again once subscribed again").atMost(HEARD_WITHIN).until(() -> heard.last().equals("up"));

            try (RedisTimelines other = RedisTimelines.connect(TestRedisSettings.of(server.uri()))) {
                other.relationChanges();
                await("the other process subscribed").atMost(HEARD_WITHIN).until(other::listening);
                RelationChange change = new RelationChange(TestIds.userId(), TestIds.userId());
                other.relationChanges().announce(change);
                await("a change heard after the restart").atMost(HEARD_WITHIN).until(() -> heard.last().equals("heard " + change));
            }
        }
    }

    @Test
    void aWordAnnouncedWhileRedisIsAwayIsDroppedWithoutThrowing() {
        // Nothing listens on this port: the link never connects.
        try (RedisTimelines away = RedisTimelines.connect(TestRedisSettings.of("redis://127.0.0.1:" + FreePorts.next()))) {
            RedisAnnouncements<String> revocations = (RedisAnnouncements<String>) away.tokenRevocations();
            Heard<String> heard = new Heard<>();
            revocations.listen(heard);
            revocations.announce("01JTOKEN-ID");
            assertThat(revocations.dropped()).isEqualTo(1);
            assertThat(revocations.sent()).isZero();
            assertThat(heard.events).as("never subscribed: told it may miss words").containsExactly("down");
        }
    }

    @Test
    void aMalformedWordIsIgnoredAndTheNextOneHeard() {
        try (SubscribedProcesses processes = new SubscribedProcesses("malformed")) {
            RedisTimelines process = processes.open(TestRedis.uri(), RedisTimelines::relationChanges);
            Heard<RelationChange> heard = new Heard<>();
            process.relationChanges().listen(heard);
            RedisTimelines other = processes.open(TestRedis.uri(), RedisTimelines::relationChanges);
            String channel = processes.prefix() + "relations";
            try (RedisAdmin raw = RedisAdmin.connect(TestRedis.uri())) {
                raw.run(commands -> commands.publish(channel, "no-process-id"));
                raw.run(commands -> commands.publish(channel, "another-process " + TestIds.userId().value()));
                raw.run(commands -> commands.publish(channel, "another-process not-an-id " + TestIds.userId().value()));
            }
            RelationChange change = new RelationChange(TestIds.userId(), TestIds.userId());
            other.relationChanges().announce(change);

            await("the well-formed change heard").atMost(HEARD_WITHIN).until(() -> heard.last().startsWith("heard"));
            assertThat(heard.events).containsExactly("up", "heard " + change);
        }
    }

    @Test
    void theCodecsReadWhatTheyWrite() {
        RelationChange change = new RelationChange(TestIds.userId(), TestIds.userId());
        assertThat(RedisAnnouncements.RELATION_CHANGES.read(RedisAnnouncements.RELATION_CHANGES.write(change))).isEqualTo(change);
        assertThat(RedisAnnouncements.TOKEN_IDS.read(RedisAnnouncements.TOKEN_IDS.write("a-token"))).isEqualTo("a-token");
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

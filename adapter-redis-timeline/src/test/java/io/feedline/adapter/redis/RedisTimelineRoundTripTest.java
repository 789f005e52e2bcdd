package io.feedline.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.testsupport.ThrowawayRedis;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * How many round trips and commands each call costs, counted at the socket (flushes) and by the
 * server ({@code INFO commandstats}, on a throwaway server so that nothing else is counted). The
 * windows' near cache is off here, so that every read goes to Redis; {@link RedisWindowCopiesTest}
 * counts what it saves.
 */
class RedisTimelineRoundTripTest {

    private static ThrowawayRedis server;
    private static WireCounter wire;
    private static RedisTimelines timelines;

    @BeforeAll
    static void start() {
        server = ThrowawayRedis.start();
        wire = new WireCounter();
        timelines = RedisTimelines.connect(TestRedisSettings.of(server.uri()).withWindowNearCacheSize(0), wire);
    }

    @AfterAll
    static void stop() {
        if (timelines != null) {
            timelines.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void fanoutToAThousandReadersIsOneRoundTripOfTenScriptCallsEachAddingTrimmingAndRefreshingAHundredWindows() {
        String prefix = freshPrefix();
        RedisTimelineCache cache = timelines.timelineCache(prefix, 800);
        PostRef entry = new PostRef(TestIds.postId(), TestIds.userId());
        List<UserId> readers = IntStream.range(0, 1000).mapToObj(i -> TestIds.userId()).toList();
        readers.forEach(reader -> cache.replace(reader, List.of()));
        // As after a connect (another test here flushes the server's scripts).
        server.admin().run(redis -> redis.scriptLoad(TimelineScript.ADD.body()));
        server.resetCommandStats();
        long flushesBefore = wire.flushes();

        cache.add(readers.stream().map(reader -> new Delivery(reader, entry)).toList());

        assertThat(wire.flushes() - flushesBefore).isEqualTo(1);
        Map<String, Long> calls = server.commandCalls();
        assertThat(calls).as("one call per %d windows", RedisTimelineCache.ADD_WINDOWS_PER_SCRIPT)
                .containsEntry("evalsha", 1000L / RedisTimelineCache.ADD_WINDOWS_PER_SCRIPT).doesNotContainKey("eval");
        // The server counts the commands the script ran, too.
        assertThat(calls).containsEntry("zadd", 1000L).containsEntry("zremrangebyrank", 1000L)
                .as("each window's expiry refreshed by the write").containsEntry("pexpire", 1000L)
                .doesNotContainKey("exists");
        List<String> windows = server.admin().run(redis -> redis.keys(prefix + "*"));
        assertThat(windows).hasSize(1000);
        assertThat(List.of(readers.getFirst(), readers.get(500), readers.getLast())).allSatisfy(reader ->
                assertThat(cache.range(reader, Optional.empty(), 5)).contains(List.of(entry)));
    }

    @Test
    void aReadWithItsExistenceCheckIsOneRoundTrip() {
        RedisTimelineCache cache = timelines.timelineCache(freshPrefix(), 800);
        UserId reader = TestIds.userId();
        PostRef entry = new PostRef(TestIds.postId(), TestIds.userId());
        cache.replace(reader, List.of(entry));
        server.resetCommandStats();
        long flushesBefore = wire.flushes();

        assertThat(cache.range(reader, Optional.empty(), 20)).contains(List.of(entry));
        assertThat(cache.range(TestIds.userId(), Optional.empty(), 20)).isEmpty();

        assertThat(wire.flushes() - flushesBefore).isEqualTo(2);
        assertThat(server.commandCalls()).containsEntry("evalsha", 2L).doesNotContainKey("eval");
    }

    @Test
    void aFanOutAfterTheServerLostItsScriptsCostsOneExtraRoundTrip() {
        RedisTimelineCache cache = timelines.timelineCache(freshPrefix(), 800);
        List<UserId> readers = IntStream.range(0, 250).mapToObj(i -> TestIds.userId()).toList();
        readers.forEach(reader -> cache.replace(reader, List.of()));
        PostRef entry = new PostRef(TestIds.postId(), TestIds.userId());
        server.admin().run(redis -> redis.scriptFlush());
        server.resetCommandStats();
        long flushesBefore = wire.flushes();

        cache.add(readers.stream().map(reader -> new Delivery(reader, entry)).toList());

        assertThat(wire.flushes() - flushesBefore).isEqualTo(2);
        assertThat(server.commandCalls()).containsEntry("evalsha", 3L).containsEntry("eval", 3L)
                .containsEntry("zadd", 250L);
        assertThat(readers).allSatisfy(reader -> assertThat(cache.range(reader, Optional.empty(), 5)).contains(List.of(entry)));
    }

    @Test
    void aLostScriptCacheCostsOneExtraRoundTripOnce() {
        RedisTimelineCache cache = timelines.timelineCache(freshPrefix(), 800);
        UserId reader = TestIds.userId();
        PostRef entry = new PostRef(TestIds.postId(), TestIds.userId());
        cache.replace(reader, List.of(entry));
        server.admin().run(redis -> redis.scriptFlush());
        long flushesBefore = wire.flushes();

        assertThat(cache.range(reader, Optional.empty(), 20)).contains(List.of(entry));
        long firstRead = wire.flushes() - flushesBefore;
        assertThat(cache.range(reader, Optional.empty(), 20)).contains(List.of(entry));
        long secondRead = wire.flushes() - flushesBefore - firstRead;

        assertThat(firstRead).isEqualTo(2);
        assertThat(secondRead).isEqualTo(1);
    }

    private static String freshPrefix() {
        return "rt:" + TestIds.userId().value() + ":";
    }
}

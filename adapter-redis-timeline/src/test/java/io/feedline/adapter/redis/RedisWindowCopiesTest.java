package io.feedline.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.TimelineCache;
import io.feedline.testsupport.ThrowawayRedis;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The windows' near cache on throwaway servers: a repeated first page is answered in the process
 * after one shared PING and no command of the window's, and no copy outlives a change, whoever made
 * it: this process's own writes show on its next read, another process's as well (the PING's reply
 * comes after the change's invalidation), and a flush or a lost connection leaves no copy behind.
 */
class RedisWindowCopiesTest {

    @Test
    void aRepeatedFirstPageIsAnsweredInTheProcessAfterAPingWithNoCommandOfTheWindows() {
        try (ThrowawayRedis server = ThrowawayRedis.start()) {
            try (RedisTimelines redis = RedisTimelines.connect(TestRedisSettings.of(server.uri()))) {
                TimelineCache cache = redis.timelineCache();
                UserId reader = TestIds.userId();
                List<PostRef> entries = newestFirst(30);
                cache.replace(reader, entries);
                assertThat(cache.range(reader, Optional.empty(), 20)).contains(entries.subList(0, 20));

                server.resetCommandStats();
                assertThat(cache.range(reader, Optional.empty(), 20)).contains(entries.subList(0, 20));
                assertThat(cache.range(reader, Optional.empty(), 5)).as("a shorter first page").contains(entries.subList(0, 5));
                assertThat(server.commandCalls()).as("commands the server ran for them: a PING each")
                        .containsEntry("ping", 2L).doesNotContainKeys("evalsha", "zrange", "zscore");

                server.resetCommandStats();
                assertThat(cache.range(reader, Optional.empty(), 40)).as("a longer first page than the copy holds")
                        .contains(entries);
                assertThat(cache.range(reader, Optional.of(entries.get(9).postId()), 5)).as("a page past a cursor")
                        .contains(entries.subList(10, 15));
                assertThat(server.commandCalls()).as("both go to Redis").containsEntry("evalsha", 2L);

                server.resetCommandStats();
                assertThat(cache.range(reader, Optional.empty(), 100)).as("the window held fewer than 40: whole")
                        .contains(entries);
                assertThat(server.commandCalls()).doesNotContainKey("evalsha");
            }
        }
    }

    @Test
    void pagesThatArriveWhileAPingIsInFlightShareTheNextOne() throws Exception {
        try (ThrowawayRedis server = ThrowawayRedis.start();
                RedisTimelines redis = RedisTimelines.connect(TestRedisSettings.of(server.uri()));
                ExecutorService readers = Executors.newVirtualThreadPerTaskExecutor()) {
            TimelineCache cache = redis.timelineCache();
            List<PostRef> entries = newestFirst(5);
            UserId reader = copied(cache, entries);
            server.resetCommandStats();

            // The server holds every command for a while: the first page's PING waits in flight, and
            // the ten pages that arrive meanwhile queue behind it for one PING of their own.
            server.admin().run(admin -> admin.clientPause(3_000));
            Future<Optional<List<PostRef>>> first = readers.submit(() -> cache.range(reader, Optional.empty(), 20));
            Thread.sleep(300);
            List<Future<Optional<List<PostRef>>>> queued = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                queued.add(readers.submit(() -> cache.range(reader, Optional.empty(), 20)));
            }

            assertThat(first.get(20, TimeUnit.SECONDS)).contains(entries);
            for (Future<Optional<List<PostRef>>> page : queued) {
                assertThat(page.get(20, TimeUnit.SECONDS)).contains(entries);
            }
            assertThat(server.commandCalls()).as("commands for eleven pages, ten of them queued behind the first's PING")
                    .containsEntry("ping", 2L).doesNotContainKey("evalsha");
        }
    }

    @Test
    void thisProcesssOwnWritesShowOnItsNextRead() {
        try (ThrowawayRedis server = ThrowawayRedis.start();
                RedisTimelines redis = RedisTimelines.connect(TestRedisSettings.of(server.uri()))) {
            TimelineCache cache = redis.timelineCache();
            UserId reader = TestIds.userId();
            UserId author = TestIds.userId();
            List<PostRef> entries = newestFirst(3);
            cache.replace(reader, entries);
            List<PostRef> expected = new ArrayList<>(entries);
            assertThat(cache.range(reader, Optional.empty(), 20)).contains(expected);

            PostRef added = new PostRef(TestIds.postId(), author);
            cache.add(List.of(new Delivery(reader, added)));
            expected.addFirst(added);
            assertThat(cache.range(reader, Optional.empty(), 20)).as("after an add").contains(expected);

            cache.remove(reader, entries.get(1).postId());
            expected.remove(entries.get(1));
            assertThat(cache.range(reader, Optional.empty(), 20)).as("after a remove").contains(expected);

            cache.removeAuthor(reader, author);
            expected.remove(added);
            assertThat(cache.range(reader, Optional.empty(), 20)).as("after an author's removal").contains(expected);

            cache.replace(reader, List.of(entries.getFirst()));
            assertThat(cache.range(reader, Optional.empty(), 20)).as("after a replace").contains(List.of(entries.getFirst()));

            cache.evict(reader);
            assertThat(cache.range(reader, Optional.empty(), 20)).as("after an eviction").isEmpty();

            String token = cache.beginRebuild(reader);
            assertThat(cache.completeRebuild(reader, entries, token)).isTrue();
            assertThat(cache.range(reader, Optional.empty(), 20)).as("after a rebuild").contains(entries);
        }
    }

    @Test
    void anotherProcesssChangeShowsOnThisProcesssVeryNextRead() {
        try (ThrowawayRedis server = ThrowawayRedis.start();
                RedisTimelines a = RedisTimelines.connect(TestRedisSettings.of(server.uri()));
                RedisTimelines b = RedisTimelines.connect(TestRedisSettings.of(server.uri()))) {
            UserId reader = TestIds.userId();
            List<PostRef> entries = newestFirst(3);
            a.timelineCache().replace(reader, entries);
            assertThat(b.timelineCache().range(reader, Optional.empty(), 20)).contains(entries);
            assertThat(b.timelineCache().range(reader, Optional.empty(), 20)).as("from B's copy").contains(entries);

            for (int round = 0; round < 50; round++) {
                PostRef added = new PostRef(TestIds.postId(), TestIds.userId());
                a.timelineCache().add(List.of(new Delivery(reader, added)));
                assertThat(b.timelineCache().range(reader, Optional.empty(), 1)).as("B's next read after A's add %d", round)
                        .contains(List.of(added));
                a.timelineCache().remove(reader, added.postId());
                assertThat(b.timelineCache().range(reader, Optional.empty(), 1)).as("B's next read after A's remove %d", round)
                        .contains(List.of(entries.getFirst()));
            }

            a.timelineCache().evict(reader);
            assertThat(b.timelineCache().range(reader, Optional.empty(), 20)).as("dropped on A: missing, so rebuilt").isEmpty();
        }
    }

    @Test
    void aFlushOrALostConnectionLeavesNoCopyBehind() {
        try (ThrowawayRedis server = ThrowawayRedis.start();
                RedisTimelines redis = RedisTimelines.connect(TestRedisSettings.of(server.uri()))) {
            TimelineCache cache = redis.timelineCache();
            List<PostRef> entries = newestFirst(2);
            UserId reader = copied(cache, entries);

            server.flushAll();
            cache.range(TestIds.userId(), Optional.empty(), 20);
            assertThat(cache.range(reader, Optional.empty(), 20)).as("after a flush").isEmpty();

            cache.replace(reader, entries);
            assertThat(cache.range(reader, Optional.empty(), 20)).contains(entries);
            server.shutDown();
            // Once the client has seen the connection drop, the copy is not served: the read fails,
            // and the feed answers from the durable store.
            await("the copy no longer served").atMost(Duration.ofSeconds(20)).until(() -> {
                try {
                    cache.range(reader, Optional.empty(), 20);
                    return false;
                } catch (FeedlineException.StorageUnavailable e) {
                    return true;
                }
            });
            server.restart();
            await("the restarted server's empty window read").atMost(Duration.ofSeconds(20)).until(() -> {
                try {
                    return cache.range(reader, Optional.empty(), 20).isEmpty();
                } catch (FeedlineException.StorageUnavailable e) {
                    return false;
                }
            });
        }
    }

    /** A new reader whose whole window holds {@code entries}, read once so that this process keeps its copy. */
    private static UserId copied(TimelineCache cache, List<PostRef> entries) {
        UserId reader = TestIds.userId();
        cache.replace(reader, entries);
        assertThat(cache.range(reader, Optional.empty(), 20)).contains(entries);
        return reader;
    }

    /** {@code n} entries, newest first, as a window reads them. */
    private static List<PostRef> newestFirst(int n) {
        List<PostRef> entries = new ArrayList<>(IntStream.range(0, n)
                .mapToObj(i -> new PostRef(TestIds.postId(), TestIds.userId())).toList());
        entries.sort(null);
        return List.copyOf(entries);
    }
}

package io.feedline.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.feedline.ports.contract.PostCacheContract;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.out.PostCache;
import io.feedline.ports.model.CachedPost;
import io.feedline.testsupport.ThrowawayRedis;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Redis post cache against the port's contract on the shared test server, then its own
 * promises on throwaway servers: a batch is one round trip, the near cache answers a repeated page
 * without one, and a change made by another process (or a flush, or a restart) is never answered
 * from this process's copy.
 */
class RedisPostCacheTest extends PostCacheContract {
    private static final String PREFIX = "test:postcache:" + TestIds.userId().value() + ":";
    private static RedisTimelines shared;

    @BeforeAll
    static void connect() {
        shared = RedisTimelines.connect(TestRedisSettings.shared(PREFIX));
    }

    @AfterAll
    static void cleanUp() {
        if (shared != null) {
            shared.close();
        }
        TestRedisSettings.deleteShared(PREFIX);
    }

    @Override
    protected PostCache postCache() {
        return shared.postCache();
    }

    private static Post post(String text) {
        return new Post(TestIds.postId(), TestIds.userId(), TestIds.username(), PostText.of(text),
                Instant.now().truncatedTo(ChronoUnit.MILLIS), 0);
    }

    private static List<PostId> ids(List<Post> posts) {
        return posts.stream().map(Post::id).toList();
    }

    @Test
    void aBatchIsOneRoundTripAndARepeatedPageIsAnsweredInProcess() {
        try (ThrowawayRedis server = ThrowawayRedis.start()) {
            WireCounter wire = new WireCounter();
            try (RedisTimelines redis = RedisTimelines.connect(TestRedisSettings.of(server.uri()), wire)) {
                PostCache cache = redis.postCache();
                List<Post> page = IntStream.range(0, 20).mapToObj(i -> post("post " + i)).toList();
                cache.getAll(List.of(TestIds.postId()));

                long before = wire.flushes();
                cache.putAll(page);
                assertThat(wire.flushes() - before).as("round trips to write 20 posts back").isEqualTo(1);
                // Redis pushes the invalidation of this connection's own write after the write's reply;
                // any later reply comes after it, so one more read makes the test independent of timing.
                cache.getAll(List.of(TestIds.postId()));

                before = wire.flushes();
                assertThat(cache.getAll(ids(page))).hasSize(20);
                assertThat(wire.flushes() - before).as("round trips to read 20 posts from Redis").isEqualTo(1);

                server.resetCommandStats();
                before = wire.flushes();
                Map<PostId, CachedPost> again = cache.getAll(ids(page));
                assertThat(wire.flushes() - before).as("round trips to read the same page again").isZero();
                assertThat(server.commandCalls()).doesNotContainKey("hmget");
                assertThat(again).containsEntry(page.getFirst().id(), new CachedPost.Present(page.getFirst()));
            }
        }
    }

    @Test
    void aChangeOnOneProcessIsNeverAnsweredFromAnotherProcesssCopy() {
        try (ThrowawayRedis server = ThrowawayRedis.start();
                RedisTimelines a = RedisTimelines.connect(TestRedisSettings.of(server.uri()));
                RedisTimelines b = RedisTimelines.connect(TestRedisSettings.of(server.uri()))) {
            Post liked = post("liked on A");
            Post deleted = post("deleted on A");
            a.postCache().putAll(List.of(liked, deleted));
            assertThat(b.postCache().getAll(List.of(liked.id(), deleted.id()))).hasSize(2);
            assertThat(b.postCache().getAll(List.of(liked.id(), deleted.id())))
                    .as("B now answers from its own copy").hasSize(2);

            a.postCache().incrementLikes(liked.id(), 1);
            a.postCache().tombstone(deleted.id());
            // B's next page starts with its window, on the same connection as the invalidations.
            b.timelineCache().range(TestIds.userId(), Optional.empty(), 20);

            assertThat(b.postCache().getAll(List.of(liked.id(), deleted.id())))
                    .containsEntry(liked.id(), new CachedPost.Present(liked.withLikeCount(1)))
                    .containsEntry(deleted.id(), new CachedPost.Deleted());
            assertThat(b.postCache().get(deleted.id())).contains(new CachedPost.Deleted());
        }
    }

    @Test
    void aFlushOrARestartLeavesNoCopyBehind() {
        try (ThrowawayRedis server = ThrowawayRedis.start();
                RedisTimelines redis = RedisTimelines.connect(TestRedisSettings.of(server.uri()))) {
            PostCache cache = redis.postCache();
            Post post = post("flushed");
            cache.putAll(List.of(post));
            assertThat(cache.getAll(List.of(post.id()))).hasSize(1);

            server.flushAll();
            redis.timelineCache().range(TestIds.userId(), Optional.empty(), 1);
            assertThat(cache.getAll(List.of(post.id()))).as("after a flush").isEmpty();

            cache.putAll(List.of(post));
            assertThat(cache.getAll(List.of(post.id()))).hasSize(1);
            server.shutDown();
            // Once the client has seen the connection drop, no copy is served: reads fail over to the durable store.
            await("a copy is not served once its invalidations cannot arrive").atMost(Duration.ofSeconds(10)).until(() -> {
                try {
                    cache.getAll(List.of(post.id()));
                    return false;
                } catch (FeedlineException.StorageUnavailable e) {
                    return true;
                }
            });
            assertThatThrownBy(() -> cache.getAll(List.of(post.id())))
                    .isInstanceOf(FeedlineException.StorageUnavailable.class);
            server.restart();
            awaitAnswer(cache);

            assertThat(cache.getAll(List.of(post.id()))).as("after a restart").isEmpty();
        }
    }

    @Test
    void entriesExpire() throws InterruptedException {
        try (ThrowawayRedis server = ThrowawayRedis.start();
                RedisTimelines redis = RedisTimelines.connect(
                        TestRedisSettings.of(server.uri()).withPostTtl(Duration.ofMillis(200)).withNearCacheSize(0))) {
            Post post = post("short-lived");
            redis.postCache().putAll(List.of(post));
            redis.postCache().tombstone(TestIds.postId());
            long ttl = server.admin().<Long>run(r -> r.pttl(new TimelineKeys("").post(post.id())));
            assertThat(ttl).isBetween(1L, 200L);
        }
    }

    @Test
    void windowsExpireATtlAfterTheirLastWrite() {
        try (ThrowawayRedis server = ThrowawayRedis.start();
                RedisTimelines redis = RedisTimelines.connect(
                        TestRedisSettings.of(server.uri()).withWindowTtl(Duration.ofSeconds(30)))) {
            io.feedline.ports.model.UserId added = TestIds.userId();
            io.feedline.ports.model.UserId rebuilt = TestIds.userId();
            io.feedline.ports.model.PostRef entry = new io.feedline.ports.model.PostRef(TestIds.postId(), TestIds.userId());
            redis.timelineCache().add(List.of(new io.feedline.ports.model.Delivery(added, entry)));
            redis.timelineCache().replace(rebuilt, List.of(entry));

            TimelineKeys keys = new TimelineKeys("");
            long addedTtl = server.admin().<Long>run(r -> r.pttl(keys.window(added)));
            long rebuiltTtl = server.admin().<Long>run(r -> r.pttl(keys.window(rebuilt)));
            assertThat(addedTtl).isBetween(1L, 30_000L);
            assertThat(rebuiltTtl).isBetween(1L, 30_000L);
        }
    }

    private static void awaitAnswer(PostCache cache) {
        await("the cache answers again").atMost(Duration.ofSeconds(20)).ignoreException(FeedlineException.StorageUnavailable.class)
                .untilAsserted(() -> cache.getAll(List.of(TestIds.postId())));
    }
}

package io.feedline.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.TimelineCache;
import io.feedline.testsupport.FreePorts;
import io.feedline.testsupport.ThrowawayRedis;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What callers see when Redis is gone: a typed, bounded failure, never a driver exception and never
 * a hang. Runs on throwaway servers, since it stops and flushes them.
 */
// A guard, not a measurement: a call that hung would block the build instead of failing it.
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RedisTimelineFaultTest {

    @Test
    void startsWhereNothingListensFailsFastMeanwhileAndConnectsOnceRedisArrives() {
        int port = FreePorts.next();
        try (RedisTimelines timelines = RedisTimelines.connect(TestRedisSettings.of("redis://127.0.0.1:" + port))) {
            TimelineCache cache = timelines.timelineCache();
            UserId reader = TestIds.userId();
            PostRef entry = new PostRef(TestIds.postId(), TestIds.userId());

            FeedlineException.StorageUnavailable failure = catchThrowableOfType(
                    FeedlineException.StorageUnavailable.class, () -> cache.range(reader, Optional.empty(), 10));
            assertThat(failure).isNotNull();
            assertThat(failure.component()).isEqualTo("timelines");
            assertThatThrownBy(() -> timelines.healthProbe().ping()).isInstanceOf(FeedlineException.StorageUnavailable.class);
            assertThatThrownBy(() -> timelines.postCache().getAll(List.of(entry.postId())))
                    .isInstanceOf(FeedlineException.StorageUnavailable.class);

            try (ThrowawayRedis server = ThrowawayRedis.start(port)) {
                // Connected in the background: no call is needed to bring it up.
                awaitAnswer(() -> {
                    timelines.healthProbe().ping();
                    return true;
                });
                cache.replace(reader, List.of(entry));
                assertThat(cache.range(reader, Optional.empty(), 10)).contains(List.of(entry));
                assertThat(server.admin().exists(windowKey(reader))).isTrue();
                assertThat(server.commandCalls()).as("the scripts were loaded on connect")
                        .containsKey("script|load").containsKey("evalsha").doesNotContainKey("eval");
            }
        }
    }

    @Test
    void everyCallFailsAsUnavailableOnceTheServerStops() {
        try (ThrowawayRedis server = ThrowawayRedis.start();
                RedisTimelines timelines = RedisTimelines.connect(TestRedisSettings.of(server.uri()))) {
            TimelineCache cache = timelines.timelineCache();
            UserId reader = TestIds.userId();
            PostRef entry = new PostRef(TestIds.postId(), TestIds.userId());
            cache.replace(reader, List.of(entry));
            assertThat(cache.range(reader, Optional.empty(), 10)).contains(List.of(entry));

            server.shutDown();

            Map<String, ThrowingCallable> calls = Map.of(
                    "add", () -> cache.add(List.of(new Delivery(reader, entry))),
                    "range", () -> cache.range(reader, Optional.empty(), 10),
                    "remove", () -> cache.remove(reader, entry.postId()),
                    "removeAuthor", () -> cache.removeAuthor(reader, entry.authorId()),
                    "replace", () -> cache.replace(reader, List.of(entry)),
                    "evict", () -> cache.evict(reader),
                    "ping", () -> timelines.healthProbe().ping());
            calls.forEach((name, call) -> assertThatThrownBy(call).as(name)
                    .isInstanceOfSatisfying(FeedlineException.StorageUnavailable.class,
                            e -> assertThat(e.component()).isEqualTo("timelines")));
        }
    }

    @Test
    void theCacheHealsWhenTheServerReturnsEmpty() {
        try (ThrowawayRedis server = ThrowawayRedis.start();
                RedisTimelines timelines = RedisTimelines.connect(TestRedisSettings.of(server.uri()))) {
            TimelineCache cache = timelines.timelineCache();
            UserId reader = TestIds.userId();
            PostRef entry = new PostRef(TestIds.postId(), TestIds.userId());
            cache.replace(reader, List.of(entry));

            server.shutDown();
            assertThatThrownBy(() -> cache.range(reader, Optional.empty(), 10))
                    .isInstanceOf(FeedlineException.StorageUnavailable.class);
            server.restart();

            // The client reconnects in the background; until then calls keep failing fast.
            awaitAnswer(() -> {
                timelines.healthProbe().ping();
                return true;
            });
            assertThat(server.admin().exists(windowKey(reader))).isFalse();
            // The restarted server lost its scripts too: the first range loads them again.
            assertThat(cache.range(reader, Optional.empty(), 10)).isEmpty();
            // A fan-out after the loss makes a part, not a window a read would trust without the lost entry.
            PostRef next = new PostRef(TestIds.postId(), TestIds.userId());
            cache.add(List.of(new Delivery(reader, next)));
            assertThat(cache.range(reader, Optional.empty(), 10)).isEmpty();
            String token = cache.beginRebuild(reader);
            assertThat(cache.completeRebuild(reader, List.of(entry), token)).isTrue();
            assertThat(cache.range(reader, Optional.empty(), 10)).contains(List.of(next, entry));
        }
    }

    @Test
    void afterAFlushEveryWindowIsMissing() {
        try (ThrowawayRedis server = ThrowawayRedis.start();
                RedisTimelines timelines = RedisTimelines.connect(TestRedisSettings.of(server.uri()))) {
            TimelineCache cache = timelines.timelineCache();
            UserId reader = TestIds.userId();
            cache.replace(reader, List.of(new PostRef(TestIds.postId(), TestIds.userId())));
            assertThat(cache.range(reader, Optional.empty(), 10)).isPresent();

            server.flushAll();

            assertThat(server.admin().exists(windowKey(reader))).isFalse();
            assertThat(cache.range(reader, Optional.empty(), 10)).isEmpty();
        }
    }

    /** The reader's window under the settings' (empty) key prefix. */
    private static String windowKey(UserId reader) {
        return new TimelineKeys("").window(reader);
    }

    /** Calls {@code call} until Redis answers it, for the 20 s a reconnect may take. */
    private static void awaitAnswer(Callable<Boolean> call) {
        await("the cache reconnected after the server came back").atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(50))
                .ignoreException(FeedlineException.StorageUnavailable.class).until(call);
    }
}

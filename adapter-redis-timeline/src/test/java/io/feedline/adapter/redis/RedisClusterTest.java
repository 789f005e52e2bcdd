package io.feedline.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.CachedPost;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import io.feedline.testsupport.ThrowawayRedis;
import io.feedline.testsupport.ThrowawayRedisCluster;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What only a cluster can show: where the keys land (a window with its rebuild token in one slot,
 * posts and windows spread over every master), that a change made through one process is seen by
 * another at once (no near copy on a cluster), and that a reader's window keeps answering exactly
 * while its slot moves to another master.
 */
// A guard, not a measurement: a call that hung would block the build instead of failing it.
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RedisClusterTest {
    private static ThrowawayRedisCluster cluster;
    private static RedisTimelines timelines;

    @BeforeAll
    static void connect() {
        cluster = ThrowawayRedisCluster.shared();
        timelines = RedisTimelines.connect(TestRedisSettings.of(cluster.uri()));
    }

    @AfterAll
    static void close() {
        if (timelines != null) {
            timelines.close();
        }
    }

    private static String freshPrefix() {
        return "ccluster:" + TestIds.userId().value() + ":";
    }

    private static int slot(String key) {
        return cluster.nodes().getFirst().admin().run(redis -> redis.clusterKeyslot(key)).intValue();
    }

    private static long keysOn(ThrowawayRedis node, String pattern) {
        return node.admin().run(redis -> redis.keys(pattern)).size();
    }

    private static Post post(String text) {
        return new Post(TestIds.postId(), TestIds.userId(), TestIds.username(), PostText.of(text),
                Instant.now().truncatedTo(ChronoUnit.MILLIS), 0);
    }

    @Test
    void aWindowAndItsRebuildTokenShareASlotWhileWindowsAndPostsSpreadOverEveryMaster() {
        String prefix = freshPrefix();
        TimelineKeys keys = new TimelineKeys(prefix);
        RedisTimelineCache cache = timelines.timelineCache(prefix, 800);
        List<UserId> readers = IntStream.range(0, 200).mapToObj(i -> TestIds.userId()).toList();
        PostRef entry = new PostRef(TestIds.postId(), TestIds.userId());

        assertThat(readers).allSatisfy(reader ->
                assertThat(slot(keys.rebuild(reader))).isEqualTo(slot(keys.window(reader))));

        readers.forEach(reader -> cache.replace(reader, List.of()));
        cache.add(readers.stream().map(reader -> new Delivery(reader, entry)).toList());
        assertThat(readers).allSatisfy(reader ->
                assertThat(cache.range(reader, Optional.empty(), 5)).contains(List.of(entry)));
        assertThat(cluster.nodes()).as("windows on every master")
                .allSatisfy(node -> assertThat(keysOn(node, prefix + "tl:*")).isPositive());

        // A rebuild's token and window are checked and written by one script: one slot.
        UserId rebuilt = readers.getFirst();
        cache.evict(rebuilt);
        String token = cache.beginRebuild(rebuilt);
        assertThat(cache.completeRebuild(rebuilt, List.of(entry), token)).isTrue();
        assertThat(cache.range(rebuilt, Optional.empty(), 5)).contains(List.of(entry));

        try (RedisTimelines posts = RedisTimelines.connect(TestRedisSettings.of(cluster.uri()).withKeyPrefix(prefix))) {
            List<Post> page = IntStream.range(0, 60).mapToObj(i -> post("spread " + i)).toList();
            posts.postCache().putAll(page);
            assertThat(cluster.nodes()).as("posts on every master")
                    .allSatisfy(node -> assertThat(keysOn(node, prefix + "p:*")).isPositive());
            List<PostId> ids = page.stream().map(Post::id).toList();
            assertThat(posts.postCache().getAll(ids)).hasSize(60)
                    .containsEntry(page.get(17).id(), new CachedPost.Present(page.get(17)));
        }
    }

    @Test
    void aChangeThroughOneProcessIsSeenThroughAnotherAtOnce() {
        String prefix = freshPrefix();
        try (RedisTimelines a = RedisTimelines.connect(TestRedisSettings.of(cluster.uri()).withKeyPrefix(prefix));
                RedisTimelines b = RedisTimelines.connect(TestRedisSettings.of(cluster.uri()).withKeyPrefix(prefix))) {
            Post liked = post("liked on A");
            Post deleted = post("deleted on A");
            a.postCache().putAll(List.of(liked, deleted));
            List<PostId> ids = List.of(liked.id(), deleted.id());
            assertThat(b.postCache().getAll(ids)).hasSize(2);
            assertThat(b.postCache().getAll(ids)).hasSize(2);

            a.postCache().incrementLikes(liked.id(), 1);
            a.postCache().tombstone(deleted.id());

            // No call on B in between: nothing B holds may answer for the old state.
            assertThat(b.postCache().getAll(ids))
                    .containsEntry(liked.id(), new CachedPost.Present(liked.withLikeCount(1)))
                    .containsEntry(deleted.id(), new CachedPost.Deleted());
        }
    }

    @Test
    void aReadersWindowAnswersExactlyWhileItsSlotMovesToAnotherMaster() throws Exception {
        String prefix = freshPrefix();
        RedisTimelineCache cache = timelines.timelineCache(prefix, 800);
        UserId reader = TestIds.userId();
        String window = new TimelineKeys(prefix).window(reader);
        List<PostRef> expected = new ArrayList<>();
        cache.replace(reader, List.of());
        AtomicInteger rounds = new AtomicInteger();
        CompletableFuture<Void> moved = new CompletableFuture<>();

        // One thread writes and reads in turn, so that each read has one exact answer: everything
        // added and not removed, newest first.
        CompletableFuture<Void> load = CompletableFuture.runAsync(() -> {
            int afterMove = 0;
            while (afterMove < 50) {
                int round = rounds.incrementAndGet();
                PostRef entry = new PostRef(TestIds.postId(), TestIds.userId());
                cache.add(List.of(new Delivery(reader, entry)));
                expected.add(entry);
                if (round % 3 == 0) {
                    // A removal runs a script over the window and its rebuild token: two keys of the moving slot.
                    PostRef removed = expected.remove(expected.size() / 2);
                    cache.remove(reader, removed.postId());
                }
                List<PostRef> newestFirst = expected.stream().sorted().toList();
                assertThat(cache.range(reader, Optional.empty(), 1_000)).as("round %d", round).contains(newestFirst);
                if (moved.isDone()) {
                    afterMove++;
                }
            }
        });

        while (rounds.get() < 50 && !load.isDone()) {
            Thread.onSpinWait();
        }
        ThrowawayRedis before = cluster.ownerOf(window);
        ThrowawayRedis after = cluster.moveSlotOf(window);
        moved.complete(null);
        load.get(90, TimeUnit.SECONDS);

        assertThat(after).isNotSameAs(before);
        assertThat(cluster.ownerOf(window)).isSameAs(after);
        assertThat(after.admin().exists(window)).as("the window moved with its slot").isTrue();
        long leftBehind = before.admin().run(redis -> redis.clusterCountKeysInSlot(slot(window)));
        assertThat(leftBehind).as("keys of the slot left on the old owner").isZero();
        assertThat(cache.range(reader, Optional.empty(), 1_000))
                .contains(expected.stream().sorted(Comparator.naturalOrder()).toList());
    }
}

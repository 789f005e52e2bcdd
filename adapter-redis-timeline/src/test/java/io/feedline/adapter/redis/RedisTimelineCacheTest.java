package io.feedline.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.CappedTimelineCacheContract;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.testsupport.RedisAdmin;
import io.feedline.testsupport.TestRedis;
import io.lettuce.core.ScoredValue;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Redis window on the shared test server, against the port's contract and then the layout's own
 * promises. Each test works under a key prefix of its own.
 */
class RedisTimelineCacheTest extends CappedTimelineCacheContract {

    private static RedisTimelines timelines;
    private static RedisAdmin admin;
    private static final Set<String> PREFIXES = ConcurrentHashMap.newKeySet();

    @BeforeAll
    static void connect() {
        timelines = RedisTimelines.connect(TestRedisSettings.of(TestRedis.uri()));
        admin = RedisAdmin.connect(TestRedis.uri());
    }

    @AfterAll
    static void cleanUp() {
        if (timelines != null) {
            timelines.close();
        }
        if (admin != null) {
            PREFIXES.forEach(prefix -> admin.deleteMatching(prefix + "*"));
            admin.close();
        }
    }

    @Override
    protected RedisTimelineCache timelineCache() {
        return timelineCache(RedisSettings.DEFAULT_CAP);
    }

    @Override
    protected RedisTimelineCache timelineCache(int cap) {
        return timelines.timelineCache(freshPrefix(), cap);
    }

    private static String freshPrefix() {
        String prefix = "test:" + TestIds.userId().value() + ":";
        PREFIXES.add(prefix);
        return prefix;
    }

    /** Runs commands beside the adapter, on a connection of their own, to look at what it stored. */
    private static <T> T raw(Function<RedisCommands<String, String>, T> commands) {
        return admin.run(commands);
    }

    @Test
    void windowIsAHashTaggedSortedSetOfPostAndAuthorScoredByMillisecond() {
        String prefix = freshPrefix();
        RedisTimelineCache cache = timelines.timelineCache(prefix, 800);
        UserId reader = TestIds.userId();
        UserId partReader = TestIds.userId();
        PostRef entry = new PostRef(TestIds.postId(), TestIds.userId());
        cache.replace(reader, List.of());

        cache.add(List.of(new Delivery(reader, entry), new Delivery(partReader, entry)));

        String key = prefix + "tl:{" + reader.value() + "}";
        String type = raw(redis -> redis.type(key));
        List<ScoredValue<String>> stored = raw(redis -> redis.zrangeWithScores(key, 0, -1));
        ScoredValue<String> member = ScoredValue.just(entry.postId().epochMillis(),
                entry.postId().value() + ":" + entry.authorId().value());
        assertThat(type).isEqualTo("zset");
        assertThat(stored).containsExactly(member, ScoredValue.just(Double.POSITIVE_INFINITY, "~whole"));
        // Adds alone make a part: the same set without the marker, which reads as missing.
        List<ScoredValue<String>> part = raw(redis -> redis.zrangeWithScores(prefix + "tl:{" + partReader.value() + "}", 0, -1));
        assertThat(part).containsExactly(member);
        assertThat(cache.range(partReader, Optional.empty(), 10)).isEmpty();
        assertThat(cache.range(reader, Optional.empty(), 10)).contains(List.of(entry));
    }

    @Test
    void entriesOfOneMillisecondReadInPostIdOrderAndBeforeSplitsThatMillisecond() {
        RedisTimelineCache cache = timelineCache();
        UserId reader = TestIds.userId();
        cache.replace(reader, List.of());
        Instant instant = Instant.now().minusSeconds(60);
        List<PostRef> sameMillisecond = new ArrayList<>(IntStream.range(0, 6)
                .mapToObj(i -> new PostRef(TestIds.postIdAt(instant), TestIds.userId()))
                .sorted().toList()); // newest first
        PostRef older = new PostRef(TestIds.postIdAt(instant.minusMillis(1)), TestIds.userId());
        List<Delivery> shuffled = new ArrayList<>(sameMillisecond.stream().map(e -> new Delivery(reader, e)).toList());
        shuffled.add(new Delivery(reader, older));
        Collections.shuffle(shuffled);

        cache.add(shuffled);

        List<PostRef> all = new ArrayList<>(sameMillisecond);
        all.add(older);
        assertThat(cache.range(reader, Optional.empty(), 20)).contains(all);
        // Before the fourth newest: the three newer ones and the boundary itself are excluded, even
        // though they all share its score.
        PostId boundary = sameMillisecond.get(3).postId();
        assertThat(cache.range(reader, Optional.of(boundary), 20))
                .contains(List.of(sameMillisecond.get(4), sameMillisecond.get(5), older));
        assertThat(cache.range(reader, Optional.of(boundary), 2))
                .contains(List.of(sameMillisecond.get(4), sameMillisecond.get(5)));
        // A boundary that is not in the window splits the millisecond the same way.
        PostId absent = TestIds.postIdAt(instant);
        List<PostRef> olderThanAbsent = all.stream().filter(e -> e.postId().compareTo(absent) < 0).toList();
        assertThat(cache.range(reader, Optional.of(absent), 20)).contains(olderThanAbsent);
    }

    @Test
    void replayedFanoutLeavesOneMemberPerEntry() {
        String prefix = freshPrefix();
        RedisTimelineCache cache = timelines.timelineCache(prefix, 800);
        UserId reader = TestIds.userId();
        List<Delivery> page = IntStream.range(0, 3)
                .mapToObj(i -> new Delivery(reader, new PostRef(TestIds.postId(), TestIds.userId()))).toList();

        cache.add(page);
        cache.add(page.reversed());
        cache.add(List.of(page.get(1), page.get(1)));

        long members = raw(redis -> redis.zcard(prefix + "tl:{" + reader.value() + "}"));
        assertThat(members).isEqualTo(3);
    }

    @Test
    void everyAddTrimsTheStoredSetToTheCap() {
        String prefix = freshPrefix();
        RedisTimelineCache cache = timelines.timelineCache(prefix, 3);
        UserId reader = TestIds.userId();
        UserId partReader = TestIds.userId();
        cache.replace(reader, List.of());
        List<PostRef> entries = IntStream.range(0, 7)
                .mapToObj(i -> new PostRef(TestIds.postId(), TestIds.userId())).toList(); // oldest first

        for (UserId each : List.of(reader, partReader)) {
            cache.add(entries.subList(0, 5).stream().map(e -> new Delivery(each, e)).toList());
            cache.add(List.of(new Delivery(each, entries.get(6))));
            cache.add(List.of(new Delivery(each, entries.get(5))));
        }

        List<String> stored = raw(redis -> redis.zrange(prefix + "tl:{" + reader.value() + "}", 0, -1));
        assertThat(stored).containsExactly(TimelineKeys.member(entries.get(4)), TimelineKeys.member(entries.get(5)),
                TimelineKeys.member(entries.get(6)), TimelineKeys.WHOLE);
        // A part keeps one more (the room of the marker); its rebuild trims it to the cap.
        List<String> part = raw(redis -> redis.zrange(prefix + "tl:{" + partReader.value() + "}", 0, -1));
        assertThat(part).containsExactly(TimelineKeys.member(entries.get(3)), TimelineKeys.member(entries.get(4)),
                TimelineKeys.member(entries.get(5)), TimelineKeys.member(entries.get(6)));
    }

    @Test
    void replaceIsSeenWholeOrNotAtAllByConcurrentReaders() throws InterruptedException {
        RedisTimelineCache cache = timelineCache();
        UserId reader = TestIds.userId();
        List<PostRef> first = IntStream.range(0, 60).mapToObj(i -> new PostRef(TestIds.postId(), TestIds.userId()))
                .sorted().toList();
        List<PostRef> second = IntStream.range(0, 60).mapToObj(i -> new PostRef(TestIds.postId(), TestIds.userId()))
                .sorted().toList();
        cache.replace(reader, first);
        List<Optional<List<PostRef>>> seen = new CopyOnWriteArrayList<>();
        AtomicBoolean writing = new AtomicBoolean(true);
        Thread readerThread = Thread.ofPlatform().start(() -> {
            while (writing.get()) {
                seen.add(cache.range(reader, Optional.empty(), 100));
            }
        });

        for (int round = 0; round < 150; round++) {
            cache.replace(reader, round % 2 == 0 ? second : first);
        }
        writing.set(false);
        readerThread.join();

        assertThat(seen).isNotEmpty().allSatisfy(window -> assertThat(window).isPresent()
                .get().satisfiesAnyOf(w -> assertThat(w).isEqualTo(first), w -> assertThat(w).isEqualTo(second)));
    }

    @Test
    void replaceKeepsOnlyTheNewestUpToTheCap() {
        RedisTimelineCache cache = timelineCache(4);
        UserId reader = TestIds.userId();
        List<PostRef> entries = new ArrayList<>(IntStream.range(0, 9)
                .mapToObj(i -> new PostRef(TestIds.postId(), TestIds.userId())).toList());
        List<PostRef> newestFirst = entries.stream().sorted().toList();
        Collections.shuffle(entries);

        cache.replace(reader, entries);

        assertThat(cache.range(reader, Optional.empty(), 100)).contains(newestFirst.subList(0, 4));
    }

    @Test
    void removingAPostOrAnAuthorLeavesTheirNeighboursOfTheSameMillisecond() {
        RedisTimelineCache cache = timelineCache();
        UserId reader = TestIds.userId();
        cache.replace(reader, List.of());
        UserId author = TestIds.userId();
        Instant instant = Instant.now().minusSeconds(30);
        List<PostId> ids = IntStream.range(0, 6).mapToObj(i -> TestIds.postIdAt(instant))
                .sorted(Comparator.reverseOrder()).toList(); // newest first
        List<PostRef> entries = IntStream.range(0, 6)
                .mapToObj(i -> new PostRef(ids.get(i), i % 2 == 0 ? author : TestIds.userId())).toList();
        cache.add(entries.stream().map(e -> new Delivery(reader, e)).toList());

        cache.remove(reader, entries.get(1).postId());
        cache.removeAuthor(reader, author);

        assertThat(cache.range(reader, Optional.empty(), 20))
                .contains(List.of(entries.get(3), entries.get(5)));
    }
}

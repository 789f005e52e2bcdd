package io.feedline.adapter.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.CappedTimelineCacheContract;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.fakes.MutableClock;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.TimelineCache;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The in-process window against the same contract suites as the Redis one, then what is its own:
 * the bound on how many windows it keeps, and atomic changes under concurrent writers and readers.
 */
class MemoryTimelineCacheTest extends CappedTimelineCacheContract {

    @Override
    protected TimelineCache timelineCache() {
        return MemoryCaches.create(MemorySettings.defaults()).timelineCache();
    }

    @Override
    protected TimelineCache timelineCache(int cap) {
        return new MemoryTimelineCache(MemorySettings.DEFAULT_MAX_WINDOWS, cap);
    }

    private static List<PostRef> freshRefs(int n) {
        UserId author = TestIds.userId();
        return IntStream.range(0, n).mapToObj(i -> new PostRef(TestIds.postId(), author)).toList();
    }

    private static List<PostRef> newestFirst(List<PostRef> refs) {
        return refs.stream().sorted().toList();
    }

    @Test
    void windowsPastTheBoundAreDroppedWholeAndReadAsMissing() {
        MemoryTimelineCache cache = new MemoryTimelineCache(10, 50);
        List<UserId> readers = IntStream.range(0, 50).mapToObj(i -> TestIds.userId()).toList();
        List<List<PostRef>> written = new ArrayList<>();
        for (UserId reader : readers) {
            List<PostRef> refs = freshRefs(3);
            written.add(refs);
            cache.replace(reader, refs);
        }

        assertThat(cache.windowCount()).isLessThanOrEqualTo(10).isPositive();
        int present = 0;
        for (int i = 0; i < readers.size(); i++) {
            Optional<List<PostRef>> window = cache.range(readers.get(i), Optional.empty(), 100);
            if (window.isPresent()) {
                present++;
                assertThat(window.get()).as("a kept window is kept whole").isEqualTo(newestFirst(written.get(i)));
            }
        }
        assertThat(present).isLessThanOrEqualTo(10).isPositive();
    }

    /**
     * A window pushed out by the bound took entries with it that only a rebuild from the durable
     * feed brings back: a later add of an older post (fan-outs finish in any order) must not bring
     * the window back with that post alone, or reads would trust it down to that post and skip the
     * newer one.
     */
    @Test
    void aWindowPushedOutByTheBoundIsNotBroughtBackInPartByALaterAdd() {
        MemoryTimelineCache cache = new MemoryTimelineCache(10, 50);
        List<UserId> readers = IntStream.range(0, 50).mapToObj(i -> TestIds.userId()).toList();
        List<PostRef> older = freshRefs(readers.size());
        List<PostRef> newer = freshRefs(readers.size());
        for (int i = 0; i < readers.size(); i++) {
            cache.replace(readers.get(i), List.of(newer.get(i)));
        }
        for (int i = 0; i < readers.size(); i++) {
            cache.add(List.of(new Delivery(readers.get(i), older.get(i))));
        }

        int present = 0;
        for (int i = 0; i < readers.size(); i++) {
            Optional<List<PostRef>> window = cache.range(readers.get(i), Optional.empty(), 100);
            if (window.isPresent()) {
                present++;
                assertThat(window.get()).as("a window read is whole").isEqualTo(List.of(newer.get(i), older.get(i)));
            }
        }
        assertThat(present).isLessThanOrEqualTo(10);
    }

    /**
     * Hot windows are written before the durable feed, so the rebuild of a window pushed out by the
     * bound may read a durable page that still lacks what was added since: it keeps those entries.
     */
    @Test
    void aRebuildOfAPushedOutWindowKeepsWhatWasAddedSince() {
        MemoryTimelineCache cache = new MemoryTimelineCache(10, 50);
        List<UserId> readers = IntStream.range(0, 50).mapToObj(i -> TestIds.userId()).toList();
        for (UserId reader : readers) {
            cache.replace(reader, freshRefs(3));
        }
        UserId reader = readers.stream().filter(r -> cache.range(r, Optional.empty(), 10).isEmpty()).findFirst().orElseThrow();
        List<PostRef> durablePage = newestFirst(freshRefs(4));
        PostRef notYetDurable = freshRefs(1).getFirst();
        cache.add(List.of(new Delivery(reader, notYetDurable)));
        assertThat(cache.range(reader, Optional.empty(), 10)).as("read from the durable feed until rebuilt").isEmpty();

        String token = cache.beginRebuild(reader);
        assertThat(cache.completeRebuild(reader, durablePage, token)).isTrue();

        List<PostRef> all = new ArrayList<>(durablePage);
        all.add(notYetDurable);
        assertThat(cache.range(reader, Optional.empty(), 10)).contains(newestFirst(all));
    }

    @Test
    void concurrentAddsToOneReaderAreAllKept() throws Exception {
        MemoryTimelineCache cache = new MemoryTimelineCache(100, 800);
        UserId reader = TestIds.userId();
        cache.replace(reader, List.of());
        int writers = 16;
        List<List<PostRef>> perWriter = IntStream.range(0, writers).mapToObj(i -> freshRefs(20)).toList();

        runTogether(writers, i -> {
            for (PostRef ref : perWriter.get(i)) {
                cache.add(List.of(new Delivery(reader, ref)));
            }
        });

        List<PostRef> all = perWriter.stream().flatMap(List::stream).toList();
        assertThat(cache.range(reader, Optional.empty(), 1_000)).contains(newestFirst(all));
    }

    @Test
    void concurrentReadersSeeAWindowBeforeOrAfterAReplaceNeverAMix() throws Exception {
        MemoryTimelineCache cache = new MemoryTimelineCache(100, 800);
        UserId reader = TestIds.userId();
        List<PostRef> first = newestFirst(freshRefs(300));
        List<PostRef> second = newestFirst(freshRefs(300));
        cache.replace(reader, first);
        AtomicBoolean writing = new AtomicBoolean(true);
        List<List<PostRef>> seen = java.util.Collections.synchronizedList(new ArrayList<>());

        runTogether(4, i -> {
            if (i == 0) {
                for (int round = 0; round < 500; round++) {
                    cache.replace(reader, round % 2 == 0 ? second : first);
                }
                writing.set(false);
            } else {
                do {
                    seen.add(cache.range(reader, Optional.empty(), 1_000).orElseThrow());
                } while (writing.get());
            }
        });

        assertThat(seen).isNotEmpty().allSatisfy(window -> assertThat(window).isIn(first, second));
    }

    @Test
    void aPartEmptiedByRemovalsIsGoneAndAWholeWindowEmptiedStays() {
        MemoryTimelineCache cache = new MemoryTimelineCache(100, 800);
        UserId partReader = TestIds.userId();
        UserId wholeReader = TestIds.userId();
        List<PostRef> refs = freshRefs(2);
        cache.add(refs.stream().map(ref -> new Delivery(partReader, ref)).toList());
        cache.replace(wholeReader, refs);
        assertThat(cache.windowCount()).isEqualTo(2);

        for (UserId reader : List.of(partReader, wholeReader)) {
            cache.remove(reader, refs.get(0).postId());
            cache.remove(reader, refs.get(1).postId());
        }

        assertThat(cache.range(partReader, Optional.empty(), 10)).isEmpty();
        assertThat(cache.range(wholeReader, Optional.empty(), 10)).contains(List.of());
        assertThat(cache.windowCount()).isEqualTo(1);
    }

    private interface Task {
        void run(int index) throws Exception;
    }

    /** Runs {@code task(0..n-1)} on n threads released at once, and rethrows the first failure. */
    private static void runTogether(int n, Task task) throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                futures.add(pool.submit(() -> {
                    go.await();
                    task.run(index);
                    return null;
                }));
            }
            go.countDown();
            for (Future<?> future : futures) {
                future.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void windowsExpireAfterTheirLastWrite() {
        MutableClock clock = new MutableClock(Instant.now());
        MemoryTimelineCache cache = new MemoryTimelineCache(10, 50, Duration.ofMillis(50), clock::nanoTime);
        UserId reader = TestIds.userId();
        cache.replace(reader, freshRefs(2));
        assertThat(cache.range(reader, Optional.empty(), 10)).isPresent();

        clock.advance(Duration.ofMillis(200));

        assertThat(cache.range(reader, Optional.empty(), 10)).as("a window past its TTL is missing").isEmpty();
    }
}

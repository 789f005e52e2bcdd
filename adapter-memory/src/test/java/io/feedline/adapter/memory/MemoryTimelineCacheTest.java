package io.feedline.adapter.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.CappedTimelineCacheContract;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.TimelineCache;
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
        List<UserId> readers = IntStream.range(0, 200).mapToObj(i -> TestIds.userId()).toList();
        List<List<PostRef>> written = new ArrayList<>();
        for (UserId reader : readers) {
            List<PostRef> refs = freshRefs(3);
            written.add(refs);
            cache.add(refs.stream().map(ref -> new Delivery(reader, ref)).toList());
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

    @Test
    void concurrentAddsToOneReaderAreAllKept() throws Exception {
        MemoryTimelineCache cache = new MemoryTimelineCache(100, 800);
        UserId reader = TestIds.userId();
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
    void aWindowEmptiedByRemovalsIsMissing() {
        MemoryTimelineCache cache = new MemoryTimelineCache(100, 800);
        UserId reader = TestIds.userId();
        List<PostRef> refs = freshRefs(2);
        cache.add(refs.stream().map(ref -> new Delivery(reader, ref)).toList());

        cache.remove(reader, refs.get(0).postId());
        assertThat(cache.range(reader, Optional.empty(), 10)).contains(List.of(refs.get(1)));
        cache.remove(reader, refs.get(1).postId());

        assertThat(cache.range(reader, Optional.empty(), 10)).isEmpty();
        assertThat(cache.windowCount()).isZero();
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
    void windowsExpireAfterTheirLastWrite() throws InterruptedException {
        MemoryTimelineCache cache = new MemoryTimelineCache(10, 50, java.time.Duration.ofMillis(50));
        UserId reader = TestIds.userId();
        cache.add(freshRefs(2).stream().map(ref -> new Delivery(reader, ref)).toList());
        assertThat(cache.range(reader, Optional.empty(), 10)).isPresent();

        Thread.sleep(200);

        assertThat(cache.range(reader, Optional.empty(), 10)).as("a window past its TTL is missing").isEmpty();
    }
}

package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.domain.support.RefreshingCache;
import io.feedline.ports.fakes.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Values kept a short while: one load per key and period, however many readers ask. */
class RefreshingCacheTest {
    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));

    @Test
    void aKeptValueIsLoadedOnceUntilItExpiresOrIsForgotten() {
        RefreshingCache<String, Integer> kept = new RefreshingCache<>(clock, Duration.ofSeconds(1), 10);
        AtomicInteger loads = new AtomicInteger();

        assertThat(kept.get("ranking", loads::incrementAndGet)).isEqualTo(1);
        clock.advance(Duration.ofMillis(999));
        assertThat(kept.get("ranking", loads::incrementAndGet)).as("still fresh").isEqualTo(1);
        clock.advance(Duration.ofMillis(1));
        assertThat(kept.get("ranking", loads::incrementAndGet)).as("expired").isEqualTo(2);
        kept.forget();
        assertThat(kept.get("ranking", loads::incrementAndGet)).as("forgotten").isEqualTo(3);
        assertThat(kept.get("other", loads::incrementAndGet)).as("another key, its own load").isEqualTo(4);
    }

    @Test
    void forgettingOneKeyLeavesTheOthersKept() {
        RefreshingCache<String, Integer> kept = new RefreshingCache<>(clock, Duration.ofSeconds(1), 10);
        AtomicInteger loads = new AtomicInteger();
        kept.get("a", loads::incrementAndGet);
        kept.get("b", loads::incrementAndGet);

        kept.forget("a");

        assertThat(kept.get("a", loads::incrementAndGet)).as("forgotten, loaded again").isEqualTo(3);
        assertThat(kept.get("b", loads::incrementAndGet)).as("still kept").isEqualTo(2);
    }

    @Test
    void aLoadUnderWayWhenAKeyIsForgottenIsAnsweredButNotKept() {
        RefreshingCache<String, Integer> kept = new RefreshingCache<>(clock, Duration.ofSeconds(1), 10);
        AtomicInteger loads = new AtomicInteger();

        // The change lands while the read that predates it is under way.
        int answered = kept.get("edges", () -> {
            int value = loads.incrementAndGet();
            kept.forget("edges");
            return value;
        });

        assertThat(answered).isEqualTo(1);
        assertThat(kept.get("edges", loads::incrementAndGet)).as("the older read was not kept").isEqualTo(2);
        assertThat(kept.get("edges", loads::incrementAndGet)).as("the newer one is").isEqualTo(2);
    }

    @Test
    void readersArrivingTogetherWaitForOneLoad() throws Exception {
        RefreshingCache<String, Integer> kept = new RefreshingCache<>(clock, Duration.ofSeconds(1), 10);
        AtomicInteger loads = new AtomicInteger();
        CountDownLatch loading = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService readers = Executors.newVirtualThreadPerTaskExecutor();
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            answers.add(readers.submit(() -> kept.get("trending", () -> {
                loading.countDown();
                await(release);
                return loads.incrementAndGet();
            })));
            loading.await();
            for (int i = 0; i < 8; i++) {
                answers.add(readers.submit(() -> kept.get("trending", loads::incrementAndGet)));
            }
            release.countDown();
            for (Future<Integer> answer : answers) {
                assertThat(answer.get()).isEqualTo(1);
            }
            assertThat(loads).as("one load for nine readers").hasValue(1);
        } finally {
            readers.shutdownNow();
        }
    }

    @Test
    void whileOneCallerLoadsAnAgedValueAgainTheOthersGoOnWithItWithoutWaiting() throws Exception {
        RefreshingCache<Boolean, Integer> kept = new RefreshingCache<>(clock, Duration.ofSeconds(5), 1);
        AtomicInteger loads = new AtomicInteger();
        kept.get(Boolean.TRUE, loads::incrementAndGet);
        clock.advance(Duration.ofSeconds(5));
        CountDownLatch loading = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService readers = Executors.newVirtualThreadPerTaskExecutor();
        try {
            Future<Integer> reloading = readers.submit(() -> kept.get(Boolean.TRUE, () -> {
                loading.countDown();
                await(release);
                return loads.incrementAndGet();
            }));
            loading.await();
            // In a thread of their own, bounded: callers that waited for the load would never return.
            Future<List<Integer>> meanwhile = readers.submit(() -> IntStream.range(0, 50)
                    .mapToObj(i -> kept.get(Boolean.TRUE, loads::incrementAndGet)).toList());
            assertThat(meanwhile.get(10, TimeUnit.SECONDS)).as("the aged value, at once").containsOnly(1).hasSize(50);
            assertThat(loads).as("no load besides the one under way").hasValue(1);

            release.countDown();
            assertThat(reloading.get()).isEqualTo(2);
            assertThat(kept.get(Boolean.TRUE, loads::incrementAndGet)).as("the new value, kept").isEqualTo(2);
            assertThat(loads).hasValue(2);
        } finally {
            readers.shutdownNow();
        }
    }

    @Test
    void aForgottenValueIsNeverServedWhileItIsLoadedAgain() throws Exception {
        RefreshingCache<Boolean, Integer> kept = new RefreshingCache<>(clock, Duration.ofSeconds(5), 1);
        AtomicInteger loads = new AtomicInteger();
        kept.get(Boolean.TRUE, loads::incrementAndGet);
        kept.forget(Boolean.TRUE);
        CountDownLatch loading = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService readers = Executors.newVirtualThreadPerTaskExecutor();
        try {
            Future<Integer> first = readers.submit(() -> kept.get(Boolean.TRUE, () -> {
                loading.countDown();
                await(release);
                return loads.incrementAndGet();
            }));
            loading.await();
            Future<Integer> second = readers.submit(() -> kept.get(Boolean.TRUE, loads::incrementAndGet));
            release.countDown();

            assertThat(first.get()).isEqualTo(2);
            assertThat(second.get()).as("waited for the load rather than take the forgotten value").isEqualTo(2);
            assertThat(loads).hasValue(2);
        } finally {
            readers.shutdownNow();
        }
    }

    @Test
    void pastItsBoundItStartsOverRatherThanGrow() {
        RefreshingCache<Integer, Integer> kept = new RefreshingCache<>(clock, Duration.ofSeconds(1), 2);
        AtomicInteger loads = new AtomicInteger();
        kept.get(1, loads::incrementAndGet);
        kept.get(2, loads::incrementAndGet);
        kept.get(3, loads::incrementAndGet);

        assertThat(kept.get(3, loads::incrementAndGet)).as("the newest is kept").isEqualTo(3);
        assertThat(kept.get(1, loads::incrementAndGet)).as("the older ones were dropped").isEqualTo(4);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}

package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.Ranking;
import io.feedline.ports.out.Rankings;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** What every {@link Rankings} must do. Each test uses fresh ranking names. */
public abstract class RankingsContract {

    /** The rankings under test; called at most once per test. */
    protected abstract Rankings rankings();

    private static String name() {
        return "test-" + UUID.randomUUID();
    }

    private static List<Ranking.Entry> entries(int n, String tag) {
        return IntStream.range(0, n)
                .mapToObj(i -> new Ranking.Entry(tag + "-id-" + i, tag + "-owner-" + i, 1_000_000L - i))
                .toList();
    }

    @Test
    void aRankingNeverWrittenIsEmptyAtVersionZero() {
        String name = name();

        assertThat(rankings().read(name)).isEqualTo(Ranking.empty(name));
    }

    @Test
    void aReplacedRankingIsReadBackEqualInItsOrder() {
        Rankings rankings = rankings();
        String name = name();
        Ranking first = new Ranking(name, 1, List.of(
                new Ranking.Entry("01B", "u1", 7), new Ranking.Entry("01A", "u2", 9), new Ranking.Entry("01C", "u1", -3)));

        assertThat(rankings.replace(first, 0)).isTrue();

        assertThat(rankings.read(name)).isEqualTo(first);
    }

    @Test
    void aFullRankingIsReadBackWhole() {
        Rankings rankings = rankings();
        String name = name();
        Ranking full = new Ranking(name, 1, entries(Ranking.MAX_ENTRIES, "01HZZZZZZZZZZZZZZZZZZZZZZZ"));

        assertThat(rankings.replace(full, 0)).isTrue();

        assertThat(rankings.read(name)).isEqualTo(full);
    }

    @Test
    void aReplaceFromAStaleVersionIsRefusedAndChangesNothing() {
        Rankings rankings = rankings();
        String name = name();
        Ranking one = new Ranking(name, 1, entries(3, "a"));
        Ranking two = new Ranking(name, 2, entries(2, "b"));
        rankings.replace(one, 0);
        rankings.replace(two, 1);

        assertThat(rankings.replace(new Ranking(name, 2, entries(1, "c")), 1)).isFalse();
        assertThat(rankings.replace(new Ranking(name, 1, entries(1, "d")), 0)).isFalse();

        assertThat(rankings.read(name)).isEqualTo(two);
    }

    @Test
    void aNextVersionOtherThanTheExpectedPlusOneIsAProgrammingError() {
        Rankings rankings = rankings();
        String name = name();

        assertThatThrownBy(() -> rankings.replace(new Ranking(name, 3, List.of()), 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(rankings.read(name).version()).isZero();
    }

    @Test
    void ofConcurrentReplacersOfOneVersionExactlyOneWins() throws Exception {
        Rankings rankings = rankings();
        String name = name();
        int writers = 8;
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Boolean>> results = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(writers)) {
            for (int i = 0; i < writers; i++) {
                List<Ranking.Entry> mine = entries(2, "w" + i);
                Callable<Boolean> write = () -> {
                    start.await();
                    return rankings.replace(new Ranking(name, 1, mine), 0);
                };
                results.add(pool.submit(write));
            }
            start.countDown();
            int won = 0;
            for (Future<Boolean> result : results) {
                won += result.get() ? 1 : 0;
            }
            assertThat(won).isEqualTo(1);
        }
        assertThat(rankings.read(name).version()).isEqualTo(1);
    }
}

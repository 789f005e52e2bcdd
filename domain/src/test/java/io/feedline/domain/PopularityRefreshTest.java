package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.domain.explore.Popularity;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.Ranking;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.out.Rankings;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A refresh asked for while the scheduled one runs: it returns only once what was noted before it is merged. */
class PopularityRefreshTest {

    /** The world's rankings, where the first read waits until released (a refresh caught mid-merge). */
    private static final class HeldFirstRead implements Rankings {
        private final Rankings shared;
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        private boolean first = true;

        HeldFirstRead(Rankings shared) {
            this.shared = shared;
        }

        @Override
        public Ranking read(String name) {
            boolean hold;
            synchronized (this) {
                hold = first;
                first = false;
            }
            if (hold) {
                entered.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
            return shared.read(name);
        }

        @Override
        public boolean replace(Ranking next, long expectedVersion) {
            return shared.replace(next, expectedVersion);
        }
    }

    @Test
    void aRefreshWaitsForTheOneRunningSoEverythingNotedBeforeItIsRankedWhenItReturns() throws InterruptedException {
        try (World world = World.of(FanoutMode.PUSH)) {
            UserAccount early = world.accounts.findById(world.register("early")).orElseThrow();
            UserAccount late = world.accounts.findById(world.register("late")).orElseThrow();
            HeldFirstRead rankings = new HeldFirstRead(world.rankings);
            try (Popularity popularity = new Popularity(world.postStore.posts(), world.graph, world.accounts, rankings, world.clock)) {
                popularity.registered(early);
                Thread running = Thread.ofVirtual().start(popularity::refresh);
                assertThat(rankings.entered.await(10, TimeUnit.SECONDS)).isTrue();
                popularity.registered(late);

                AtomicReference<List<String>> rankedOnReturn = new AtomicReference<>();
                Thread asked = Thread.ofVirtual().start(() -> {
                    popularity.refresh();
                    rankedOnReturn.set(world.rankings.read(Popularity.NEWEST_USERS).entries().stream().map(Ranking.Entry::id).toList());
                });
                // Time for a refresh that did not wait to return; one that waits is still waiting.
                asked.join(500);
                rankings.release.countDown();
                asked.join();
                running.join();

                assertThat(rankedOnReturn.get()).as("the newest accounts when the asked-for refresh returned")
                        .containsExactly(late.id().value(), early.id().value());
            }
        }
    }
}

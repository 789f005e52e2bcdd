package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.domain.explore.Popularity;
import io.feedline.ports.model.CountChange;
import io.feedline.ports.model.CounterKind;
import io.feedline.ports.model.ExploreWindow;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.Ranking;
import io.feedline.ports.out.Rankings;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Two processes refreshing one ranking at once: the compare-and-set loses neither's changes. */
class PopularityMergeTest {

    /** The rankings as one process sees them, running {@code before} ahead of its first replace. */
    private static final class Interleaved implements Rankings {
        private final Rankings shared;
        private final Runnable before;
        final AtomicInteger replaces = new AtomicInteger();

        Interleaved(Rankings shared, Runnable before) {
            this.shared = shared;
            this.before = before;
        }

        @Override
        public Ranking read(String name) {
            return shared.read(name);
        }

        @Override
        public boolean replace(Ranking next, long expectedVersion) {
            if (replaces.getAndIncrement() == 0) {
                before.run();
            }
            return shared.replace(next, expectedVersion);
        }
    }

    @Test
    void aRefreshThatLosesTheRaceMergesAgainOverTheWinnersRanking() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("ann");
            world.register("bob");
            world.register("cat");
            Post first = world.publish("ann", "noted by process A");
            Post second = world.publish("ann", "noted by process B");
            world.app.likePost().like(world.id("bob"), first.id());
            world.app.likePost().like(world.id("bob"), second.id());
            world.app.likePost().like(world.id("cat"), second.id());
            world.drain();

            Popularity processB = new Popularity(world.postStore.posts(), world.graph, world.accounts, world.rankings, world.clock);
            Interleaved seenByA = new Interleaved(world.rankings, processB::refresh);
            Popularity processA = new Popularity(world.postStore.posts(), world.graph, world.accounts, seenByA, world.clock);
            processA.countsApplied(List.of(new CountChange(first.ref(), CounterKind.LIKES, 1)));
            processB.countsApplied(List.of(new CountChange(second.ref(), CounterKind.LIKES, 2)));

            processA.refresh();

            Ranking day = world.rankings.read(Popularity.popularPosts(ExploreWindow.DAY));
            assertThat(day.entries()).extracting(Ranking.Entry::id).containsExactly(second.id().value(), first.id().value());
            assertThat(day.entries()).extracting(Ranking.Entry::score).containsExactly(2L, 1L);
            assertThat(seenByA.replaces.get()).as("B won the first replace of the 1h ranking; A merged again").isGreaterThan(ExploreWindow.values().length);
            processA.close();
            processB.close();
        }
    }
}

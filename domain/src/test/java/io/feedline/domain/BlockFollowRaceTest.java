package io.feedline.domain;

import io.feedline.domain.fanout.FanoutWorker;
import io.feedline.domain.settings.FeedSettings;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.FollowCounts;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FollowGraph;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A block removes the follows both ways whatever races it: a follow that passed its block check
 * before the block is refused by the write, and one that landed first leaves nothing of the
 * blocker's in the follower's feed, its backfill included.
 */
class BlockFollowRaceTest {

    /** A graph that runs a hook once, just before a follow is written, or just after one is. */
    private static final class Interleaving extends ForwardingFollowGraph {
        final AtomicReference<Runnable> beforeFollow = new AtomicReference<>();
        final AtomicReference<Runnable> afterFollow = new AtomicReference<>();

        Interleaving(FollowGraph delegate) {
            super(delegate);
        }

        private static void once(AtomicReference<Runnable> hook) {
            Runnable run = hook.getAndSet(null);
            if (run != null) {
                run.run();
            }
        }

        @Override
        public boolean follow(UserId follower, UserId followee, Instant at, List<FanoutJob> jobs) {
            once(beforeFollow);
            boolean made = delegate.follow(follower, followee, at, jobs);
            once(afterFollow);
            return made;
        }
    }

    private static World world(Interleaving[] graph) {
        UnaryOperator<FollowGraph> wrap = g -> graph[0] = new Interleaving(g);
        World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH), 800, UnaryOperator.identity(), wrap);
        world.register("follower");
        world.register("blocker");
        return world;
    }

    private static List<PostRef> byAuthor(World world, String reader, String author) {
        UserId id = world.id(author);
        return world.feedItems.page(world.id(reader), Optional.empty(), 100).stream()
                .filter(ref -> ref.authorId().equals(id))
                .toList();
    }

    private static void assertSeparated(World world) {
        UserId follower = world.id("follower");
        UserId blocker = world.id("blocker");
        assertThat(world.graph.isFollowing(follower, blocker)).as("the follower still follows the blocker").isFalse();
        assertThat(world.graph.isFollowing(blocker, follower)).isFalse();
        assertThat(world.graph.counts(blocker)).isEqualTo(FollowCounts.ZERO);
        assertThat(world.graph.counts(follower)).isEqualTo(FollowCounts.ZERO);
    }

    @Test
    void aFollowWhoseBlockCheckRanBeforeTheBlockIsRefusedByItsWrite() {
        Interleaving[] graph = new Interleaving[1];
        try (World world = world(graph)) {
            graph[0].beforeFollow.set(() -> world.block("blocker", "follower"));

            assertThatThrownBy(() -> world.follow("follower", "blocker"))
                    .isInstanceOf(FeedlineException.Forbidden.class).hasMessageContaining("blocks you");

            assertSeparated(world);
        }
    }

    @Test
    void aBlockThatLandsBetweenAFollowAndItsBackfillLeavesNoneOfTheBlockersPosts() {
        Interleaving[] graph = new Interleaving[1];
        try (World world = world(graph)) {
            world.follow("blocker", "follower");
            world.publish("blocker", "before the follow");
            world.publish("follower", "delivered to the blocker");
            world.drain();
            FanoutWorker purger = world.core.worker("purger");
            // The block removes the new edge and its purge runs to the end before the follow backfills.
            graph[0].afterFollow.set(() -> {
                world.block("blocker", "follower");
                purger.drain();
            });

            world.follow("follower", "blocker");
            world.drain();

            assertSeparated(world);
            assertThat(byAuthor(world, "follower", "blocker")).as("the backfill after the purge").isEmpty();
            assertThat(byAuthor(world, "blocker", "follower")).isEmpty();
            assertThat(world.timelines.range(world.id("follower"), Optional.empty(), 100).orElse(List.of()))
                    .noneMatch(entry -> entry.authorId().equals(world.id("blocker")));
        }
    }
}

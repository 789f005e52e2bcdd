package io.feedline.domain;

import io.feedline.domain.fanout.FanoutWorker;
import io.feedline.domain.settings.FeedSettings;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FollowGraph;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;

/** An author the reader unfollowed never comes back, whatever the fan-out was doing at the time. */
class UnfollowRaceTest {

    /** A graph that runs a hook once, right after answering a chosen kind of read with what was true before it. */
    private static final class Interleaving extends ForwardingFollowGraph {
        final AtomicReference<Runnable> afterFollowers = new AtomicReference<>();
        final AtomicReference<Runnable> afterIsFollowing = new AtomicReference<>();

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
        public Page<UserId> followers(UserId user, PageRequest request) {
            Page<UserId> page = delegate.followers(user, request);
            once(afterFollowers);
            return page;
        }

        @Override
        public boolean isFollowing(UserId follower, UserId followee) {
            boolean answer = delegate.isFollowing(follower, followee);
            once(afterIsFollowing);
            return answer;
        }
    }

    private static World world(Interleaving[] graph) {
        UnaryOperator<FollowGraph> wrap = g -> graph[0] = new Interleaving(g);
        return new World(FeedSettings.defaults().withMode(FanoutMode.PUSH), 800, UnaryOperator.identity(), wrap);
    }

    private static List<PostRef> byAuthor(World world, String reader, String author) {
        UserId id = world.id(author);
        return world.feedItems.page(world.id(reader), Optional.empty(), 100).stream()
                .filter(ref -> ref.authorId().equals(id))
                .toList();
    }

    @Test
    void aDeliveryThatReadItsFollowerPageBeforeAnUnfollowAndItsPurgeDoesNotWriteAfterThem() {
        Interleaving[] graph = new Interleaving[1];
        try (World world = world(graph)) {
            world.register("reader");
            world.register("author");
            world.follow("reader", "author");
            world.publish("author", "fanned out while the reader leaves");
            FanoutWorker purger = world.core.worker("purger");
            graph[0].afterFollowers.set(() -> {
                world.unfollow("reader", "author");
                purger.drain();
            });

            world.drain();

            assertThat(byAuthor(world, "reader", "author")).isEmpty();
            assertThat(world.timelines.range(world.id("reader"), Optional.empty(), 100).orElse(List.of())).isEmpty();
            assertThat(world.wholeFeed("reader", 10)).isEmpty();
        }
    }

    @Test
    void unfollowRefollowUnfollowWhileThePurgeRunsLeavesNothingOfTheAuthor() {
        Interleaving[] graph = new Interleaving[1];
        try (World world = world(graph)) {
            world.register("reader");
            world.register("author");
            world.follow("reader", "author");
            world.publish("author", "one");
            world.publish("author", "two");
            world.drain();
            world.unfollow("reader", "author");
            // The first purge reads the edge just after the re-follow, and the second unfollow lands
            // while that purge still holds its job.
            world.follow("reader", "author");
            graph[0].afterIsFollowing.set(() -> world.unfollow("reader", "author"));

            world.drain();

            assertThat(world.graph.isFollowing(world.id("reader"), world.id("author"))).isFalse();
            assertThat(byAuthor(world, "reader", "author")).isEmpty();
            assertThat(world.wholeFeed("reader", 10)).isEmpty();
        }
    }
}

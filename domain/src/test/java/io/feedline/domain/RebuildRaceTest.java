package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.domain.settings.FeedSettings;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FeedItems;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * A window rebuild reads the durable feed, then writes the window (issue 13, item 3). A fan-out or a
 * purge that lands in between must win: the rebuild must neither drop the entry delivered meanwhile
 * nor bring back the entries purged meanwhile. The interleaving is made deterministic by running
 * the racing write right after the rebuild's durable read.
 */
class RebuildRaceTest {
    private static final int WINDOW = 800;

    /** Runs {@code racer} (once) right after the next full-window read of the durable feed: the rebuild's. */
    private final AtomicReference<Runnable> racer = new AtomicReference<>();

    private World world() {
        UnaryOperator<FeedItems> afterRebuildRead = feed -> new FeedItems() {
            @Override
            public void append(Collection<Delivery> deliveries) {
                feed.append(deliveries);
            }

            @Override
            public List<PostRef> page(UserId reader, Optional<PostId> before, int limit) {
                List<PostRef> page = feed.page(reader, before, limit);
                if (before.isEmpty() && limit == WINDOW) {
                    Runnable race = racer.getAndSet(null);
                    if (race != null) {
                        race.run();
                    }
                }
                return page;
            }

            @Override
            public void remove(Collection<Delivery> entries) {
                feed.remove(entries);
            }
        };
        World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH), WINDOW,
                UnaryOperator.identity(), UnaryOperator.identity(), afterRebuildRead);
        world.register("reader");
        world.register("writer");
        world.register("other");
        world.follow("reader", "writer");
        world.follow("reader", "other");
        for (int i = 0; i < 10; i++) {
            world.publish(i % 2 == 0 ? "writer" : "other", "post " + i);
        }
        world.drain();
        // The window is gone (a restart, an eviction): the next read rebuilds it.
        world.timelines.evict(world.id("reader"));
        return world;
    }

    private static List<PostId> firstPage(World world) {
        return world.feedPage("reader", Optional.empty(), 20).items().stream().map(Post::id).toList();
    }

    @Test
    void aPostFannedOutDuringTheRebuildIsNotLostFromTheWindow() {
        try (World world = world()) {
            AtomicReference<Post> latecomer = new AtomicReference<>();
            racer.set(() -> {
                latecomer.set(world.publish("writer", "delivered while the window was rebuilt"));
                world.drain();
            });

            firstPage(world);
            assertThat(racer.get()).as("the race ran").isNull();

            assertThat(firstPage(world)).first().isEqualTo(latecomer.get().id());
        }
    }

    @Test
    void anUnfollowPurgedDuringTheRebuildDoesNotComeBack() {
        try (World world = world()) {
            UserId writer = world.id("writer");
            racer.set(() -> {
                world.unfollow("reader", "writer");
                world.drain();
            });

            firstPage(world);
            assertThat(racer.get()).as("the race ran").isNull();

            assertThat(world.feedPage("reader", Optional.empty(), 20).items())
                    .isNotEmpty()
                    .noneMatch(post -> post.authorId().equals(writer));
        }
    }
}

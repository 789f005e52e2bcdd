package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FeedItems;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class FanoutWorkerTest {
    private static final int FOLLOWERS = 35;

    private static World pushWorldWithFollowers() {
        World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH).withFanoutPageSize(10)
                .withJobLease(Duration.ofSeconds(30)));
        world.register("author");
        for (int i = 0; i < FOLLOWERS; i++) {
            world.register("follower_" + i);
            world.follow("follower_" + i, "author");
        }
        return world;
    }

    /** Simulates a process dying mid-fan-out: an Error escapes the worker without any clean-up. */
    private static final class ProcessDeath extends Error {}

    private static FeedItems dyingAfter(FeedItems delegate, int appends) {
        AtomicInteger calls = new AtomicInteger();
        return new FeedItems() {
            @Override
            public void append(Collection<Delivery> deliveries) {
                if (calls.incrementAndGet() > appends) {
                    throw new ProcessDeath();
                }
                delegate.append(deliveries);
            }

            @Override
            public List<PostRef> page(UserId reader, Optional<PostId> before, int limit) {
                return delegate.page(reader, before, limit);
            }

            @Override
            public void remove(Collection<Delivery> entries) {
                delegate.remove(entries);
            }

            @Override
            public int removeAuthor(UserId reader, UserId author) {
                return delegate.removeAuthor(reader, author);
            }
        };
    }

    @Test
    void workerThatDiesMidFanoutIsReplacedFromItsCheckpointAndNoFeedGetsADuplicate() {
        try (World world = pushWorldWithFollowers()) {
            Post post = world.publish("author", "survive a crash");
            // The author's own entry is append 1, the first page of 10 followers append 2.
            FanoutWorker doomed = new FanoutWorker("doomed", world.postStore.jobs(), world.graph,
                    dyingAfter(world.feedItems, 2), world.timelines, world.clock, world.core.settings(), delay -> {});
            assertThatThrownBy(doomed::runOnce).isInstanceOf(ProcessDeath.class);

            assertThat(world.worker.runOnce()).as("the dead worker's lease still holds").isZero();
            world.clock.advance(Duration.ofSeconds(31));
            world.feedItems.calls().reset();
            assertThat(world.drain()).isEqualTo(1);

            assertThat(world.feedItems.calls().delivered())
                    .as("resumed after the checkpointed first page, not from the start")
                    .isEqualTo(FOLLOWERS - 10);
            for (int i = 0; i < FOLLOWERS; i++) {
                List<PostRef> feed = world.feedItems.page(world.id("follower_" + i), Optional.empty(), 100);
                assertThat(feed).as("follower_%d", i).extracting(PostRef::postId).containsExactly(post.id());
            }
            assertThat(world.postStore.jobs().pending()).isZero();
        }
    }

    @Test
    void replayedFanoutAddsNoDuplicate() {
        try (World world = pushWorldWithFollowers()) {
            Post post = world.publish("author", "twice");
            world.drain();
            world.postStore.jobs().enqueue(new io.feedline.ports.model.FanoutJob.Deliver(post.ref()));
            world.drain();

            for (int i = 0; i < FOLLOWERS; i++) {
                assertThat(world.wholeFeed("follower_" + i, 10)).containsExactly(post.id());
            }
        }
    }

    @Test
    void failedJobIsRetriedAfterBackoffUntilDone() {
        try (World world = pushWorldWithFollowers()) {
            Post post = world.publish("author", "flaky storage");
            AtomicInteger failures = new AtomicInteger(1);
            FeedItems flaky = new FeedItems() {
                @Override
                public void append(Collection<Delivery> deliveries) {
                    if (failures.getAndDecrement() > 0) {
                        throw new FeedlineException.StorageUnavailable("feed", "throttled", null);
                    }
                    world.feedItems.append(deliveries);
                }

                @Override
                public List<PostRef> page(UserId reader, Optional<PostId> before, int limit) {
                    return world.feedItems.page(reader, before, limit);
                }

                @Override
                public void remove(Collection<Delivery> entries) {
                    world.feedItems.remove(entries);
                }

                @Override
                public int removeAuthor(UserId reader, UserId author) {
                    return world.feedItems.removeAuthor(reader, author);
                }
            };
            FanoutWorker worker = new FanoutWorker("flaky", world.postStore.jobs(), world.graph, flaky, world.timelines,
                    world.clock, world.core.settings(), d -> {});

            assertThat(worker.runOnce()).isZero();
            assertThat(world.postStore.jobs().pending()).as("kept in the outbox").isEqualTo(1);
            assertThat(worker.runOnce()).as("not before its backoff").isZero();
            world.clock.advance(Duration.ofSeconds(2));
            assertThat(worker.runOnce()).isEqualTo(1);

            assertThat(world.wholeFeed("follower_7", 10)).containsExactly(post.id());
        }
    }
}

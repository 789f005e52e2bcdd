package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.CounterKind;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.UserId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Repost counts off the hot path, as like counts are: a REPOSTS delta per change, applied by the worker. */
class RepostCountersTest {

    @Test
    void aConcurrentRepostBurstThenHalfUndoneConvergesExactly() throws Exception {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("star");
            Post post = world.publish("star", "repost me");
            world.drain();
            List<UserId> fans = IntStream.range(0, 400).mapToObj(i -> world.register("fan" + i)).toList();
            AtomicBoolean done = new AtomicBoolean();
            Thread processor = Thread.ofVirtual().start(() -> {
                while (!done.get()) {
                    world.worker.runOnce();
                }
            });
            try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
                List<Future<Long>> reposts = new ArrayList<>();
                fans.forEach(fan -> reposts.add(clients.submit(() -> world.app.repostPost().repost(fan, post.id()))));
                for (Future<Long> repost : reposts) {
                    assertThat(repost.get()).as("a repost's answer counts the reposter's own repost").isPositive();
                }
                List<Future<Long>> undone = new ArrayList<>();
                fans.subList(0, 200).forEach(fan -> undone.add(clients.submit(() -> world.app.unrepostPost().unrepost(fan, post.id()))));
                for (Future<Long> unrepost : undone) {
                    unrepost.get();
                }
            } finally {
                done.set(true);
                processor.join();
            }
            world.drain();

            assertThat(world.postStore.jobs().pending()).isZero();
            assertThat(world.app.readPost().read(post.id()).repostCount()).isEqualTo(200);
            assertThat(world.postStore.posts().get(post.ref()).orElseThrow().repostCount()).isEqualTo(200);
            assertThat(world.postStore.counters().count(post.ref(), CounterKind.REPOSTS, java.util.Optional.empty())).isEqualTo(200);
        }
    }

    @Test
    void aRepostWritesOnlyItsEdgeAndJobsAndTheCountMovesWhenTheWorkerRuns() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("author");
            world.register("ann");
            world.register("ben");
            Post post = world.publish("author", "repost me");
            world.drain();

            assertThat(world.repost("ann", post.id())).isEqualTo(1);
            assertThat(world.repost("ben", post.id())).as("ann's repost is not applied yet").isEqualTo(1);
            assertThat(world.postStore.posts().get(post.ref()).orElseThrow().repostCount()).as("nothing applied yet").isZero();
            List<ClaimedJob> peek = world.postStore.jobs().claim("peek", 100, world.clock.instant(), Duration.ofSeconds(1));
            assertThat(peek).extracting(ClaimedJob::job).filteredOn(FanoutJob.CountDelta.class::isInstance)
                    .extracting(job -> ((FanoutJob.CountDelta) job).kind()).containsExactly(CounterKind.REPOSTS, CounterKind.REPOSTS);
            peek.forEach(job -> world.postStore.jobs().release(job, world.clock.instant()));

            world.drain();

            assertThat(world.app.readPost().read(post.id()).repostCount()).isEqualTo(2);
            assertThat(world.unrepost("ann", post.id())).as("ann's own unrepost, pending").isEqualTo(1);
            world.drain();
            assertThat(world.app.readPost().read(post.id()).repostCount()).isEqualTo(1);
        }
    }

    @Test
    void aRepeatedRepostStillCountsTheRepostersOwnWhileItsDeltaIsPending() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("author");
            world.register("ann");
            Post post = world.publish("author", "repost me twice");
            world.drain();

            assertThat(world.repost("ann", post.id())).isEqualTo(1);
            assertThat(world.repost("ann", post.id())).as("the repeat, the first still pending").isEqualTo(1);
            world.drain();
            assertThat(world.repost("ann", post.id())).as("the repeat, the first applied").isEqualTo(1);
            assertThat(world.app.readPost().read(post.id()).repostCount()).isEqualTo(1);
        }
    }
}

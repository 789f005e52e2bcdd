package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.in.PublishPost;
import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.CounterKind;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Counts off the hot path: a like, an unlike, a reply write their edge and their outbox jobs in one
 * write; the worker applies the deltas; the counts converge exactly whatever the interleaving and
 * however often a job is delivered.
 */
class CountersTest {

    private static List<FanoutJob> pendingJobs(World world) {
        // Claimed far in the future by a worker nobody runs, then given back: a look at the outbox.
        List<ClaimedJob> claimed = world.postStore.jobs().claim("peek", 1000, world.clock.instant(), Duration.ofSeconds(1));
        claimed.forEach(job -> world.postStore.jobs().release(job, world.clock.instant()));
        return claimed.stream().map(ClaimedJob::job).toList();
    }

    @Test
    void aThousandConcurrentLikesThenHalfUnlikedConvergeToExactlyFiveHundred() throws Exception {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("star");
            Post post = world.publish("star", "the hot post");
            world.drain();
            List<UserId> fans = IntStream.range(0, 1000).mapToObj(i -> world.register("fan" + i)).toList();
            AtomicBoolean done = new AtomicBoolean();
            // The processor runs all along, so deltas are applied while likes and unlikes still arrive.
            Thread processor = Thread.ofVirtual().start(() -> {
                while (!done.get()) {
                    world.worker.runOnce();
                }
            });
            try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
                List<Future<Long>> likes = new ArrayList<>();
                fans.forEach(fan -> likes.add(clients.submit(() -> world.app.likePost().like(fan, post.id()))));
                for (Future<Long> like : likes) {
                    assertThat(like.get()).as("a like's answer counts the liker's own like").isPositive();
                }
                List<Future<Long>> unlikes = new ArrayList<>();
                fans.subList(0, 500).forEach(fan -> unlikes.add(clients.submit(() -> world.app.unlikePost().unlike(fan, post.id()))));
                for (Future<Long> unlike : unlikes) {
                    unlike.get();
                }
            } finally {
                done.set(true);
                processor.join();
            }
            world.drain();

            assertThat(world.postStore.jobs().pending()).isZero();
            assertThat(world.app.readPost().read(post.id()).likeCount()).isEqualTo(500);
            assertThat(world.postStore.posts().get(post.ref()).orElseThrow().likeCount()).isEqualTo(500);
        }
    }

    /** A post read that loads the stored copy, then waits (once armed) before the cache gets it. */
    private static final class SlowRead extends ForwardingPosts {
        final java.util.concurrent.CountDownLatch loaded = new java.util.concurrent.CountDownLatch(1);
        final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        volatile boolean armed;

        SlowRead(io.feedline.ports.out.Posts delegate) {
            super(delegate);
        }

        @Override
        public java.util.Optional<Post> get(io.feedline.ports.model.PostId id) {
            java.util.Optional<Post> read = delegate.get(id);
            if (armed) {
                armed = false;
                loaded.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return read;
        }
    }

    @Test
    void aReadThatLoadedBeforeAnApplyDoesNotCacheTheOldCountAfterIt() throws Exception {
        SlowRead[] slow = new SlowRead[1];
        try (World world = new World(io.feedline.domain.settings.FeedSettings.defaults().withMode(FanoutMode.PUSH), 800,
                posts -> slow[0] = new SlowRead(posts))) {
            world.register("star");
            world.register("fan");
            Post post = world.publish("star", "the hot post");
            world.drain();
            world.app.likePost().like(world.id("fan"), post.id());
            world.cachedPosts().repliesMoved(post.id()); // drops the cached copy: the next read loads it

            slow[0].armed = true;
            Future<Long> reader;
            try (ExecutorService one = Executors.newVirtualThreadPerTaskExecutor()) {
                reader = one.submit(() -> world.app.readPost().read(post.id()).likeCount());
                slow[0].loaded.await();
                world.drain(); // the like's delta is applied while the read holds the copy from before it
                slow[0].release.countDown();
                assertThat(reader.get()).as("the read answers what it loaded").isZero();
            }

            assertThat(world.app.readPost().read(post.id()).likeCount()).as("the cache did not keep the old count").isEqualTo(1);
        }
    }

    @Test
    void theLikerSeesTheirOwnLikeAtOnceAndOthersPendingLikesWhenApplied() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("author");
            world.register("ann");
            world.register("ben");
            Post post = world.publish("author", "like me");
            world.drain();

            assertThat(world.app.likePost().like(world.id("ann"), post.id())).isEqualTo(1);
            assertThat(world.app.likePost().like(world.id("ben"), post.id())).as("ann's like is not applied yet").isEqualTo(1);
            assertThat(world.app.readPost().read(post.id()).likeCount()).as("nothing applied yet").isZero();

            world.drain();

            assertThat(world.app.readPost().read(post.id()).likeCount()).isEqualTo(2);
            assertThat(world.app.unlikePost().unlike(world.id("ann"), post.id())).as("ann's own unlike, pending").isEqualTo(1);
        }
    }

    @Test
    void aRepeatedLikeStillCountsTheLikersOwnWhileItsDeltaIsPending() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("author");
            world.register("ann");
            Post post = world.publish("author", "like me twice");
            world.drain();

            assertThat(world.app.likePost().like(world.id("ann"), post.id())).isEqualTo(1);
            assertThat(world.app.likePost().like(world.id("ann"), post.id())).as("the repeat, the first still pending").isEqualTo(1);
            world.drain();
            assertThat(world.app.likePost().like(world.id("ann"), post.id())).as("the repeat, the first applied").isEqualTo(1);
            assertThat(world.app.readPost().read(post.id()).likeCount()).isEqualTo(1);
        }
    }

    @Test
    void aCountJobDeliveredTwiceCountsOnce() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("author");
            world.register("fan");
            Post post = world.publish("author", "like me once");
            world.drain();
            world.app.likePost().like(world.id("fan"), post.id());
            // A worker takes the job and stalls past its lease; another takes it over and applies it.
            List<ClaimedJob> stalled = world.postStore.jobs().claim("stalled", 10, world.clock.instant(), Duration.ofSeconds(30))
                    .stream().filter(job -> job.job() instanceof FanoutJob.CountDelta).toList();
            assertThat(stalled).hasSize(1);
            world.clock.advance(Duration.ofSeconds(31));
            world.drain();

            assertThat(world.postStore.counters().apply(stalled)).as("the stalled worker's late apply").isEmpty();
            world.drain();

            assertThat(world.app.readPost().read(post.id()).likeCount()).isEqualTo(1);
        }
    }

    @Test
    void aLikeIsOneWriteCarryingItsCountJobAndItsNotification() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("author");
            world.register("fan");
            Post post = world.publish("author", "like me");
            world.drain();
            world.postStore.calls().reset();

            world.app.likePost().like(world.id("fan"), post.id());

            assertThat(world.postStore.calls().count("like")).isEqualTo(1);
            assertThat(world.postStore.calls().count("enqueue")).as("no second write for the jobs").isZero();
            assertThat(pendingJobs(world)).satisfiesExactlyInAnyOrder(
                    job -> assertThat(job).isInstanceOfSatisfying(FanoutJob.CountDelta.class, delta -> {
                        assertThat(delta.post()).isEqualTo(post.ref());
                        assertThat(delta.kind()).isEqualTo(CounterKind.LIKES);
                        assertThat(delta.delta()).isEqualTo(1);
                    }),
                    job -> assertThat(job).isInstanceOf(FanoutJob.Notify.class));
        }
    }

    @Test
    void aReplyIsOneWriteCarryingItsParentsCountAndItsNotifications() {
        try (World world = World.of(FanoutMode.PULL)) {
            world.register("alice");
            world.register("bob");
            world.register("carol");
            Post question = world.publish("alice", "question");
            world.drain();
            world.postStore.calls().reset();

            world.app.publishPost().publish(new PublishPost.Command(world.id("bob"), PostText.of("answer, @carol"),
                    Optional.empty(), Optional.of(question.id())));

            assertThat(world.postStore.calls().count("publish")).isEqualTo(1);
            assertThat(world.postStore.calls().count("enqueue")).as("no second write for the jobs").isZero();
            List<FanoutJob> jobs = pendingJobs(world);
            assertThat(jobs).filteredOn(FanoutJob.CountDelta.class::isInstance)
                    .singleElement()
                    .isInstanceOfSatisfying(FanoutJob.CountDelta.class, delta -> {
                        assertThat(delta.post()).isEqualTo(question.ref());
                        assertThat(delta.kind()).isEqualTo(CounterKind.REPLIES);
                    });
            assertThat(jobs).filteredOn(FanoutJob.Notify.class::isInstance).hasSize(2);
        }
    }

    @Test
    void aFollowIsOneWriteCarryingItsNotification() {
        try (World world = World.of(FanoutMode.PULL)) {
            world.register("alice");
            world.register("bob");
            world.drain();
            world.graph.calls().reset();
            world.postStore.calls().reset();

            world.app.follow().follow(world.id("bob"), Username.of("alice"));

            assertThat(world.graph.calls().count("follow")).isEqualTo(1);
            assertThat(world.postStore.calls().count("enqueue")).as("enqueued inside the follow, under its lock").isEqualTo(1);
            assertThat(pendingJobs(world)).singleElement().isInstanceOf(FanoutJob.Notify.class);
            world.drain();
            assertThat(world.app.readNotifications().unreadCount(world.id("alice"))).isEqualTo(1);
        }
    }
}

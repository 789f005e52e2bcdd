package io.feedline.domain.fanout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.feedline.domain.FanoutWorkers;
import io.feedline.domain.ForwardingFeedItems;
import io.feedline.domain.ForwardingFollowGraph;
import io.feedline.domain.ForwardingPosts;
import io.feedline.domain.World;
import io.feedline.domain.settings.FeedSettings;
import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FeedItems;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.Posts;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

class FanoutWorkerTest {
    private static final int FOLLOWERS = 35;

    private static World pushWorldWithFollowers() {
        return pushWorldWithFollowers(10);
    }

    private static World pushWorldWithFollowers(int pageSize) {
        World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH).withFanoutPageSize(pageSize)
                .withJobLease(Duration.ofSeconds(30)));
        world.register("author");
        for (int i = 0; i < FOLLOWERS; i++) {
            world.register("follower_" + i);
            world.follow("follower_" + i, "author");
        }
        // The follows' notifications, so that each test's outbox holds only the jobs it makes.
        world.drain();
        // Each follower has read their feed once, which leaves them a whole window for the fan-outs to fill.
        for (int i = 0; i < FOLLOWERS; i++) {
            world.feedPage("follower_" + i, Optional.empty(), 20);
        }
        return world;
    }

    /** Simulates a process dying mid-fan-out: an Error escapes the worker without any clean-up. */
    private static final class ProcessDeath extends Error {}

    private static FeedItems dyingAfter(FeedItems delegate, int appends) {
        AtomicInteger calls = new AtomicInteger();
        return new ForwardingFeedItems(delegate) {
            @Override
            public void append(Collection<Delivery> deliveries) {
                if (calls.incrementAndGet() > appends) {
                    throw new ProcessDeath();
                }
                delegate.append(deliveries);
            }
        };
    }

    @Test
    void workerThatDiesMidFanoutIsReplacedFromItsCheckpointAndNoFeedGetsADuplicate() {
        try (World world = pushWorldWithFollowers()) {
            Post post = world.publish("author", "survive a crash");
            // The author's own entry and the first page of 10 followers are append 1 (one step); the
            // next step's pages die before they are durable or checkpointed.
            FanoutWorker doomed = FanoutWorkers.builder(world, "doomed")
                    .feedItems(dyingAfter(world.feedItems, 1))
                    .build();
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
    void aDeliveryResumedAfterItsPostWasDeletedRetractsThePagesItWroteBeforeDying() {
        try (World world = pushWorldWithFollowers()) {
            Post post = world.publish("author", "deleted mid-fan-out");
            FanoutWorker cleaner = world.core.worker("cleaner");
            AtomicInteger appends = new AtomicInteger();
            FeedItems racing = new ForwardingFeedItems(world.feedItems) {
                @Override
                public void append(Collection<Delivery> deliveries) {
                    if (appends.incrementAndGet() == 1) {
                        // The delete lands, and its retraction runs, just before the first page is written.
                        world.app.deletePost().delete(world.id("author"), post.id());
                        cleaner.drain();
                    }
                    delegate.append(deliveries);
                }
            };
            FanoutWorker doomed = FanoutWorkers.builder(world, "doomed")
                    .feedItems(dyingAfter(racing, 1))
                    .build();
            assertThatThrownBy(doomed::runOnce).isInstanceOf(ProcessDeath.class);
            assertThat(world.feedItems.page(world.id("follower_0"), Optional.empty(), 10))
                    .as("the first page was written after the retraction").isNotEmpty();

            world.clock.advance(Duration.ofSeconds(31));
            world.drain();

            assertThat(world.feedItems.page(world.id("author"), Optional.empty(), 10)).isEmpty();
            for (int i = 0; i < FOLLOWERS; i++) {
                assertThat(world.feedItems.page(world.id("follower_" + i), Optional.empty(), 10)).as("follower_%d", i).isEmpty();
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
            FeedItems flaky = new ForwardingFeedItems(world.feedItems) {
                @Override
                public void append(Collection<Delivery> deliveries) {
                    if (failures.getAndDecrement() > 0) {
                        throw new FeedlineException.StorageUnavailable("feed", "throttled", null);
                    }
                    delegate.append(deliveries);
                }
            };
            FanoutWorker worker = FanoutWorkers.builder(world, "flaky")
                    .feedItems(flaky)
                    .build();

            assertThat(worker.runOnce()).as("the post's search index job only; the delivery failed").isEqualTo(1);
            assertThat(world.postStore.jobs().pending()).as("kept in the outbox").isEqualTo(1);
            assertThat(worker.runOnce()).as("not before its backoff").isZero();
            world.clock.advance(Duration.ofSeconds(2));
            assertThat(worker.runOnce()).isEqualTo(1);

            assertThat(world.wholeFeed("follower_7", 10)).containsExactly(post.id());
        }
    }

    @Test
    void anIdleWorkerPollsLessAndLessUntilWokenAndAWakeBringsTheNextPollAtOnce() throws Exception {
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH).withIdlePoll(Duration.ofMillis(5)))) {
            FanoutWorker worker = world.core.worker("idle");
            try (Loop loop = Loop.start(worker, () -> {})) {
                Thread.sleep(1_000);
                // At a fixed 5 ms a second holds 200 polls; doubling up to 50 ms leaves about 20.
                assertThat(claims(world)).as("polls in an idle second").isBetween(1, 60);

                // Now the wait is at its longest: a wake cuts it short, and a job enqueued then is taken at once.
                world.register("idle_author");
                world.register("idle_follower");
                world.follow("idle_follower", "idle_author");
                PostId post = world.publish("idle_author", "after a quiet spell").id();
                worker.wake();
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(5))
                        .until(() -> world.wholeFeed("idle_follower", 10).contains(post));
                assertThat(world.wholeFeed("idle_follower", 10)).containsExactly(post);
            }
        }
    }

    @Test
    void aClaimsNotificationsStillBeingWrittenDoNotHoldUpTheNextClaim() throws Exception {
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH).withIdlePoll(Duration.ofMillis(5)))) {
            world.register("author");
            world.register("reader");
            world.register("mentioned");
            world.follow("reader", "author");
            world.drain();
            CountDownLatch recording = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            // The first batch of notifications hangs until released.
            io.feedline.ports.out.Notifications slowFirst = beforeEachCallOf(io.feedline.ports.out.Notifications.class,
                    world.notifications, "recordClaimed", () -> {
                        if (recording.getCount() > 0) {
                            recording.countDown();
                            release.await(30, TimeUnit.SECONDS);
                        }
                    });
            FanoutWorker worker = worker(world, "aside", world.feedItems, world.windows(), slowFirst);
            try (Loop loop = Loop.start(worker, () -> {})) {
                world.publish("author", "hello @mentioned");
                worker.wake();
                assertThat(recording.await(10, TimeUnit.SECONDS)).as("the first claim's notification is being recorded").isTrue();

                PostId next = world.publish("author", "the next post").id();
                worker.wake();
                await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(5))
                        .until(() -> durableFeed(world, "reader").contains(next));

                assertThat(release.getCount()).as("the first claim's notification is still being recorded").isEqualTo(1);
                // Durably, not only in the hot window: a step's writes do not wait for a claim's side work either.
                assertThat(durableFeed(world, "reader")).as("the next post, claimed and written to the feed meanwhile").contains(next);
                assertThat(world.wholeFeed("reader", 10)).as("the next post, read in the feed").contains(next);
                release.countDown();
            } finally {
                release.countDown();
            }
            assertThat(world.notifications.countAfter(world.id("mentioned"), Optional.empty(), 99)).as("the mention, recorded once released").isEqualTo(1);
        }
    }

    @Test
    void aWakeBringsThePollBeforeTheIdleWaitRunsOut() throws Exception {
        // After its first poll the worker sleeps 10 s, so a poll within the next 5 s can only come from a wake.
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH).withIdlePoll(Duration.ofSeconds(10)))) {
            FanoutWorker worker = world.core.worker("woken");
            try (Loop loop = Loop.start(worker, () -> {})) {
                awaitClaims(world, 1);
                worker.wake();
                awaitClaims(world, 2);
                assertThat(claims(world)).as("the first poll and the woken one, before the 10 s wait ran out").isEqualTo(2);
            }
        }
    }

    @Test
    void theCoreAnnouncesItsEnqueuesToOtherProcessesAndTheirWordWakesItsWorkers() throws Exception {
        // An idle poll of 5 s: once the loop is idle, a round within the next 3 s can only come from a wake.
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH).withIdlePoll(Duration.ofSeconds(5)))) {
            world.register("signal_author");
            int before = world.outboxSignals.announced();
            world.publish("signal_author", "announced");
            assertThat(world.outboxSignals.announced()).as("the publish's jobs announced").isGreaterThan(before);

            // A worker of the core's own, as a process's loops are: the core wakes it when another process speaks.
            FanoutWorker worker = world.core.worker("listening");
            AtomicInteger rounds = new AtomicInteger();
            try (Loop loop = Loop.start(worker, rounds::incrementAndGet)) {
                int idle = awaitIdle(rounds);
                world.outboxSignals.hearAnotherProcess();
                await().atMost(Duration.ofSeconds(3)).pollInterval(Duration.ofMillis(1)).until(() -> rounds.get() > idle);
                assertThat(rounds.get()).as("a round of the loop before its 5 s wait ran out: woken").isGreaterThan(idle);
            }
        }
    }

    /** Waits until the loop has done its work and sits in its wait (no round for 300 ms); returns the rounds so far. */
    private static int awaitIdle(AtomicInteger rounds) throws InterruptedException {
        int seen = rounds.get();
        long stableSince = System.nanoTime();
        while (rounds.get() < 1 || System.nanoTime() - stableSince < TimeUnit.MILLISECONDS.toNanos(300)) {
            Thread.sleep(5);
            if (rounds.get() != seen) {
                seen = rounds.get();
                stableSince = System.nanoTime();
            }
        }
        return seen;
    }

    /** The posts in a reader's durable feed, newest first, hot windows aside. */
    private static List<PostId> durableFeed(World world, String reader) {
        return world.feedItems.page(world.id(reader), Optional.empty(), 100).stream().map(PostRef::postId).toList();
    }

    /** Polls of the outbox so far (the world's store counts its calls). */
    private static int claims(World world) {
        return world.postStore.calls().count("claim");
    }

    private static void awaitClaims(World world, int count) {
        await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(1)).until(() -> claims(world) >= count);
        assertThat(claims(world)).as("polls within 5 s").isGreaterThanOrEqualTo(count);
    }

    /** A worker's loop on a thread of its own, calling {@code eachRound} at each round; stopped and joined on close. */
    private record Loop(FanoutWorker worker, AtomicBoolean stop, Thread thread) implements AutoCloseable {
        static Loop start(FanoutWorker worker, Runnable eachRound) {
            AtomicBoolean stop = new AtomicBoolean();
            Thread thread = Thread.ofVirtual().start(() -> worker.runUntil(() -> {
                eachRound.run();
                return stop.get();
            }));
            return new Loop(worker, stop, thread);
        }

        @Override
        public void close() throws InterruptedException {
            stop.set(true);
            worker.wake();
            thread.join();
        }
    }

    /** Registers {@code author_0..} and {@code reader_0..}, each reader following every author, and drains the follows' jobs. */
    private static void everyReaderFollowsEveryAuthor(World world, int authors, int readers) {
        for (int a = 0; a < authors; a++) {
            world.register("author_" + a);
        }
        for (int r = 0; r < readers; r++) {
            world.register("reader_" + r);
            for (int a = 0; a < authors; a++) {
                world.follow("reader_" + r, "author_" + a);
            }
        }
        world.drain();
    }

    /** 40 authors each followed by the same 4 readers, then one post by each, not yet fanned out. */
    private static List<Post> fortyAuthorsPostToFourReaders(World world) {
        everyReaderFollowsEveryAuthor(world, 40, 4);
        List<Post> posts = new java.util.ArrayList<>();
        for (int a = 0; a < 40; a++) {
            posts.add(world.publish("author_" + a, "post " + a));
        }
        return posts;
    }

    @Test
    void aStepsDurableWritesTakeAtMostHalfTheWorkersCallsSoClaimsAndRenewalsNeverQueueBehindTheWholeStep() {
        // worker.concurrency 4: at most 2 of a step's 8 chunks are written at once.
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH).withJobsPerClaim(80)
                .withWorkerConcurrency(4))) {
            fortyAuthorsPostToFourReaders(world);
            AtomicInteger writing = new AtomicInteger();
            AtomicInteger most = new AtomicInteger();
            FanoutWorker worker = workerWriting(world, "bounded", new ForwardingFeedItems(world.feedItems) {
                @Override
                public void append(Collection<Delivery> deliveries) {
                    most.accumulateAndGet(writing.incrementAndGet(), Math::max);
                    try {
                        // Long enough for every write let through beside this one to arrive.
                        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
                        while (writing.get() <= 2 && System.nanoTime() < until) {
                            Thread.sleep(1);
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } finally {
                        writing.decrementAndGet();
                    }
                    delegate.append(deliveries);
                }
            });
            world.feedItems.calls().reset();

            assertThat(worker.drain()).as("40 deliveries and the 40 posts' search index jobs").isEqualTo(80);

            assertThat(world.feedItems.calls().count("append")).isEqualTo(8);
            assertThat(most.get()).as("durable writes in flight at once: half of worker.concurrency, in parallel").isEqualTo(2);
            for (int f = 0; f < 4; f++) {
                assertThat(world.feedItems.page(world.id("reader_" + f), Optional.empty(), 100)).hasSize(40);
            }
        }
    }

    @Test
    void fortyJobsOfFiveEntriesAreWrittenInEightFullBatchesAndOneWindowWrite() {
        // One claim holds the 40 deliveries and the 40 posts' search index jobs enqueued beside them.
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH).withJobsPerClaim(80))) {
            List<Post> posts = fortyAuthorsPostToFourReaders(world);
            world.feedItems.calls().reset();
            world.timelines.calls().reset();
            world.postStore.calls().reset();

            assertThat(world.drain()).as("40 deliveries and the 40 posts' search index jobs").isEqualTo(80);

            // The posts are read in batches (the claim's deliveries, the step's finished deliveries,
            // the index jobs), never one by one, and each kind of job is completed in one write.
            assertThat(world.postStore.calls().count("getByRef")).as("posts read one by one").isZero();
            assertThat(world.postStore.calls().count("getAll")).as("batch reads of posts").isEqualTo(3);
            assertThat(world.postStore.calls().count("complete")).as("jobs completed one by one").isZero();
            assertThat(world.postStore.calls().count("completeAll")).as("the deliveries' completions and the index jobs'").isEqualTo(2);

            // 40 jobs x (the author + 4 followers) = 200 entries: 8 calls of 25, not 40 calls of 5.
            assertThat(world.feedItems.calls().count("append")).isEqualTo(8);
            assertThat(world.feedItems.calls().delivered()).isEqualTo(200);
            assertThat(world.timelines.calls().count("add")).as("one window write for the whole step").isEqualTo(1);
            for (int f = 0; f < 4; f++) {
                assertThat(world.wholeFeed("reader_" + f, 100)).containsExactlyInAnyOrderElementsOf(
                        posts.stream().map(Post::id).toList());
            }
        }
    }

    /** The world's graph, counting its edge checks and its reads of unfollow counts, which it answers only if {@code counts}. */
    private static FollowGraph countingSettlements(FollowGraph graph, AtomicInteger checks, AtomicInteger countReads, boolean counts) {
        return new ForwardingFollowGraph(graph) {
            @Override
            public Set<UserId> followersAmong(UserId followee, Collection<UserId> candidates) {
                checks.incrementAndGet();
                return delegate.followersAmong(followee, candidates);
            }

            @Override
            public Map<UserId, Long> unfollowCounts(Collection<UserId> followees) {
                countReads.incrementAndGet();
                return counts ? delegate.unfollowCounts(followees) : Map.of();
            }
        };
    }

    @Test
    void aClaimsFirstPagesAreSettledByTwoReadsOfTheAuthorsUnfollowCountsAndWithoutThemEachIsChecked() {
        for (boolean counts : List.of(true, false)) {
            try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH).withJobsPerClaim(80))) {
                List<Post> posts = fortyAuthorsPostToFourReaders(world);
                AtomicInteger checks = new AtomicInteger();
                AtomicInteger countReads = new AtomicInteger();
                FanoutWorker worker = FanoutWorkers.builder(world, "settling")
                        .graph(countingSettlements(world.graph, checks, countReads, counts))
                        .build();

                assertThat(worker.drain()).isEqualTo(80);

                if (counts) {
                    assertThat(countReads).as("before the 40 first pages are read, and after").hasValue(2);
                    assertThat(checks).as("no unfollow between the readings: no page is checked").hasValue(0);
                } else {
                    assertThat(countReads).hasValue(1);
                    assertThat(checks).as("with no counts, each first page is checked").hasValue(40);
                }
                for (int f = 0; f < 4; f++) {
                    assertThat(world.wholeFeed("reader_" + f, 100)).containsExactlyInAnyOrderElementsOf(
                            posts.stream().map(Post::id).toList());
                }
            }
        }
    }

    @Test
    void aCrashBetweenTheWindowWriteAndTheDurableWriteIsRepairedByTheRedo() {
        try (World world = pushWorldWithFollowers()) {
            Post post = world.publish("author", "window first");
            FanoutWorker doomed = FanoutWorkers.builder(world, "doomed")
                    .feedItems(dyingAfter(world.feedItems, 1))
                    .build();
            assertThatThrownBy(doomed::runOnce).isInstanceOf(ProcessDeath.class);

            // Followers 10-19 (the second page, read ahead) got the post in their hot window, not
            // in their durable feed: the process died before that page was durable.
            List<UserId> walked = world.graph.followers(world.id("author"), io.feedline.ports.model.PageRequest.first(100)).items();
            UserId secondPage = walked.get(10);
            assertThat(world.timelines.range(secondPage, Optional.empty(), 10).orElseThrow())
                    .extracting(PostRef::postId).containsExactly(post.id());
            assertThat(world.feedItems.page(secondPage, Optional.empty(), 10)).isEmpty();

            world.clock.advance(Duration.ofSeconds(31));
            assertThat(world.drain()).isEqualTo(1);

            for (UserId follower : walked) {
                assertThat(world.feedItems.page(follower, Optional.empty(), 10)).extracting(PostRef::postId)
                        .containsExactly(post.id());
                assertThat(world.timelines.range(follower, Optional.empty(), 10).orElseThrow())
                        .extracting(PostRef::postId).containsExactly(post.id());
            }
            for (int i = 0; i < FOLLOWERS; i++) {
                assertThat(world.wholeFeed("follower_" + i, 10)).containsExactly(post.id());
            }
            assertThat(world.postStore.jobs().pending()).isZero();
        }
    }

    @Test
    void aFailingWindowNeverHoldsUpTheDurableFeed() {
        try (World world = pushWorldWithFollowers()) {
            world.timelines.setAvailable(false);
            Post post = world.publish("author", "cache down");

            assertThat(world.drain()).as("the delivery and the search index job").isEqualTo(2);

            for (int i = 0; i < FOLLOWERS; i++) {
                assertThat(world.feedItems.page(world.id("follower_" + i), Optional.empty(), 10))
                        .extracting(PostRef::postId).containsExactly(post.id());
            }
            assertThat(world.postStore.jobs().pending()).isZero();
        }
    }

    /** The world's graph, but one edge check (the {@code failAt}-th: a first page's, or a run's) fails once. */
    private static FollowGraph failingCheck(FollowGraph delegate, int failAt) {
        return beforeEachCheck(delegate, check -> {
            if (check == failAt) {
                throw new FeedlineException.StorageUnavailable("graph", "throttled", null);
            }
        });
    }

    /** The world's graph, running {@code hook} with each follower page's edge check's number before it. */
    private static FollowGraph beforeEachCheck(FollowGraph delegate, IntConsumer hook) {
        return withHooks(delegate, hook, page -> {});
    }

    /** The world's graph, running hooks with the number of each edge check and of each follower page read before it. */
    private static FollowGraph withHooks(FollowGraph graph, IntConsumer beforeCheck, IntConsumer beforePage) {
        AtomicInteger checks = new AtomicInteger();
        AtomicInteger pages = new AtomicInteger();
        return new ForwardingFollowGraph(graph) {
            @Override
            public Set<UserId> followersAmong(UserId followee, Collection<UserId> candidates) {
                beforeCheck.accept(checks.incrementAndGet());
                return delegate.followersAmong(followee, candidates);
            }

            @Override
            public Page<UserId> followers(UserId user, PageRequest request) {
                beforePage.accept(pages.incrementAndGet());
                return delegate.followers(user, request);
            }
        };
    }

    @Test
    void aReadAheadRunWhoseEdgeCheckFailsIsRedoneOnTheRetryAndEveryFollowerGetsThePostOnce() {
        try (World world = pushWorldWithFollowers(2)) {
            Post post = world.publish("author", "a check fails on the second run");
            // Pages of 2: the first is read as the job is taken (and settled by the author's unfollow
            // count, with no check), the other 17 ahead in two runs (10 pages and 7), each run checked
            // on its own thread; the second check is the second run's.
            FanoutWorker worker = FanoutWorkers.builder(world, "flaky")
                    .graph(failingCheck(world.graph, 2))
                    .build();

            worker.drain();
            assertThat(world.postStore.jobs().pending()).as("given back when the page failed").isEqualTo(1);
            world.clock.advance(Duration.ofSeconds(2));
            worker.drain();

            assertThat(world.postStore.jobs().pending()).as("done after its retry").isZero();
            for (int i = 0; i < FOLLOWERS; i++) {
                UserId follower = world.id("follower_" + i);
                assertThat(world.feedItems.page(follower, Optional.empty(), 10)).as("follower %d's feed", i)
                        .extracting(PostRef::postId).containsExactly(post.id());
                assertThat(world.timelines.range(follower, Optional.empty(), 10)).as("follower %d's window", i)
                        .hasValueSatisfying(window -> assertThat(window).extracting(PostRef::postId).containsExactly(post.id()));
            }
        }
    }

    @Test
    void aBigFanOutReadsAndChecksItsAudienceInRunsOfPages() {
        try (World world = pushWorldWithFollowers(2)) {
            AtomicInteger firstPages = new AtomicInteger();
            AtomicInteger runs = new AtomicInteger();
            AtomicInteger checks = new AtomicInteger();
            List<Integer> runSizes = new CopyOnWriteArrayList<>();
            FollowGraph counting = new ForwardingFollowGraph(world.graph) {
                @Override
                public Page<UserId> followers(UserId user, PageRequest request) {
                    firstPages.incrementAndGet();
                    return delegate.followers(user, request);
                }

                @Override
                public List<Page<UserId>> followerPages(UserId user, PageRequest first, int pages) {
                    runs.incrementAndGet();
                    List<Page<UserId>> run = delegate.followerPages(user, first, pages);
                    runSizes.add(run.size());
                    return run;
                }

                @Override
                public Set<UserId> followersAmong(UserId followee, Collection<UserId> candidates) {
                    checks.incrementAndGet();
                    return delegate.followersAmong(followee, candidates);
                }
            };
            FanoutWorker worker = FanoutWorkers.builder(world, "runs")
                    .graph(counting)
                    .build();
            Post post = world.publish("author", "read in runs");

            worker.drain();

            // 35 followers in pages of 2: the first page in the step, the 17 after it in two runs.
            assertThat(firstPages).hasValue(1);
            assertThat(runs).hasValue(2);
            assertThat(runSizes).containsExactly(DeliveryRun.PAGES_PER_RUN, 7);
            assertThat(checks).as("one edge check per run; the first page is settled by the author's unfollow count").hasValue(2);
            for (int i = 0; i < FOLLOWERS; i++) {
                assertThat(world.feedItems.page(world.id("follower_" + i), Optional.empty(), 10)).as("follower %d's feed", i)
                        .extracting(PostRef::postId).containsExactly(post.id());
            }
        }
    }

    @Test
    void aBigFanOutsDurableWritesWaitUntilEveryHotWindowHasThePost() {
        try (World world = pushWorldWithFollowers()) {
            AtomicReference<PostId> post = new AtomicReference<>();
            AtomicInteger writtenBeforeEveryWindow = new AtomicInteger();
            FeedItems watching = new ForwardingFeedItems(world.feedItems) {
                @Override
                public void append(Collection<Delivery> deliveries) {
                    long windowed = 0;
                    for (int i = 0; i < FOLLOWERS; i++) {
                        windowed += world.timelines.range(world.id("follower_" + i), Optional.empty(), 10)
                                .filter(window -> window.stream().anyMatch(ref -> ref.postId().equals(post.get())))
                                .isPresent() ? 1 : 0;
                    }
                    if (windowed < FOLLOWERS) {
                        writtenBeforeEveryWindow.addAndGet(deliveries.size());
                    }
                    delegate.append(deliveries);
                }
            };
            // The follower pages after the second are read slowly: a durable write that did not wait would pass them.
            FollowGraph slowLaterPages = withHooks(world.graph, check -> {}, page -> {
                if (page >= 3) {
                    sleep(Duration.ofMillis(50));
                }
            });
            FanoutWorker worker = FanoutWorkers.builder(world, "windows-first")
                    .graph(slowLaterPages)
                    .feedItems(watching)
                    .build();
            post.set(world.publish("author", "windows first").id());

            worker.drain();

            assertThat(writtenBeforeEveryWindow).as("only the first page (10 followers and the author) went before the window pass")
                    .hasValueLessThanOrEqualTo(11);
            for (int i = 0; i < FOLLOWERS; i++) {
                assertThat(world.feedItems.page(world.id("follower_" + i), Optional.empty(), 10))
                        .extracting(PostRef::postId).containsExactly(post.get());
            }
        }
    }

    /** A worker of the world's own making that writes durable items through {@code feedItems}. */
    private static FanoutWorker workerWriting(World world, String id, FeedItems feedItems) {
        return worker(world, id, feedItems, world.windows(), world.notifications);
    }

    /** A worker of the world's own making that writes through the given feed items, windows and notifications. */
    private static FanoutWorker worker(World world, String id, FeedItems feedItems, WindowWrites windows,
            io.feedline.ports.out.Notifications notifications) {
        return FanoutWorkers.builder(world, id)
                .feedItems(feedItems)
                .windows(windows)
                .notifications(notifications)
                .build();
    }

    /** Something a test runs before a call, which may wait or throw. */
    @FunctionalInterface
    private interface Hook {
        void run() throws Exception;
    }

    /** A view of {@code delegate} that runs {@code hook} before each call of its method {@code name}. */
    private static <T> T beforeEachCallOf(Class<T> type, T delegate, String name, Hook hook) {
        return type.cast(java.lang.reflect.Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
                (proxy, method, args) -> {
                    if (method.getName().equals(name)) {
                        hook.run();
                    }
                    try {
                        return method.invoke(delegate, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                }));
    }

    /** The world's feed items, running {@code hook} with each append's number (from 1) before it. */
    private static FeedItems beforeEachAppend(FeedItems delegate, IntConsumer hook) {
        AtomicInteger appends = new AtomicInteger();
        return new ForwardingFeedItems(delegate) {
            @Override
            public void append(Collection<Delivery> deliveries) {
                hook.accept(appends.incrementAndGet());
                delegate.append(deliveries);
            }
        };
    }

    private static boolean inWindow(World world, String reader, PostId post) {
        return world.timelines.range(world.id(reader), Optional.empty(), 20)
                .filter(window -> window.stream().anyMatch(ref -> ref.postId().equals(post)))
                .isPresent();
    }

    /**
     * A push-mode world with steps of 2 jobs, in which {@code reader_0..2} each follow {@code
     * author_0..5} and have a hot window, and each author has just published one post (returned).
     */
    private static List<PostId> sixPostsForThreeReaders(World world) {
        everyReaderFollowsEveryAuthor(world, 6, 3);
        for (int r = 0; r < 3; r++) {
            world.feedPage("reader_" + r, Optional.empty(), 20);
        }
        return onePostEach(world, 6);
    }

    /** The world's feed items, noting before each append how many of the posts are in the three readers' hot windows. */
    private static FeedItems notingWindowed(World world, List<PostId> posts, List<Integer> windowedAtEachAppend) {
        return beforeEachAppend(world.feedItems, append -> {
            int windowed = 0;
            for (int r = 0; r < 3; r++) {
                for (PostId post : posts) {
                    windowed += inWindow(world, "reader_" + r, post) ? 1 : 0;
                }
            }
            windowedAtEachAppend.add(windowed);
        });
    }

    @Test
    void deliveriesHeldBehindAStepAreInTheirReadersHotWindowsBeforeItsFirstDurableWrite() {
        // Steps of 2 jobs: the worker holds all 6 deliveries, and writes them durably in 3 steps.
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH).withJobsPerClaim(2))) {
            List<PostId> posts = sixPostsForThreeReaders(world);
            List<Integer> windowedAtEachAppend = new CopyOnWriteArrayList<>();
            FanoutWorker worker = workerWriting(world, "windows-ahead", notingWindowed(world, posts, windowedAtEachAppend));
            world.timelines.calls().reset();
            world.feedItems.calls().reset();

            assertThat(worker.runOnce()).as("6 deliveries and the 6 posts' search index jobs, in one claim").isEqualTo(12);

            assertThat(windowedAtEachAppend).as("every reader had all 6 posts in the hot window before each durable write")
                    .isNotEmpty().containsOnly(18);
            assertThat(world.timelines.calls().count("add")).as("one window write for the whole claim").isEqualTo(1);
            assertThat(world.feedItems.calls().count("append")).as("one durable write per step of 2 jobs (2 x 4 entries)")
                    .isEqualTo(3);
            for (int r = 0; r < 3; r++) {
                assertThat(world.feedItems.page(world.id("reader_" + r), Optional.empty(), 10))
                        .extracting(PostRef::postId).containsExactlyInAnyOrderElementsOf(posts);
            }
            assertThat(world.postStore.jobs().pending()).isZero();
        }
    }

    @Test
    void aBurstThatTakesSeveralClaimsIsInEveryHotWindowBeforeTheFirstDurableWrite() throws InterruptedException {
        // Claims of 2 jobs: the 6 deliveries and their posts' 6 search index jobs take six claims,
        // which come back full one after another and make one window pass.
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH).withJobsPerClaim(2))) {
            List<PostId> posts = sixPostsForThreeReaders(world);
            List<Integer> windowedAtEachAppend = new CopyOnWriteArrayList<>();
            FanoutWorker worker = workerWriting(world, "one-pass", notingWindowed(world, posts, windowedAtEachAppend));
            AtomicBoolean stop = new AtomicBoolean();
            Thread running = Thread.ofVirtual().start(() -> worker.runUntil(stop::get));
            try {
                assertThat(eventually(() -> world.postStore.jobs().pending() == 0)).isTrue();
            } finally {
                stop.set(true);
                worker.wake();
                running.join();
            }

            assertThat(windowedAtEachAppend).as("every reader had all 6 posts in the hot window before each durable write")
                    .isNotEmpty().containsOnly(18);
            for (int r = 0; r < 3; r++) {
                assertThat(world.feedItems.page(world.id("reader_" + r), Optional.empty(), 10))
                        .extracting(PostRef::postId).containsExactlyInAnyOrderElementsOf(posts);
            }
        }
    }

    @Test
    void whileAStepsDurableWriteHangsTheNextPostIsClaimedAndWindowed() throws InterruptedException {
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH))) {
            readerOfTwoAuthors(world);
            java.util.concurrent.CountDownLatch writing = new java.util.concurrent.CountDownLatch(1);
            java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
            FanoutWorker worker = workerWriting(world, "two-threads", hangingFirstAppend(world.feedItems, writing, release));
            AtomicBoolean stop = new AtomicBoolean();
            PostId first = world.publish("first_author", "its durable write hangs").id();
            Thread running = Thread.ofVirtual().start(() -> worker.runUntil(stop::get));
            try {
                assertThat(writing.await(10, TimeUnit.SECONDS)).isTrue();

                PostId second = world.publish("second_author", "claimed meanwhile").id();
                worker.wake();

                assertThat(eventually(() -> inWindow(world, "reader", second)))
                        .as("the second post reached the hot window while the first step's write hung").isTrue();
                assertThat(world.feedItems.page(world.id("reader"), Optional.empty(), 10)).isEmpty();
                release.countDown();
                assertThat(eventually(() -> world.feedItems.page(world.id("reader"), Optional.empty(), 10).size() == 2)).isTrue();
                assertThat(world.feedItems.page(world.id("reader"), Optional.empty(), 10)).extracting(PostRef::postId)
                        .containsExactly(second, first);
            } finally {
                release.countDown();
                stop.set(true);
                worker.wake();
                running.join();
            }
            assertThat(world.postStore.jobs().pending()).isZero();
        }
    }

    @Test
    void eachClaimIsReadAndWindowedWhileTheNextClaimIsMade() throws InterruptedException {
        // Claims of two jobs: each post's delivery and search index job (enqueued together, claimed
        // in that order) are one claim, and the three claims come back full one after another.
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH).withJobsPerClaim(2))) {
            for (int a = 0; a < 3; a++) {
                world.register("author_" + a);
                world.register("reader_" + a);
                world.follow("reader_" + a, "author_" + a);
            }
            world.drain();
            List<PostId> posts = onePostEach(world, 3);
            int claimsBefore = claims(world);
            AtomicBoolean firstWindowWrite = new AtomicBoolean(true);
            AtomicBoolean claimedMeanwhile = new AtomicBoolean();
            // The first window write, the first claim's, waits up to 5 s for the worker's second claim.
            io.feedline.ports.out.TimelineCache waitingFirst = beforeEachCallOf(io.feedline.ports.out.TimelineCache.class,
                    world.timelines, "add", () -> {
                        if (firstWindowWrite.getAndSet(false)) {
                            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                            while (claims(world) < claimsBefore + 2 && System.nanoTime() < deadline) {
                                Thread.sleep(1);
                            }
                            claimedMeanwhile.set(claims(world) >= claimsBefore + 2);
                        }
                    });
            FanoutWorker worker = worker(world, "beside", world.feedItems, FanoutWorkers.windowsOver(waitingFirst),
                    world.notifications);
            try (Loop loop = Loop.start(worker, () -> {})) {
                assertThat(eventually(() -> world.postStore.jobs().pending() == 0)).as("every job done").isTrue();
            }

            assertThat(claimedMeanwhile).as("the second claim was made while the first claim's windows were being written").isTrue();
            for (int a = 0; a < 3; a++) {
                assertThat(durableFeed(world, "reader_" + a)).as("reader_" + a + "'s feed").containsExactly(posts.get(a));
            }
        }
    }

    /**
     * A push-mode world with steps of one job, the given lease, and {@code count} authors
     * ({@code author_<n>}) each followed by a reader of their own ({@code reader_<n>}).
     */
    private static World pairs(int count, Duration lease) {
        World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH).withJobsPerClaim(1).withJobLease(lease));
        for (int a = 0; a < count; a++) {
            world.register("author_" + a);
            world.register("reader_" + a);
            world.follow("reader_" + a, "author_" + a);
        }
        world.drain();
        return world;
    }

    /** One post by each of {@code author_0} to {@code author_<count - 1>}, in that order. */
    private static List<PostId> onePostEach(World world, int count) {
        List<PostId> posts = new java.util.ArrayList<>();
        for (int a = 0; a < count; a++) {
            posts.add(world.publish("author_" + a, "post " + a).id());
        }
        return posts;
    }

    /** A rival worker claims what it can of the outbox now, and notes the jobs it took over. */
    private static void rivalClaims(World world, Duration lease, List<FanoutJob> takenOver) {
        world.postStore.jobs().claim("rival", 10, world.clock.instant(), lease)
                .forEach(claimed -> takenOver.add(claimed.job()));
    }

    /** Each {@code reader_<n>} of {@link #pairs}'s world has {@code posts.get(n)} durably, and nothing else. */
    private static void assertEachReaderHasOnlyTheirAuthorsPost(World world, List<PostId> posts) {
        for (int a = 0; a < posts.size(); a++) {
            assertThat(world.feedItems.page(world.id("reader_" + a), Optional.empty(), 10))
                    .extracting(PostRef::postId).containsExactly(posts.get(a));
        }
    }

    /** {@code reader}, who follows {@code first_author} and {@code second_author}, with a hot window. */
    private static void readerOfTwoAuthors(World world) {
        world.register("first_author");
        world.register("second_author");
        world.register("reader");
        world.follow("reader", "first_author");
        world.follow("reader", "second_author");
        world.drain();
        world.feedPage("reader", Optional.empty(), 20);
    }

    /** The world's feed items, whose first append counts {@code writing} down, then waits for {@code release}. */
    private static FeedItems hangingFirstAppend(FeedItems delegate, java.util.concurrent.CountDownLatch writing,
            java.util.concurrent.CountDownLatch release) {
        return beforeEachAppend(delegate, append -> {
            if (append == 1) {
                writing.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
    }

    /** Whether {@code condition} holds within 10 s, looked at every 10 ms. */
    private static boolean eventually(java.util.function.BooleanSupplier condition) {
        try {
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(10)).until(condition::getAsBoolean);
            return true;
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            return false;
        }
    }

    @Test
    void theLeasesOfHeldJobsAreRenewedWhileEarlierStepsAreWrittenSoNoOtherWorkerTakesThemOver() {
        Duration lease = Duration.ofSeconds(30);
        try (World world = pairs(3, lease)) {
            List<PostId> posts = onePostEach(world, 3);
            List<FanoutJob> takenOver = new CopyOnWriteArrayList<>();
            // Each step's durable write finds a rival polling the outbox, then takes 20 s: the third
            // job waits 40 s for its step, longer than its first lease.
            FanoutWorker worker = workerWriting(world, "holder", beforeEachAppend(world.feedItems, append -> {
                rivalClaims(world, lease, takenOver);
                world.clock.advance(Duration.ofSeconds(20));
            }));

            worker.runOnce();

            assertThat(takenOver).as("jobs another worker took over").isEmpty();
            assertEachReaderHasOnlyTheirAuthorsPost(world, posts);
            assertThat(world.postStore.jobs().pending()).isZero();
        }
    }

    @Test
    void aJobWhoseLeaseIsHalfGoneWhenItsOwnStepBeginsIsRenewedBeforeItIsWritten() {
        Duration lease = Duration.ofSeconds(30);
        try (World world = pairs(2, lease)) {
            List<PostId> posts = List.of(world.publish("author_0", "first").id(), world.publish("author_1", "second").id());
            List<FanoutJob> takenOver = new CopyOnWriteArrayList<>();
            // Each durable write takes 20 s, and a rival polls the outbox as it ends: the second job's
            // own step begins 20 s into its 30 s lease, and its write ends 10 s past that lease.
            FanoutWorker worker = workerWriting(world, "holder", beforeEachAppend(world.feedItems, append -> {
                world.clock.advance(Duration.ofSeconds(20));
                rivalClaims(world, lease, takenOver);
            }));

            worker.runOnce();

            assertThat(takenOver).as("jobs another worker took over").isEmpty();
            assertEachReaderHasOnlyTheirAuthorsPost(world, posts);
            assertThat(world.postStore.jobs().pending()).isZero();
        }
    }

    @Test
    void jobsWhoseClaimTookMoreThanHalfTheirLeaseAreRenewedBeforeTheyWaitForAStep() throws InterruptedException {
        Duration lease = Duration.ofSeconds(30);
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH).withJobLease(lease))) {
            readerOfTwoAuthors(world);
            java.util.concurrent.CountDownLatch writing = new java.util.concurrent.CountDownLatch(1);
            java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
            AtomicBoolean slowRead = new AtomicBoolean();
            // The second post's claim reads its deliveries' posts for 20 s of the clock: two thirds
            // of its lease are gone by the time it waits behind the first post's step, whose write hangs.
            Posts posts = new ForwardingPosts(world.postStore.posts()) {
                @Override
                public List<Post> getAll(Collection<PostRef> refs) {
                    if (slowRead.getAndSet(false)) {
                        world.clock.advance(Duration.ofSeconds(20));
                    }
                    return delegate.getAll(refs);
                }
            };
            FanoutWorker worker = FanoutWorkers.builder(world, "holder")
                    .posts(posts)
                    .feedItems(hangingFirstAppend(world.feedItems, writing, release))
                    .build();
            AtomicBoolean stop = new AtomicBoolean();
            PostId first = world.publish("first_author", "its durable write hangs").id();
            Thread running = Thread.ofVirtual().start(() -> worker.runUntil(stop::get));
            try {
                assertThat(writing.await(10, TimeUnit.SECONDS)).isTrue();
                slowRead.set(true);
                PostId second = world.publish("second_author", "claimed slowly").id();
                worker.wake();

                assertThat(eventually(() -> inWindow(world, "reader", second))).isTrue();
                // Both first leases end 10 s from now. The first post's job, in the hanging step, is not
                // renewed until its next step; the second's, renewed as its claim ended, outlasts the next 15 s.
                Instant later = world.clock.instant().plus(Duration.ofSeconds(15));
                assertThat(eventually(() -> world.postStore.jobs().backlog(later).waitingJobs() == 1))
                        .as("jobs a rival may claim 15 s from now: the hanging step's only").isTrue();
                List<ClaimedJob> rivals = world.postStore.jobs().claim("rival", 10, later, lease);
                assertThat(rivals).extracting(ClaimedJob::job)
                        .containsExactly(new FanoutJob.Deliver(new PostRef(first, world.id("first_author"))));
                // The rival gives it back at once: the holder claims it again and redoes it.
                rivals.forEach(job -> world.postStore.jobs().release(job, world.clock.instant()));
                release.countDown();
                assertThat(eventually(() -> world.postStore.jobs().pending() == 0))
                        .as("both jobs completed by their holder, the first one claimed again").isTrue();
            } finally {
                release.countDown();
                stop.set(true);
                worker.wake();
                running.join();
            }
            assertThat(world.feedItems.page(world.id("reader"), Optional.empty(), 10)).hasSize(2);
        }
    }

    @Test
    void jobsHeldWhileAStepOutlastsTheirLeaseAreRenewedAsItWritesSoNoOtherWorkerTakesThemOver() {
        Duration lease = Duration.ofSeconds(30);
        try (World world = pairs(3, lease)) {
            List<PostId> posts = onePostEach(world, 3);
            List<FanoutJob> takenOver = new CopyOnWriteArrayList<>();
            // The first step's durable write takes 40 s of the clock, longer than every lease the
            // worker holds; the worker looks at them every idle-poll interval (200 ms) meanwhile.
            FanoutWorker worker = workerWriting(world, "holder", beforeEachAppend(world.feedItems, append -> {
                if (append == 1) {
                    world.clock.advance(Duration.ofSeconds(20));
                    sleep(Duration.ofMillis(1_000));
                    world.clock.advance(Duration.ofSeconds(20));
                    rivalClaims(world, lease, takenOver);
                }
            }));

            assertThat(worker.runOnce()).as("the 3 deliveries and the 3 posts' search index jobs").isEqualTo(6);

            assertThat(takenOver).as("jobs another worker took over").isEmpty();
            assertThat(world.postStore.calls().count("renewAll")).as("calls that renewed the leases due, all at once").isPositive();
            assertThat(world.postStore.calls().count("renew")).as("leases renewed one at a time").isZero();
            assertEachReaderHasOnlyTheirAuthorsPost(world, posts);
            assertThat(world.postStore.jobs().pending()).isZero();
        }
    }

    @Test
    void aWorkerWhoseStepsTakeLongerThanHalfALeaseAndWriteLittleClaimsOnlyOneStepOfJobs() {
        Duration lease = Duration.ofSeconds(30);
        try (World world = pairs(4, lease)) {
            // Every durable write takes 20 s on the clock, more than half a lease, for 2 feed items.
            FanoutWorker worker = workerWriting(world, "slow", beforeEachAppend(world.feedItems,
                    append -> world.clock.advance(Duration.ofSeconds(20))));
            world.publish("author_0", "its step shows the pace");
            assertThat(worker.runOnce()).as("the first claim, before any step, holds what is there").isPositive();
            assertThat(world.postStore.jobs().pending()).isZero();
            for (int a = 1; a < 4; a++) {
                world.publish("author_" + a, "post " + a);
            }
            int waiting = world.postStore.jobs().pending();

            worker.runOnce();

            assertThat(world.postStore.jobs().pending()).as("jobs left after one claim of a worker that steps slowly")
                    .isEqualTo(waiting - 1);
            worker.drain();
            for (int a = 1; a < 4; a++) {
                assertThat(world.feedItems.page(world.id("reader_" + a), Optional.empty(), 10)).hasSize(1);
            }
        }
    }

    @Test
    void aWorkerWhoseSlowStepsEachWriteManyItemsHoldsEveryStepItMay() {
        Duration lease = Duration.ofSeconds(120);
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH).withJobsPerClaim(1).withJobLease(lease))) {
            // 7 authors, each followed by the same 24 readers: a post is 25 feed items, one durable write.
            everyReaderFollowsEveryAuthor(world, 7, 24);
            // Each durable write takes 20 s on the clock: a renewal of a waiting job per 60 s, so each
            // step's 25 items allow 7 more steps of jobs held behind it (10% of 25 x 60 / 20).
            FanoutWorker worker = workerWriting(world, "slow-but-full", beforeEachAppend(world.feedItems,
                    append -> world.clock.advance(Duration.ofSeconds(20))));
            world.publish("author_0", "its step shows the pace");
            assertThat(worker.runOnce()).isPositive();
            assertTheNextClaimHoldsEveryStep(world, worker, 7, 24);
        }
    }

    @Test
    void theTimeAStepWaitsForAnotherClaimsWindowPassIsNotItsPace() throws InterruptedException {
        Duration lease = Duration.ofSeconds(120);
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH).withJobsPerClaim(1).withJobLease(lease))) {
            everyReaderFollowsEveryAuthor(world, 7, 24);
            WindowPassBarrier passes = new WindowPassBarrier();
            FanoutWorker worker = FanoutWorkers.builder(world, "behind-a-pass").windowPasses(passes).build();
            world.publish("author_0", "its step waits for a pass");
            // Another worker's claims are windowing: this step's durable write waits for them,
            // 50 s on the clock. Taken as the writes' pace, with 25 items a step, it would allow
            // only 3 more steps of jobs held (10% of 25 x 60 / 50).
            long pass = passes.begin();
            AtomicInteger done = new AtomicInteger();
            Thread stepping = Thread.ofVirtual().start(() -> done.set(worker.runOnce()));
            awaitWaiting(passes);
            world.clock.advance(Duration.ofSeconds(50));
            passes.end(pass);
            stepping.join();
            assertThat(done.get()).isPositive();
            assertTheNextClaimHoldsEveryStep(world, worker, 7, 24);
        }
    }

    @Test
    void aSlowStepOfFewerJobsThanAClaimDoesNotSetThePaceAlone() {
        Duration lease = Duration.ofSeconds(120);
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH).withJobsPerClaim(4).withJobLease(lease))) {
            everyReaderFollowsEveryAuthor(world, 9, 24);
            // The first durable write takes 100 s on the clock: alone, a step of one job that slow
            // would allow no step of jobs held beyond the step's own (10% of 25 x 60 / 100, per 4 jobs).
            FanoutWorker worker = workerWriting(world, "one-slow-job", beforeEachAppend(world.feedItems, append -> {
                if (append == 1) {
                    world.clock.advance(Duration.ofSeconds(100));
                }
            }));
            world.publish("author_0", "a step of one job");
            assertThat(worker.runOnce()).isPositive();
            for (int a = 1; a < 9; a++) {
                world.publish("author_" + a, "post " + a);
            }
            int waiting = world.postStore.jobs().pending();
            assertThat(waiting).as("8 deliveries and their posts' index jobs").isEqualTo(16);

            worker.runOnce();

            assertThat(world.postStore.jobs().pending()).as("jobs left after one claim of up to 8 steps' worth").isZero();
            for (int r = 0; r < 24; r++) {
                assertThat(world.feedItems.page(world.id("reader_" + r), Optional.empty(), 10)).hasSize(9);
            }
        }
    }

    /**
     * Has {@code author_1} to the last author post, lets {@code worker} (one job a step) claim once,
     * and asserts that it held {@value HoldPolicy#STEPS_HELD} steps' worth; then drains, and every
     * reader has every author's post.
     */
    private static void assertTheNextClaimHoldsEveryStep(World world, FanoutWorker worker, int authors, int readers) {
        for (int a = 1; a < authors; a++) {
            world.publish("author_" + a, "post " + a);
        }
        int waiting = world.postStore.jobs().pending();

        worker.runOnce();

        assertThat(world.postStore.jobs().pending()).as("jobs left after one claim of 8 steps' worth")
                .isEqualTo(waiting - HoldPolicy.STEPS_HELD);
        worker.drain();
        for (int r = 0; r < readers; r++) {
            assertThat(world.feedItems.page(world.id("reader_" + r), Optional.empty(), 10)).hasSize(authors);
        }
    }

    /** Waits until a durable write is parked in its wait for {@code passes}. */
    private static void awaitWaiting(WindowPassBarrier passes) {
        await("a durable write began waiting").atMost(Duration.ofSeconds(10)).until(passes::writesWaiting);
    }

    /**
     * Registers {@code users} and makes the follows (follower, followee, and so on), lets the first
     * follower read their feed, then has "early" and "late" post: with one job a step, the late
     * post's first page, read as its job is taken, waits behind the early post's step. Returns the
     * late post.
     */
    private static PostId lateBehindEarly(World world, List<String> users, String... followerFollowee) {
        users.forEach(world::register);
        for (int i = 0; i < followerFollowee.length; i += 2) {
            world.follow(followerFollowee[i], followerFollowee[i + 1]);
        }
        world.drain();
        world.feedPage(followerFollowee[0], Optional.empty(), 20);
        world.publish("early", "written in the first step");
        return world.publish("late", "written in the second step").id();
    }

    @Test
    void aFirstPageThatWaitedIsCheckedAgainSoAnUnfollowMeanwhileLeavesNoDurableCopy() {
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH).withJobsPerClaim(1))) {
            PostId waited = lateBehindEarly(world, List.of("early", "late", "leaver", "stayer"),
                    "leaver", "early", "leaver", "late", "stayer", "late");
            // While the first step writes, the leaver unfollows the second post's author, and the
            // purge runs at once elsewhere; the second post's page, read when the job was taken, waits 5 s.
            FanoutWorker worker = workerWriting(world, "holder", beforeEachAppend(world.feedItems, append -> {
                if (append == 1) {
                    world.unfollow("leaver", "late");
                    world.drain();
                    world.clock.advance(Duration.ofSeconds(5));
                }
            }));

            worker.drain();

            assertThat(world.feedItems.page(world.id("leaver"), Optional.empty(), 10)).extracting(PostRef::postId)
                    .doesNotContain(waited);
            assertThat(inWindow(world, "leaver", waited)).isFalse();
            assertThat(world.wholeFeed("leaver", 10)).doesNotContain(waited);
            assertThat(world.feedItems.page(world.id("stayer"), Optional.empty(), 10)).extracting(PostRef::postId)
                    .containsExactly(waited);
            assertThat(world.postStore.jobs().pending()).isZero();
        }
    }

    @Test
    void aFirstPageThatWaitedWhileNobodyUnfollowedItsAuthorIsSettledByTheCountsWithoutACheck() {
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH).withJobsPerClaim(1))) {
            PostId waited = lateBehindEarly(world, List.of("early", "late", "elsewhere", "reader"),
                    "reader", "early", "reader", "late", "reader", "elsewhere");
            AtomicInteger checks = new AtomicInteger();
            AtomicInteger countReads = new AtomicInteger();
            AtomicInteger readsAfterTheWait = new AtomicInteger();
            AtomicBoolean waitedAlready = new AtomicBoolean();
            FollowGraph graph = new ForwardingFollowGraph(countingSettlements(world.graph, checks, countReads, true)) {
                @Override
                public Map<UserId, Long> unfollowCounts(Collection<UserId> followees) {
                    if (waitedAlready.get()) {
                        readsAfterTheWait.incrementAndGet();
                    }
                    return delegate.unfollowCounts(followees);
                }
            };
            // While the first step writes, the reader unfollows someone else (whose count moves, not
            // the late author's), and the second post's page, read when the job was taken, waits 5 s.
            FanoutWorker worker = FanoutWorkers.builder(world, "holder")
                    .graph(graph)
                    .feedItems(beforeEachAppend(world.feedItems, append -> {
                        if (append == 1) {
                            world.unfollow("reader", "elsewhere");
                            world.clock.advance(Duration.ofSeconds(5));
                            waitedAlready.set(true);
                        }
                    }))
                    .build();

            worker.drain();

            assertThat(readsAfterTheWait).as("the waited page's author's count, read again").hasPositiveValue();
            assertThat(checks).as("its count had not moved: no check").hasValue(0);
            assertThat(world.feedItems.page(world.id("reader"), Optional.empty(), 10)).extracting(PostRef::postId)
                    .contains(waited);
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

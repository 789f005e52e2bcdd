package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.domain.settings.FeedSettings;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HomeFeedTest {

    @Test
    void homeFeedContinuesPastTheHotWindow() {
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH), 10)) {
            world.register("reader");
            world.register("writer");
            world.follow("reader", "writer");
            // The reader's first read leaves a whole (empty) window, which the fan-outs then fill.
            world.feedPage("reader", Optional.empty(), 20);
            List<PostId> published = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                published.add(world.publish("writer", "post " + i).id());
            }
            world.drain();
            assertThat(world.timelines.range(world.id("reader"), Optional.empty(), 100).orElseThrow())
                    .as("the hot window is capped at 10")
                    .hasSize(10);
            assertThat(world.feedItems.page(world.id("reader"), Optional.empty(), 100)).hasSize(50);

            List<PostId> walked = world.wholeFeed("reader", 7);

            assertThat(walked).as("all 50, newest first, no gap, no repeat")
                    .containsExactlyElementsOf(published.reversed());
        }
    }

    @Test
    void readerWithoutAWindowStillGetsAFullFirstPage() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("reader");
            world.register("writer");
            world.follow("reader", "writer");
            for (int i = 0; i < 30; i++) {
                world.publish("writer", "post " + i);
            }
            world.drain();
            world.timelines.evict(world.id("reader"));

            Page<Post> first = world.feedPage("reader", Optional.empty(), 20);

            assertThat(first.items()).hasSize(20);
            assertThat(first.next()).isPresent();
            assertThat(world.timelines.holdsWindow(world.id("reader")))
                    .as("the missing window is refilled after the answer")
                    .isTrue();
        }
    }

    @Test
    void newReaderWithNoFeedItemsGetsAPageFromTheBoundedPullMerge() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("reader");
            world.register("writer");
            world.follow("reader", "writer");
            world.publish("writer", "published after the follow, not yet fanned out");

            Page<Post> first = world.feedPage("reader", Optional.empty(), 20);

            assertThat(first.items()).extracting(p -> p.text().value())
                    .containsExactly("published after the follow, not yet fanned out");
        }
    }

    @Test
    void feedAnswersFromTheDurableFeedWhileTheCacheIsDown() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("reader");
            world.register("writer");
            world.follow("reader", "writer");
            world.timelines.setAvailable(false);
            for (int i = 0; i < 25; i++) {
                world.publish("writer", "post " + i);
            }
            world.drain();

            List<PostId> walked = world.wholeFeed("reader", 10);

            assertThat(walked).hasSize(25);
            world.timelines.setAvailable(true);
            assertThat(world.wholeFeed("reader", 10)).containsExactlyElementsOf(walked);
        }
    }

    @Test
    void aWarmPageReadsNoPostFromTheDurableStore() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("reader");
            world.register("writer");
            world.follow("reader", "writer");
            for (int i = 0; i < 30; i++) {
                world.publish("writer", "post " + i);
            }
            world.drain();
            world.feedPage("reader", Optional.empty(), 20);
            world.postStore.calls().reset();

            Page<Post> page = world.feedPage("reader", Optional.empty(), 20);

            assertThat(page.items()).hasSize(20);
            assertThat(world.postStore.calls().count("getAll")).as("every post hydrated from the post cache").isZero();
            assertThat(world.postStore.calls().count("byAuthor")).as("no pull merge on a warm page").isZero();
            world.postCache.clear();
            world.postStore.calls().reset();
            assertThat(world.feedPage("reader", Optional.empty(), 20).items()).hasSize(20);
            assertThat(world.postStore.calls().count("getAll")).as("a cold cache's misses in one batch read").isEqualTo(1);
        }
    }

    @Test
    void deletedPostVanishesFromEveryReadersNextPageAtOnce() {
        for (FanoutMode mode : FanoutMode.values()) {
            try (World world = World.of(mode)) {
                world.register("author");
                world.register("ann");
                world.register("bob");
                world.follow("ann", "author");
                world.follow("bob", "author");
                Post keep = world.publish("author", "keep me");
                Post doomed = world.publish("author", "delete me");
                world.drain();
                assertThat(world.wholeFeed("ann", 10)).contains(doomed.id());

                world.app.deletePost().delete(world.id("author"), doomed.id());

                for (String reader : List.of("ann", "bob", "author")) {
                    assertThat(world.wholeFeed(reader, 10)).as("%s in %s mode", reader, mode)
                            .containsExactly(keep.id());
                }
                world.drain();
                assertThat(world.feedItems.page(world.id("ann"), Optional.empty(), 10))
                        .as("the stored copies are cleaned up by the outbox")
                        .noneMatch(ref -> ref.postId().equals(doomed.id()));
            }
        }
    }

    @Test
    void pageWithDeletedEntriesIsRefilledFromFurtherDown() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("reader");
            world.register("writer");
            world.follow("reader", "writer");
            List<Post> posts = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                posts.add(world.publish("writer", "post " + i));
            }
            world.drain();
            // Deleted, but the clean-up has not run: the entries are still in the window.
            world.app.deletePost().delete(world.id("writer"), posts.get(11).id());
            world.app.deletePost().delete(world.id("writer"), posts.get(10).id());

            Page<Post> page = world.feedPage("reader", Optional.empty(), 5);

            assertThat(page.items()).extracting(Post::id).containsExactly(
                    posts.get(9).id(), posts.get(8).id(), posts.get(7).id(), posts.get(6).id(), posts.get(5).id());
        }
    }

    @Test
    void followBackfillsAndUnfollowPurges() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("reader");
            world.register("writer");
            world.register("friend");
            world.follow("reader", "friend");
            Post fromFriend = world.publish("friend", "hello");
            List<PostId> older = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                older.add(world.publish("writer", "before the follow " + i).id());
            }
            world.drain();
            assertThat(world.wholeFeed("reader", 10)).containsExactly(fromFriend.id());

            world.follow("reader", "writer");
            world.drain();

            assertThat(world.wholeFeed("reader", 10)).as("backfilled by the relations lane")
                    .containsAll(older).contains(fromFriend.id()).hasSize(6)
                    .isSortedAccordingTo(Comparator.reverseOrder());

            world.unfollow("reader", "writer");
            world.drain();

            assertThat(world.wholeFeed("reader", 10)).containsExactly(fromFriend.id());
            assertThat(world.feedItems.page(world.id("reader"), Optional.empty(), 100))
                    .noneMatch(ref -> ref.authorId().equals(world.id("writer")));
        }
    }

    @Test
    void aFollowWritesOnlyItsEdgeAndItsBackfillRunsAheadOfAFanoutBacklog() {
        // Row 4 of the concurrency issue: a follow's backfill ran in the request, and behind the
        // fan-out backlog (ADR-0021).
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.PUSH).withJobsPerClaim(2))) {
            world.register("reader");
            world.register("writer");
            world.register("busy");
            world.register("fan");
            world.follow("fan", "busy");
            List<PostId> older = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                older.add(world.publish("writer", "before the follow " + i).id());
            }
            world.drain();
            for (int i = 0; i < 40; i++) {
                world.publish("busy", "backlog " + i);
            }
            int backlog = world.postStore.jobs().pending();
            world.feedItems.calls().reset();

            world.follow("reader", "writer");

            assertThat(world.feedItems.calls().delivered()).as("the follow itself copies nothing").isZero();
            world.worker.runOnce();
            assertThat(world.feedItems.page(world.id("reader"), Optional.empty(), 10)).extracting(PostRef::postId)
                    .as("one round of the worker backfills the follow").containsExactlyInAnyOrderElementsOf(older);
            assertThat(world.postStore.jobs().pending()).as("while most of the fan-out backlog still waits")
                    .isGreaterThan(backlog / 2);
        }
    }

    @Test
    void refollowBeforeThePurgeRunsKeepsTheBackfill() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("reader");
            world.register("writer");
            world.follow("reader", "writer");
            Post post = world.publish("writer", "still here");
            world.drain();

            world.unfollow("reader", "writer");
            world.follow("reader", "writer");
            world.drain();

            assertThat(world.wholeFeed("reader", 10)).containsExactly(post.id());
        }
    }

    @Test
    void ownPostsAreInTheOwnersFeed() {
        for (FanoutMode mode : FanoutMode.values()) {
            try (World world = World.of(mode)) {
                world.register("solo");
                Post post = world.publish("solo", "talking to myself");
                world.drain();
                assertThat(world.wholeFeed("solo", 10)).as(mode.name()).containsExactly(post.id());
            }
        }
    }
}

package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.domain.home.CelebrityReads;
import io.feedline.domain.settings.FeedSettings;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What a hot hybrid page costs, counted at the ports: the reader's edges to the celebrities and
 * the celebrities' newest entries are kept in the process, so the page is one window read and one
 * read through the post cache, and this process's own changes still show on the very next read.
 */
class HybridReadCostTest {
    private static final Duration TTL = Duration.ofSeconds(1);

    /** Two celebrities (two followers each) and one ordinary author, all followed by the reader. */
    private static World world() {
        World world = new World(FeedSettings.defaults().withMode(FanoutMode.HYBRID).withCelebrityThreshold(2)
                .withCelebrityReadsTtl(TTL));
        for (String name : List.of("star", "nova", "pal", "reader", "fan")) {
            world.register(name);
        }
        for (String celebrity : List.of("star", "nova")) {
            world.follow("fan", celebrity);
            world.follow("reader", celebrity);
        }
        world.follow("reader", "pal");
        return world;
    }

    private static List<PostId> ids(List<Post> posts) {
        return posts.stream().map(Post::id).toList();
    }

    private static void resetCalls(World world) {
        world.graph.calls().reset();
        world.postStore.calls().reset();
        world.timelines.calls().reset();
        world.postCache.calls().reset();
        world.feedItems.calls().reset();
    }

    @Test
    void aHotHybridPageIsOneWindowReadAndOnePostCacheReadWithNoEdgeReadOrCelebrityQuery() {
        try (World world = world()) {
            // The window holds a page's worth, so nothing is merged from past the feed's end.
            world.publish("pal", "pal zero");
            Post pal1 = world.publish("pal", "pal one");
            Post star = world.publish("star", "from the star");
            Post nova = world.publish("nova", "from the nova");
            Post pal2 = world.publish("pal", "pal two");
            Post pal3 = world.publish("pal", "pal three");
            world.drain();
            List<PostId> expected = List.of(pal3.id(), pal2.id(), nova.id(), star.id());
            assertThat(ids(world.feedPage("reader", Optional.empty(), 4).items())).as("cold").isEqualTo(expected);
            resetCalls(world);

            List<Post> hot = world.feedPage("reader", Optional.empty(), 4).items();

            assertThat(ids(hot)).isEqualTo(expected);
            assertThat(world.graph.calls().count("followedAmong")).as("edges to the celebrities kept").isZero();
            assertThat(world.postStore.calls().count("byAuthor")).as("no query per celebrity").isZero();
            assertThat(world.postStore.calls().count("getAll")).as("every body from the post cache").isZero();
            assertThat(world.timelines.calls().total()).as("one window read").isEqualTo(1);
            assertThat(world.postCache.calls().total()).as("one post cache read").isEqualTo(1);
            assertThat(world.feedItems.calls().total()).as("the window held the page").isZero();
            assertThat(world.graph.calls().total()).isZero();
            assertThat(pal1.id()).as("the page stopped at its limit").isNotIn(ids(hot));
        }
    }

    @Test
    void thisProcesssOwnPublishDeleteRepostAndUnfollowShowOnTheNextReadAtOnce() {
        try (World world = world()) {
            world.publish("pal", "pal one");
            Post first = world.publish("star", "first");
            world.drain();
            assertThat(ids(world.feedPage("reader", Optional.empty(), 10).items())).contains(first.id());

            Post second = world.publish("star", "second");
            assertThat(ids(world.feedPage("reader", Optional.empty(), 10).items()))
                    .as("a publish, no drain needed").startsWith(second.id());

            world.app.deletePost().delete(world.id("star"), second.id());
            assertThat(ids(world.feedPage("reader", Optional.empty(), 10).items())).as("a delete")
                    .doesNotContain(second.id()).contains(first.id());

            Post palPost = world.publish("pal", "pal two");
            world.drain();
            world.repost("nova", palPost.id());
            assertThat(world.feedPage("reader", Optional.empty(), 10).items().getFirst().repostedBy())
                    .as("a repost by a celebrity, shown as its original with who reposted it").isPresent();

            world.unfollow("reader", "star");
            assertThat(ids(world.feedPage("reader", Optional.empty(), 10).items())).as("an unfollow")
                    .doesNotContain(first.id());
        }
    }

    @Test
    void anotherProcesssFollowReachesAKeptReadWithinTheTtl() {
        try (World world = world()) {
            world.register("comet");
            world.follow("fan", "comet");
            world.register("other_fan");
            world.follow("other_fan", "comet");
            // A full page of the window's own, so the page needs nothing from past the feed's end.
            for (int i = 0; i < 10; i++) {
                world.publish("pal", "pal " + i);
            }
            Post comet = world.publish("comet", "from the comet");
            world.drain();
            world.feedPage("reader", Optional.empty(), 10);

            // Written at the port, as another process's follow is: this process has not seen it.
            world.graph.follow(world.id("reader"), world.id("comet"), world.clock.instant());

            assertThat(ids(world.feedPage("reader", Optional.empty(), 10).items())).as("kept").doesNotContain(comet.id());
            world.clock.advance(TTL);
            assertThat(ids(world.feedPage("reader", Optional.empty(), 10).items())).as("past the ttl").contains(comet.id());
        }
    }

    @Test
    void pagesPastTheKeptEntriesAreReadFromTheAuthorsPosts() {
        try (World world = world()) {
            int posts = CelebrityReads.KEPT_ENTRIES + 30;
            for (int i = 0; i < posts; i++) {
                world.publish("star", "star post " + i);
            }
            world.drain();

            List<PostId> all = world.wholeFeed("reader", 20);

            assertThat(all).hasSize(posts).doesNotHaveDuplicates();
            assertThat(all).isSortedAccordingTo(java.util.Comparator.<PostId>naturalOrder().reversed());
        }
    }

    @Test
    void thisProcesssOwnFollowOfACelebrityShowsOnTheNextReadAtOnce() {
        try (World world = world()) {
            world.register("comet");
            world.follow("fan", "comet");
            world.register("other_fan");
            world.follow("other_fan", "comet");
            for (int i = 0; i < 10; i++) {
                world.publish("pal", "pal " + i);
            }
            Post comet = world.publish("comet", "from the comet");
            world.drain();
            world.feedPage("reader", Optional.empty(), 10);

            world.follow("reader", "comet");

            assertThat(ids(world.feedPage("reader", Optional.empty(), 10).items())).as("no ttl to wait out").contains(comet.id());
        }
    }

    @Test
    void thisProcesssOwnDeleteReadsTheAuthorsNewestEntriesAgain() {
        try (World world = world()) {
            // A full page of the window's own, so the page needs nothing from past the feed's end.
            for (int i = 0; i < 10; i++) {
                world.publish("pal", "pal " + i);
            }
            Post kept = world.publish("star", "kept");
            Post deleted = world.publish("star", "deleted");
            world.drain();
            world.feedPage("reader", Optional.empty(), 10);

            world.app.deletePost().delete(world.id("star"), deleted.id());
            resetCalls(world);

            assertThat(ids(world.feedPage("reader", Optional.empty(), 10).items()))
                    .contains(kept.id()).doesNotContain(deleted.id());
            assertThat(world.postStore.calls().count("byAuthor")).as("the star's entries, read once again").isEqualTo(1);
        }
    }
}

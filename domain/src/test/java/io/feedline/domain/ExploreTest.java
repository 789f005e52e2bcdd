package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.domain.explore.ExploreDesk;
import io.feedline.domain.explore.Popularity;
import io.feedline.ports.model.ExploreUsers;
import io.feedline.ports.model.ExploreWindow;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.model.Username;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Explore's latest and popular posts and its user rankings, over the fakes. */
class ExploreTest {
    private final World world = World.of(FanoutMode.HYBRID);

    @AfterEach
    void close() {
        world.close();
    }

    private Page<Post> latest(Optional<PageToken> after, int limit) {
        return world.app.readExplore().latest(Optional.empty(), new PageRequest(after, limit));
    }

    private List<PostId> wholeLatest(int limit) {
        List<PostId> all = new ArrayList<>();
        Optional<PageToken> after = Optional.empty();
        for (int guard = 0; guard < 100; guard++) {
            Page<Post> page = latest(after, limit);
            page.items().forEach(p -> all.add(p.id()));
            if (page.next().isEmpty()) {
                return all;
            }
            after = page.next();
        }
        throw new AssertionError("explore did not end");
    }

    private List<PostId> popular(ExploreWindow window) {
        return world.app.readExplore().popular(Optional.empty(), window, PageRequest.first(100)).items().stream()
                .map(Post::id).toList();
    }

    private void like(String user, Post post) {
        world.app.likePost().like(world.id(user), post.id());
    }

    @Test
    void latestShowsEveryonesPostsThatStartThreadsNewestFirst() {
        world.register("ann");
        world.register("bob");
        Post first = world.publish("ann", "first");
        Post second = world.publish("bob", "second");
        world.reply("ann", second.id(), "a reply is not in explore");
        world.repost("ann", first.id());
        Post third = world.publish("bob", "third");

        assertThat(wholeLatest(20)).containsExactly(third.id(), second.id(), first.id());
    }

    @Test
    void aSignedInReaderSeesNothingOfTheAccountsTheyMuteOrBlockOrThatBlockThem() {
        world.register("ann");
        world.register("bob");
        world.register("cat");
        world.register("dan");
        Post fromBob = world.publish("bob", "muted by ann");
        Post fromCat = world.publish("cat", "blocked by ann");
        Post fromDan = world.publish("dan", "dan blocks ann");
        Post fromAnn = world.publish("ann", "her own");
        world.mute("ann", "bob");
        world.block("ann", "cat");
        world.block("dan", "ann");

        List<PostId> forAnn = world.app.readExplore().latest(Optional.of(world.id("ann")), PageRequest.first(20)).items()
                .stream().map(Post::id).toList();

        assertThat(forAnn).containsExactly(fromAnn.id());
        assertThat(wholeLatest(20)).containsExactly(fromAnn.id(), fromDan.id(), fromCat.id(), fromBob.id());
    }

    @Test
    void latestPagesWithoutGapsOrRepeatsAndDropsDeletedPosts() {
        world.register("ann");
        List<PostId> published = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            published.add(0, world.publish("ann", "post " + i).id());
        }
        world.app.deletePost().delete(world.id("ann"), published.get(4));
        published.remove(4);

        assertThat(wholeLatest(3)).containsExactlyElementsOf(published);
    }

    @Test
    void aRunOfDeletedPostsNeverEndsLatestEarly() {
        world.register("ann");
        Post survivor = world.publish("ann", "kept");
        for (int i = 0; i < 12; i++) {
            Post gone = world.publish("ann", "deleted " + i);
            world.app.deletePost().delete(world.id("ann"), gone.id());
        }
        Post newest = world.publish("ann", "newest");
        for (int i = 0; i < 12; i++) {
            Post gone = world.publish("ann", "deleted again " + i);
            world.app.deletePost().delete(world.id("ann"), gone.id());
        }

        assertThat(wholeLatest(2)).containsExactly(newest.id(), survivor.id());
    }

    @Test
    void latestCostsOneIndexReadAndOneHydrationForAPageOfLivePosts() {
        world.register("ann");
        for (int i = 0; i < 30; i++) {
            world.publish("ann", "post " + i);
        }
        world.postStore.calls().reset();

        assertThat(latest(Optional.empty(), 20).items()).hasSize(20);

        assertThat(world.postStore.calls().count("exploreLatest")).isEqualTo(1);
        assertThat(world.postStore.calls().count("getAll")).isEqualTo(1);
    }

    @Test
    void popularRanksTheWindowsPostsByEngagementOnceTheCountsAreApplied() {
        for (String name : List.of("ann", "bob", "cat", "dan")) {
            world.register(name);
        }
        Post liked = world.publish("ann", "two likes");
        Post discussed = world.publish("bob", "one like, one reply, one repost");
        Post ignored = world.publish("cat", "nobody cares");
        like("bob", liked);
        like("cat", liked);
        like("ann", discussed);
        world.reply("cat", discussed.id(), "a reply");
        world.repost("dan", discussed.id());
        world.drain();

        assertThat(popular(ExploreWindow.DAY)).as("nothing until the rankings are refreshed").isEmpty();
        world.core.refreshExplore();

        // likes + 2 x reposts + replies: 1 + 0 + 1 = 2 for now, since reposts move their count
        // inline and only count jobs are noted; the like then lifts it over "liked".
        assertThat(popular(ExploreWindow.DAY)).containsExactly(discussed.id(), liked.id());
        like("dan", discussed);
        world.drain();
        world.core.refreshExplore();
        assertThat(popular(ExploreWindow.DAY)).containsExactly(discussed.id(), liked.id()).doesNotContain(ignored.id());
        assertThat(world.rankings.read(Popularity.popularPosts(ExploreWindow.DAY)).entries().getFirst().score())
                .as("2 likes + 2 x 1 repost + 1 reply").isEqualTo(5);
    }

    @Test
    void eachWindowRanksOnlyThePostsPublishedWithinIt() {
        world.register("ann");
        world.register("bob");
        Post lastWeek = world.publish("ann", "six days old");
        world.clock.advance(Duration.ofDays(6));
        Post yesterday = world.publish("ann", "twenty hours old");
        world.clock.advance(Duration.ofHours(20));
        Post now = world.publish("ann", "new");
        for (Post post : List.of(lastWeek, yesterday, now)) {
            like("bob", post);
        }
        world.drain();
        world.core.refreshExplore();

        assertThat(popular(ExploreWindow.HOUR)).containsExactly(now.id());
        assertThat(popular(ExploreWindow.DAY)).containsExactlyInAnyOrder(now.id(), yesterday.id());
        assertThat(popular(ExploreWindow.WEEK)).containsExactlyInAnyOrder(now.id(), yesterday.id(), lastWeek.id());

        world.clock.advance(Duration.ofHours(2));
        assertThat(popular(ExploreWindow.HOUR)).as("a post that left the window is dropped at read").isEmpty();
    }

    @Test
    void aDeletedPostLeavesPopularAtOnceAndTheRankingAtTheNextRefresh() {
        world.register("ann");
        world.register("bob");
        Post post = world.publish("ann", "liked then deleted");
        like("bob", post);
        world.drain();
        world.core.refreshExplore();
        assertThat(popular(ExploreWindow.DAY)).containsExactly(post.id());

        world.app.deletePost().delete(world.id("ann"), post.id());
        assertThat(popular(ExploreWindow.DAY)).isEmpty();

        world.core.refreshExplore();
        assertThat(world.rankings.read(Popularity.popularPosts(ExploreWindow.DAY)).entries()).isEmpty();
    }

    @Test
    void popularPagesThroughTheRankingAndRefusesAForeignCursor() {
        world.register("fan");
        List<Post> posts = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            world.register("author" + i);
            posts.add(world.publish("author" + i, "post " + i));
        }
        // Post i gets i + 1 likes from distinct users.
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j <= i; j++) {
                like("author" + j, posts.get(i));
            }
        }
        world.drain();
        world.core.refreshExplore();

        Page<Post> first = world.app.readExplore().popular(Optional.empty(), ExploreWindow.DAY, PageRequest.first(3));
        Page<Post> second = world.app.readExplore().popular(Optional.empty(), ExploreWindow.DAY,
                PageRequest.after(first.next().orElseThrow(), 3));

        assertThat(first.items()).extracting(Post::id).containsExactly(posts.get(4).id(), posts.get(3).id(), posts.get(2).id());
        assertThat(second.items()).extracting(Post::id).containsExactly(posts.get(1).id(), posts.get(0).id());
        assertThat(second.next()).isEmpty();
        assertThatThrownBy(() -> world.app.readExplore().popular(Optional.empty(), ExploreWindow.DAY,
                PageRequest.after(new PageToken(posts.get(0).id().value()), 3)))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("cursor"));
    }

    @Test
    void aWindowOtherThanTheThreeIsRefusedNamingWindow() {
        assertThat(ExploreWindow.parse("7d")).isEqualTo(ExploreWindow.WEEK);
        assertThatThrownBy(() -> ExploreWindow.parse("2h"))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("window"));
    }

    @Test
    void userRankingsShowTheMostFollowedAndTheNewestAccounts() {
        world.register("ann");
        world.clock.advance(Duration.ofSeconds(1));
        world.register("bob");
        world.clock.advance(Duration.ofSeconds(1));
        world.register("cat");
        world.follow("ann", "bob");
        world.follow("cat", "bob");
        world.follow("ann", "cat");
        world.core.refreshExplore();

        ExploreUsers users = world.app.readExplore().users(10);

        assertThat(users.popular()).extracting(r -> r.user().username().value(), ExploreUsers.Ranked::followers)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("bob", 2L), org.assertj.core.groups.Tuple.tuple("cat", 1L));
        assertThat(users.newest()).extracting(UserSummary::username)
                .containsExactly(Username.of("cat"), Username.of("bob"), Username.of("ann"));

        world.unfollow("ann", "bob");
        world.unfollow("cat", "bob");
        world.core.refreshExplore();
        assertThat(world.app.readExplore().users(1).popular()).extracting(r -> r.user().username().value())
                .containsExactly("cat");
        assertThat(world.app.readExplore().users(1).newest()).extracting(UserSummary::username).containsExactly(Username.of("cat"));
    }

    @Test
    void readingARankingCostsOneReadAndOneHydration() {
        world.register("ann");
        world.register("bob");
        Post post = world.publish("ann", "liked");
        like("bob", post);
        world.drain();
        world.core.refreshExplore();
        world.rankings.calls().reset();
        world.postStore.calls().reset();

        assertThat(popular(ExploreWindow.DAY)).containsExactly(post.id());

        assertThat(world.rankings.calls().total()).isEqualTo(1);
        assertThat(world.postStore.calls().total()).isLessThanOrEqualTo(1);
    }

    @Test
    void aRefreshWithNothingNewWritesNothing() {
        world.register("ann");
        world.register("bob");
        Post post = world.publish("ann", "liked");
        like("bob", post);
        world.drain();
        world.core.refreshExplore();
        world.rankings.calls().reset();

        world.core.refreshExplore();

        assertThat(world.rankings.calls().count("replace")).isZero();
    }

    @Test
    void theHeadOfLatestAndTheRankingsAreReadAtMostOnceASecondUntilThisProcessChangesThem() {
        world.register("ann");
        world.register("bob");
        Post post = world.publish("ann", "one");
        like("bob", post);
        world.drain();
        world.core.refreshExplore();
        world.postStore.calls().reset();
        world.rankings.calls().reset();

        for (int i = 0; i < 5; i++) {
            assertThat(latest(Optional.empty(), 20).items()).extracting(Post::id).containsExactly(post.id());
            assertThat(popular(ExploreWindow.DAY)).containsExactly(post.id());
        }
        assertThat(world.postStore.calls().count("exploreLatest")).isEqualTo(1);
        assertThat(world.rankings.calls().count("read")).isEqualTo(1);

        Post next = world.publish("ann", "two");
        assertThat(latest(Optional.empty(), 20).items()).as("a publish here is seen at once")
                .extracting(Post::id).containsExactly(next.id(), post.id());
        assertThat(world.postStore.calls().count("exploreLatest")).isEqualTo(2);

        world.clock.advance(ExploreDesk.KEPT);
        popular(ExploreWindow.DAY);
        assertThat(world.rankings.calls().count("read")).as("read again once kept a second").isEqualTo(2);
    }

    @Test
    void aDeleteHereForgetsTheKeptHeadOfLatestAtOnce() {
        world.register("ann");
        Post kept = world.publish("ann", "kept");
        Post deleted = world.publish("ann", "deleted");
        assertThat(latest(Optional.empty(), 20).items()).extracting(Post::id).containsExactly(deleted.id(), kept.id());
        world.postStore.calls().reset();

        world.app.deletePost().delete(world.id("ann"), deleted.id());

        assertThat(latest(Optional.empty(), 20).items()).extracting(Post::id).containsExactly(kept.id());
        assertThat(world.postStore.calls().count("exploreLatest")).as("the head read again, without the deleted post").isEqualTo(1);
    }
}

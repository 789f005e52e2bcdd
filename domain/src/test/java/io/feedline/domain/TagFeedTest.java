package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.domain.settings.FeedSettings;
import io.feedline.domain.tags.TrendingRanker;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.TagUse;
import io.feedline.ports.model.UserId;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Followed tags as a source of the home feed, in the three modes, and the tag pages. */
class TagFeedTest {

    private static World world(FanoutMode mode) {
        World world = World.of(mode);
        for (String name : List.of("reader", "author", "stranger")) {
            world.register(name);
        }
        return world;
    }

    private static List<String> feed(World world, String reader) {
        return world.feedPage(reader, Optional.empty(), 20).items().stream().map(p -> p.text().value()).toList();
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void aFollowedTagsPostsReachTheFeedOnceWhicheverWayTheyCame(FanoutMode mode) {
        try (World world = world(mode)) {
            world.followTag("reader", "Java");
            world.follow("reader", "author");
            world.publish("stranger", "hello #java");
            world.publish("author", "both ways #JAVA");
            world.publish("stranger", "untagged");
            world.publish("stranger", "other #rust");
            world.drain();

            assertThat(feed(world, "reader")).containsExactly("both ways #JAVA", "hello #java");
        }
    }

    @Test
    void pushWritesOneFeedItemForAPostThatCameThroughItsAuthorAndATag() {
        try (World world = world(FanoutMode.PUSH)) {
            world.followTag("reader", "java");
            world.follow("reader", "author");
            Post post = world.publish("author", "#java");
            world.drain();

            assertThat(world.feedItems.page(world.id("reader"), Optional.empty(), 10)).containsExactly(post.ref());
        }
    }

    @Test
    void aHotTagIsNotFannedOutButMergedAtRead() {
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.HYBRID).withCelebrityThreshold(2))) {
            for (String name : List.of("reader", "other", "stranger")) {
                world.register(name);
            }
            world.followTag("reader", "java");
            world.followTag("other", "java");
            Post post = world.publish("stranger", "hot #java");
            world.drain();

            assertThat(world.feedItems.page(world.id("reader"), Optional.empty(), 10)).isEmpty();
            assertThat(feed(world, "reader")).containsExactly("hot #java");
            assertThat(feed(world, "other")).containsExactly("hot #java");
            assertThat(world.entityFollows.hot(io.feedline.ports.model.EntityKind.TAG))
                    .containsExactly(io.feedline.ports.model.EntityRef.of(Tag.of("java")));
            assertThat(post.tags()).containsExactly(Tag.of("java"));
        }
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void unfollowingATagPurgesWhatCameThroughItAlone(FanoutMode mode) {
        try (World world = world(mode)) {
            world.followTag("reader", "java");
            world.follow("reader", "author");
            world.publish("stranger", "stranger's #java");
            world.publish("author", "author's #java");
            world.drain();

            world.unfollowTag("reader", "java");
            world.drain();

            assertThat(feed(world, "reader")).containsExactly("author's #java");
            if (mode != FanoutMode.PULL) {
                assertThat(world.feedItems.page(world.id("reader"), Optional.empty(), 10)).hasSize(1);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void unfollowingAnAuthorSparesTheirPostsOfAFollowedTag(FanoutMode mode) {
        try (World world = world(mode)) {
            world.followTag("reader", "java");
            world.follow("reader", "author");
            world.publish("author", "plain");
            world.publish("author", "tagged #java");
            world.drain();

            world.unfollow("reader", "author");
            world.drain();

            assertThat(feed(world, "reader")).containsExactly("tagged #java");
        }
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void followingATagBackfillsItsNewestPosts(FanoutMode mode) {
        try (World world = world(mode)) {
            world.publish("stranger", "old #java");
            world.publish("stranger", "older #rust");
            world.drain();

            world.followTag("reader", "java");

            assertThat(feed(world, "reader")).containsExactly("old #java");
            if (mode == FanoutMode.PUSH) {
                assertThat(world.feedItems.page(world.id("reader"), Optional.empty(), 10)).hasSize(1);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void aTagDeliveredReplyFollowsTheReplyRule(FanoutMode mode) {
        try (World world = world(mode)) {
            world.followTag("reader", "java");
            Post parent = world.publish("author", "question");
            world.reply("stranger", parent.id(), "answer #java");
            world.publish("stranger", "own thread #java");
            world.drain();

            // The reader does not follow the parent's author: the reply is not shown, as any reply.
            assertThat(feed(world, "reader")).containsExactly("own thread #java");
            world.follow("reader", "author");
            world.drain();
            assertThat(feed(world, "reader")).contains("answer #java");
        }
    }

    @Test
    void aTagPageListsItsPostsNewestFirstWithoutDeletedOnes() {
        try (World world = world(FanoutMode.PUSH)) {
            Post first = world.publish("author", "one #java");
            Post second = world.publish("stranger", "two #Java");
            world.publish("author", "three #java #rust");
            world.app.deletePost().delete(second.authorId(), second.id());

            var page = world.app.readTags().posts(Optional.empty(), Tag.of("java"), PageRequest.first(1));
            assertThat(page.items()).extracting(p -> p.text().value()).containsExactly("three #java #rust");
            var next = world.app.readTags().posts(Optional.empty(), Tag.of("java"), PageRequest.after(page.next().orElseThrow(), 5));
            assertThat(next.items()).extracting(Post::id).containsExactly(first.id());
        }
    }

    @Test
    void aTagPageHidesWhatTheSignedInReadersMutesAndBlocksHide() {
        try (World world = world(FanoutMode.PUSH)) {
            world.register("muted_one");
            world.register("blocker");
            Post muted = world.publish("muted_one", "muted #java");
            Post blocking = world.publish("blocker", "blocks the reader #java");
            Post mentioning = world.publish("author", "hi @muted_one #java");
            Post plain = world.publish("author", "plain #java");
            world.mute("reader", "muted_one");
            world.block("blocker", "reader");

            assertThat(world.app.readTags().posts(Optional.of(world.id("reader")), Tag.of("java"), PageRequest.first(10)).items())
                    .extracting(Post::id).containsExactly(plain.id());
            assertThat(world.app.readTags().posts(Optional.of(world.id("stranger")), Tag.of("java"), PageRequest.first(10)).items())
                    .extracting(Post::id).containsExactly(plain.id(), mentioning.id(), blocking.id(), muted.id());
            assertThat(world.app.readTags().posts(Optional.empty(), Tag.of("java"), PageRequest.first(10)).items())
                    .hasSize(4);
        }
    }

    @Test
    void usesRankTrendingAndAutocomplete() {
        try (World world = world(FanoutMode.PUSH)) {
            world.publish("author", "#java #javascript");
            world.publish("author", "#java");
            world.publish("author", "#jazz");
            world.publish("author", "#rust");
            world.drain();

            assertThat(world.app.readTags().trending().tags()).startsWith(new TagUse(Tag.of("java"), 2));
            assertThat(world.app.readTags().trending().tags()).hasSize(4);
            assertThat(world.app.readTags().complete("ja", 2))
                    .containsExactly(new TagUse(Tag.of("java"), 2), new TagUse(Tag.of("javascript"), 1));
            UserId reader = world.id("reader");
            world.followTag("reader", "java");
            var summary = world.app.readTags().tag(Optional.of(reader), Tag.of("java"));
            assertThat(summary.uses()).isEqualTo(2);
            assertThat(summary.followers()).isEqualTo(1);
            assertThat(summary.following()).isTrue();

            // Within the refresh interval the ranking is not read again; after it, it is.
            world.publish("author", "#rust #rust2");
            world.publish("author", "#rust");
            world.drain();
            assertThat(world.app.readTags().trending().tags().getFirst().tag()).isEqualTo(Tag.of("java"));
            world.clock.advance(TrendingRanker.REFRESH_EVERY.plus(Duration.ofSeconds(1)));
            world.publish("author", "#rust");
            world.drain();
            assertThat(world.app.readTags().trending().tags().getFirst()).isEqualTo(new TagUse(Tag.of("rust"), 4));
        }
    }
}

package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.domain.relations.RelationSets;
import io.feedline.ports.fakes.RecordingAnnouncements;
import io.feedline.ports.in.ManageRelations;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.FollowCounts;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.Relation;
import io.feedline.ports.model.RelationChange;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.model.Username;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Mutes and blocks: what each hides, from whom, and what a block refuses, in every fan-out mode. */
class MuteAndBlockTest {

    private static World world(FanoutMode mode, String... users) {
        World world = World.of(mode);
        for (String user : users) {
            world.register(user);
        }
        return world;
    }

    /** The reader's whole feed as texts, "text<-reposter" for an entry brought by a repost. */
    private static List<String> feed(World world, String reader, int pageSize) {
        List<String> texts = new ArrayList<>();
        Optional<PostId> after = Optional.empty();
        for (int guard = 0; guard < 100; guard++) {
            Page<Post> page = world.feedPage(reader, after, pageSize);
            page.items().forEach(p -> texts.add(p.text().value() + p.repostedBy().map(by -> "<-" + by.username().value()).orElse("")));
            if (page.next().isEmpty()) {
                return texts;
            }
            after = Optional.of(PostId.of(page.next().get().value()));
        }
        throw new AssertionError("the feed did not end");
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void aMuteHidesTheAccountsPostsAndRepostsFromTheHomeFeedUntilUnmuted(FanoutMode mode) {
        try (World world = world(mode, "alice", "bob", "carol", "erin")) {
            world.follow("alice", "bob");
            world.follow("alice", "carol");
            world.publish("bob", "b1");
            Post erins = world.publish("erin", "e1");
            world.publish("carol", "c1");
            world.repost("carol", erins.id());
            world.drain();
            assertThat(feed(world, "alice", 10)).containsExactly("e1<-carol", "c1", "b1");

            world.mute("alice", "bob");
            world.mute("alice", "erin");
            world.drain();

            assertThat(feed(world, "alice", 10)).as("bob's post and carol's repost of erin's").containsExactly("c1");
            assertThat(world.graph.isFollowing(world.id("alice"), world.id("bob"))).as("a mute keeps the follow").isTrue();
            assertThat(feed(world, "carol", 10)).as("only the muter's feed changes").contains("e1<-carol");

            world.unmute("alice", "bob");
            world.unmute("alice", "erin");
            assertThat(feed(world, "alice", 10)).containsExactly("e1<-carol", "c1", "b1");
        }
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void aMutedReposterHidesOnlyTheRepostAndThePostShowsAtItsOwnPlace(FanoutMode mode) {
        try (World world = world(mode, "alice", "carol", "dave")) {
            world.follow("alice", "carol");
            world.follow("alice", "dave");
            Post daves = world.publish("dave", "d1");
            world.publish("carol", "c1");
            world.repost("carol", daves.id());
            world.drain();
            assertThat(feed(world, "alice", 10)).containsExactly("d1<-carol", "c1");

            world.mute("alice", "carol");

            assertThat(feed(world, "alice", 10)).containsExactly("d1");
        }
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void pagesStayFullWhenMutedPostsAreMadeUpFromFurtherDown(FanoutMode mode) {
        try (World world = world(mode, "alice", "bob", "carol")) {
            world.follow("alice", "bob");
            world.follow("alice", "carol");
            List<String> carols = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                world.publish("bob", "b" + i);
                world.publish("bob", "b" + i + "'");
                carols.add(0, "c" + i);
                world.publish("carol", "c" + i);
            }
            world.drain();
            world.mute("alice", "bob");

            Page<Post> first = world.feedPage("alice", Optional.empty(), 4);
            assertThat(first.items()).extracting(p -> p.text().value()).containsExactly("c5", "c4", "c3", "c2");
            assertThat(feed(world, "alice", 4)).isEqualTo(carols);
        }
    }

    @Test
    void theHomeFeedReadsTheRelationSetOnceAndThenFromTheCacheUntilItChanges() {
        try (World world = world(FanoutMode.PUSH, "alice", "bob")) {
            world.follow("alice", "bob");
            world.publish("bob", "b1");
            world.drain();
            world.relations.calls().reset();

            world.feedPage("alice", Optional.empty(), 10);
            world.feedPage("alice", Optional.empty(), 10);
            assertThat(world.relations.calls().count("of")).isEqualTo(1);

            world.mute("alice", "bob");
            world.relations.calls().reset();
            assertThat(world.feedPage("alice", Optional.empty(), 10).items()).as("the change is seen at once").isEmpty();
            assertThat(world.relations.calls().count("of")).isEqualTo(1);
        }
    }

    @Test
    void whileChangesElsewhereMayGoUnheardAnotherProcesssChangeReachesACachedSetWithinTheTtl() {
        try (World world = world(FanoutMode.PUSH, "alice", "bob")) {
            RecordingAnnouncements<RelationChange> channel = new RecordingAnnouncements<>();
            channel.channel(false);
            try (RelationSets sets = new RelationSets(world.relations, channel, world.clock)) {
                assertThat(sets.filterFor(world.id("alice")).hides(world.id("bob"))).isFalse();

                // Another process mutes, and this one cannot hear it.
                world.relations.mute(world.id("alice"), world.id("bob"), world.clock.instant());
                assertThat(sets.filterFor(world.id("alice")).hides(world.id("bob"))).isFalse();

                world.clock.advance(RelationSets.TTL);
                assertThat(sets.filterFor(world.id("alice")).hides(world.id("bob"))).isTrue();

                world.relations.unmute(world.id("alice"), world.id("bob"));
                sets.changed(world.id("alice"), world.id("bob"));
                assertThat(sets.filterFor(world.id("alice")).hides(world.id("bob"))).as("this process's own change").isFalse();
            }
        }
    }

    @Test
    void whileEveryChangeIsHeardASetIsKeptLongAndAnotherProcesssWordDropsItAtOnce() {
        try (World world = world(FanoutMode.PUSH, "alice", "bob", "carol")) {
            RecordingAnnouncements<RelationChange> channel = new RecordingAnnouncements<>();
            try (RelationSets sets = new RelationSets(world.relations, channel, world.clock)) {
                world.relations.calls().reset();
                assertThat(sets.filterFor(world.id("alice")).hides(world.id("bob"))).isFalse();
                world.clock.advance(RelationSets.HEARD_TTL.minusSeconds(1));
                assertThat(sets.filterFor(world.id("alice")).hides(world.id("bob"))).isFalse();
                assertThat(world.relations.calls().count("of")).as("one read, kept past the short TTL").isEqualTo(1);

                // Another process mutes and says so: the next read sees it.
                world.relations.mute(world.id("alice"), world.id("bob"), world.clock.instant());
                channel.hearAnotherProcess(new RelationChange(world.id("alice"), world.id("bob")));
                assertThat(sets.filterFor(world.id("alice")).hides(world.id("bob"))).isTrue();

                // A word the channel lost: the copy holds until the long TTL, no longer.
                world.relations.mute(world.id("alice"), world.id("carol"), world.clock.instant());
                assertThat(sets.filterFor(world.id("alice")).hides(world.id("carol"))).isFalse();
                world.clock.advance(RelationSets.HEARD_TTL);
                assertThat(sets.filterFor(world.id("alice")).hides(world.id("carol"))).isTrue();
            }
        }
    }

    @Test
    void theChannelDroppingOrComingBackDropsEveryCopyAndSetsHowLongTheNextAreKept() {
        try (World world = world(FanoutMode.PUSH, "alice", "bob")) {
            RecordingAnnouncements<RelationChange> channel = new RecordingAnnouncements<>();
            try (RelationSets sets = new RelationSets(world.relations, channel, world.clock)) {
                assertThat(sets.filterFor(world.id("alice")).hides(world.id("bob"))).isFalse();
                // Muted elsewhere while the channel is going down: the word is lost, and so is the copy.
                world.relations.mute(world.id("alice"), world.id("bob"), world.clock.instant());
                channel.channel(false);
                assertThat(sets.filterFor(world.id("alice")).hides(world.id("bob"))).isTrue();

                world.relations.calls().reset();
                world.clock.advance(RelationSets.TTL);
                sets.filterFor(world.id("alice"));
                assertThat(world.relations.calls().count("of")).as("kept only for the short TTL while deaf").isEqualTo(1);

                // Unmuted elsewhere before the channel is back: coming back drops the copy too.
                world.relations.unmute(world.id("alice"), world.id("bob"));
                channel.channel(true);
                assertThat(sets.filterFor(world.id("alice")).hides(world.id("bob"))).isFalse();
                world.relations.calls().reset();
                world.clock.advance(RelationSets.TTL.multipliedBy(2));
                sets.filterFor(world.id("alice"));
                assertThat(world.relations.calls().count("of")).as("kept long again once every change is heard").isZero();
            }
        }
    }

    @Test
    void aMuteOrBlockThroughThisProcessIsAnnouncedToTheOthers() {
        try (World world = world(FanoutMode.PUSH, "alice", "bob", "carol")) {
            int before = world.relationChanges.announced().size();
            world.mute("alice", "bob");
            world.block("alice", "carol");
            assertThat(world.relationChanges.announced().subList(before, world.relationChanges.announced().size())).containsExactly(
                    new RelationChange(world.id("alice"), world.id("bob")), new RelationChange(world.id("alice"), world.id("carol")));
        }
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void aBlockRemovesFollowsBothWaysAndHidesEachFromTheOthersFeed(FanoutMode mode) {
        try (World world = world(mode, "alice", "bob", "carol")) {
            world.follow("alice", "bob");
            world.follow("bob", "alice");
            world.follow("carol", "alice");
            world.follow("alice", "carol");
            Post bobs = world.publish("bob", "b1");
            world.publish("alice", "a1");
            world.drain();
            world.repost("carol", bobs.id());
            world.drain();
            assertThat(feed(world, "alice", 10)).containsExactly("b1<-carol", "a1");

            world.block("alice", "bob");
            world.drain();

            assertThat(world.graph.isFollowing(world.id("alice"), world.id("bob"))).isFalse();
            assertThat(world.graph.isFollowing(world.id("bob"), world.id("alice"))).isFalse();
            assertThat(world.graph.counts(world.id("bob"))).isEqualTo(FollowCounts.ZERO);
            assertThat(world.graph.counts(world.id("alice"))).isEqualTo(new FollowCounts(1, 1));
            assertThat(feed(world, "alice", 10)).as("bob's post and carol's repost of it").containsExactly("a1");
            assertThat(feed(world, "bob", 10)).as("the blocked side's feed").containsExactly("b1");
            if (mode != FanoutMode.PULL) {
                assertThat(world.feedItems.page(world.id("alice"), Optional.empty(), 10)).as("purged as an unfollow purges")
                        .noneMatch(ref -> ref.authorId().equals(world.id("bob")));
                assertThat(world.feedItems.page(world.id("bob"), Optional.empty(), 10))
                        .noneMatch(ref -> ref.authorId().equals(world.id("alice")));
            }
        }
    }

    @Test
    void aBlockRefusesFollowsEitherWayNamingTheReason() {
        try (World world = world(FanoutMode.PUSH, "alice", "bob")) {
            world.block("alice", "bob");

            assertThatThrownBy(() -> world.follow("bob", "alice"))
                    .isInstanceOf(FeedlineException.Forbidden.class).hasMessageContaining("blocks you");
            assertThatThrownBy(() -> world.follow("alice", "bob"))
                    .isInstanceOf(FeedlineException.Forbidden.class).hasMessageContaining("you block");
            assertThat(world.graph.counts(world.id("alice"))).isEqualTo(FollowCounts.ZERO);

            world.unblock("alice", "bob");
            world.follow("bob", "alice");
            assertThat(world.graph.isFollowing(world.id("bob"), world.id("alice"))).as("an unblock allows it again").isTrue();
        }
    }

    @Test
    void aReplyToTheBlockersPostOrByTheBlockerIsRefused() {
        try (World world = world(FanoutMode.PUSH, "alice", "bob", "carol")) {
            Post alices = world.publish("alice", "a1");
            Post bobs = world.publish("bob", "b1");
            world.block("alice", "bob");

            assertThatThrownBy(() -> world.reply("bob", alices.id(), "hey"))
                    .isInstanceOf(FeedlineException.Forbidden.class).hasMessageContaining("blocks you");
            assertThatThrownBy(() -> world.reply("alice", bobs.id(), "hey"))
                    .isInstanceOf(FeedlineException.Forbidden.class).hasMessageContaining("you block");
            assertThat(world.reply("carol", alices.id(), "fine").inReplyTo()).isPresent();
        }
    }

    @Test
    void aMentionOfAUserWhoBlocksTheAuthorStaysPlainTextAndNotifiesNobody() {
        try (World world = world(FanoutMode.PUSH, "alice", "bob", "carol")) {
            world.block("bob", "alice");

            Post post = world.publish("alice", "hi @bob and @carol");
            world.drain();

            assertThat(post.mentions()).extracting(m -> m.username().value()).containsExactly("carol");
            assertThat(world.app.readNotifications().notifications(world.id("bob"), Set.of(), PageRequest.first(10)).items()).isEmpty();
            assertThat(world.app.readNotifications().notifications(world.id("carol"), Set.of(), PageRequest.first(10)).items()).hasSize(1);
        }
    }

    @Test
    void notificationsOfMutedOrBlockedActorsAreHidden() {
        try (World world = world(FanoutMode.PUSH, "alice", "bob", "carol")) {
            Post post = world.publish("alice", "a1");
            world.app.likePost().like(world.id("bob"), post.id());
            world.app.likePost().like(world.id("carol"), post.id());
            world.follow("bob", "alice");
            world.drain();
            assertThat(world.app.readNotifications().notifications(world.id("alice"), Set.of(), PageRequest.first(10)).items())
                    .hasSize(2);

            world.mute("alice", "bob");

            var views = world.app.readNotifications().notifications(world.id("alice"), Set.of(), PageRequest.first(10)).items();
            assertThat(views).as("the follow row is gone, the like row names carol only").singleElement().satisfies(view ->
                    assertThat(view.actors()).extracting(UserSummary::username).containsExactly(Username.of("carol")));

            world.block("carol", "alice");
            assertThat(world.app.readNotifications().notifications(world.id("alice"), Set.of(), PageRequest.first(10)).items()).isEmpty();
        }
    }

    @Test
    void theBlockedSideFindsNeitherTheBlockersPostsNorTimelineNorProfile() {
        try (World world = world(FanoutMode.PUSH, "alice", "bob", "carol")) {
            Post alices = world.publish("alice", "a1");
            world.block("alice", "bob");
            var viewer = world.app.readAsViewer();

            assertThatThrownBy(() -> viewer.post(Optional.of(world.id("bob")), alices.id())).isInstanceOf(FeedlineException.NotFound.class);
            assertThatThrownBy(() -> viewer.authorTimeline(Optional.of(world.id("bob")), Username.of("alice"), PageRequest.first(10)))
                    .isInstanceOf(FeedlineException.NotFound.class);
            assertThatThrownBy(() -> viewer.profile(Optional.of(world.id("bob")), Username.of("alice")))
                    .isInstanceOf(FeedlineException.NotFound.class);
            assertThatThrownBy(() -> viewer.context(Optional.of(world.id("bob")), alices.id(), PageRequest.first(10)))
                    .isInstanceOf(FeedlineException.NotFound.class);

            // The blocker still finds the blocked account, to unblock it, and others see everything.
            assertThat(viewer.profile(Optional.of(world.id("alice")), Username.of("bob")).account().id()).isEqualTo(world.id("bob"));
            assertThat(viewer.post(Optional.of(world.id("carol")), alices.id()).id()).isEqualTo(alices.id());
            // No viewer: the public reads, which no block changes.
            assertThat(viewer.post(Optional.empty(), alices.id()).id()).isEqualTo(alices.id());
            assertThat(viewer.profile(Optional.empty(), Username.of("alice")).account().id()).isEqualTo(world.id("alice"));
            assertThat(viewer.authorTimeline(Optional.empty(), Username.of("alice"), PageRequest.first(10)).items())
                    .extracting(Post::id).contains(alices.id());
            assertThat(world.app.readPost().read(alices.id()).id()).as("the anonymous read").isEqualTo(alices.id());
        }
    }

    @Test
    void neitherSideOfABlockCanLikeOrRepostTheOthersPostsButEarlierOnesCanBeTakenBack() {
        try (World world = world(FanoutMode.PUSH, "alice", "bob", "carol")) {
            Post alices = world.publish("alice", "a1");
            Post bobs = world.publish("bob", "b1");
            Post early = world.publish("alice", "a0");
            assertThat(world.app.likePost().like(world.id("bob"), early.id())).isEqualTo(1);
            world.block("alice", "bob");

            assertThatThrownBy(() -> world.app.likePost().like(world.id("bob"), alices.id()))
                    .as("the blocked side likes the blocker's post").isInstanceOf(FeedlineException.NotFound.class);
            assertThatThrownBy(() -> world.repost("bob", alices.id()))
                    .as("the blocked side reposts it").isInstanceOf(FeedlineException.NotFound.class);
            assertThatThrownBy(() -> world.app.likePost().like(world.id("alice"), bobs.id()))
                    .as("the blocker likes the blocked side's post").isInstanceOf(FeedlineException.NotFound.class);
            assertThatThrownBy(() -> world.repost("alice", bobs.id())).isInstanceOf(FeedlineException.NotFound.class);
            world.drain();
            assertThat(world.app.readPost().read(alices.id()).likeCount()).as("nothing was counted").isZero();
            assertThat(world.app.readPost().read(alices.id()).repostCount()).isZero();

            assertThat(world.app.unlikePost().unlike(world.id("bob"), early.id())).as("a like from before the block").isZero();
            assertThat(world.app.likePost().like(world.id("carol"), alices.id())).as("others are not affected").isEqualTo(1);
            assertThat(world.repost("carol", alices.id())).isEqualTo(1);

            world.unblock("alice", "bob");
            world.drain();
            assertThat(world.app.likePost().like(world.id("bob"), alices.id())).as("carol's and bob's").isEqualTo(2);
        }
    }

    @Test
    void theLikesAndRepostsOfOnePostByManyAccountsReadOneRelationSetTheAuthors() {
        try (World world = world(FanoutMode.PUSH, "alice")) {
            Post alices = world.publish("alice", "a1");
            List<String> fans = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                fans.add("fan" + i);
                world.register("fan" + i);
            }
            world.relations.calls().reset();

            for (String fan : fans) {
                world.app.likePost().like(world.id(fan), alices.id());
                world.repost(fan, alices.id());
            }

            assertThat(world.relations.calls().count("of")).as("alice's set, kept, not one per fan").isEqualTo(1);
        }
    }

    @Test
    void threadsLeaveOutRepliesOfAccountsABlockSeparatesFromTheViewer() {
        try (World world = world(FanoutMode.PUSH, "alice", "bob", "carol", "dave")) {
            Post root = world.publish("dave", "root");
            Post bobs = world.reply("bob", root.id(), "by bob");
            world.reply("carol", root.id(), "by carol");
            world.reply("dave", bobs.id(), "under bob");
            world.block("bob", "alice");
            var viewer = world.app.readAsViewer();

            assertThat(viewer.replies(Optional.of(world.id("alice")), root.id(), PageRequest.first(10)).items())
                    .extracting(p -> p.text().value()).containsExactly("by carol");
            assertThat(world.app.readConversation().replies(root.id(), PageRequest.first(10)).items()).hasSize(2);
            Post under = viewer.replies(Optional.of(world.id("dave")), bobs.id(), PageRequest.first(10)).items().getFirst();
            var context = viewer.context(Optional.of(world.id("alice")), under.id(), PageRequest.first(10));
            assertThat(context.ancestors()).hasSize(2);
            assertThat(context.ancestors().get(1).post()).as("bob's reply shows as unavailable").isEmpty();
            assertThat(context.ancestors().get(0).post()).isPresent();
        }
    }

    @Test
    void mutingOrBlockingOneselfOrNobodyIsRefusedAndRepeatsChangeNothing() {
        try (World world = world(FanoutMode.PUSH, "alice", "bob")) {
            ManageRelations relations = world.app.manageRelations();
            assertThatThrownBy(() -> relations.mute(world.id("alice"), Username.of("alice")))
                    .isInstanceOf(FeedlineException.InvalidInput.class);
            assertThatThrownBy(() -> relations.block(world.id("alice"), Username.of("alice")))
                    .isInstanceOf(FeedlineException.InvalidInput.class);
            assertThatThrownBy(() -> relations.mute(world.id("alice"), Username.of("nobody")))
                    .isInstanceOf(FeedlineException.NotFound.class);

            assertThat(relations.mute(world.id("alice"), Username.of("bob"))).isTrue();
            assertThat(relations.mute(world.id("alice"), Username.of("bob"))).isFalse();
            assertThat(relations.block(world.id("alice"), Username.of("bob"))).isTrue();
            assertThat(relations.block(world.id("alice"), Username.of("bob"))).isFalse();
            assertThat(relations.relation(world.id("alice"), Username.of("bob"))).isEqualTo(Set.of(Relation.MUTING, Relation.BLOCKING));
            assertThat(relations.relation(world.id("bob"), Username.of("alice"))).isEqualTo(Set.of(Relation.BLOCKED_BY));
            assertThat(relations.mutes(world.id("alice"), PageRequest.first(10)).items())
                    .extracting(UserSummary::username).containsExactly(Username.of("bob"));
            assertThat(relations.blocks(world.id("alice"), PageRequest.first(10)).items())
                    .extracting(UserSummary::username).containsExactly(Username.of("bob"));
            assertThat(relations.unblock(world.id("alice"), Username.of("bob"))).isTrue();
            assertThat(relations.unblock(world.id("alice"), Username.of("bob"))).isFalse();
        }
    }

    @Test
    void anAccountKeepsAtMostTheMostMutesAndBlocksAllowed() {
        try (World world = world(FanoutMode.PUSH, "alice")) {
            for (int i = 0; i < ManageRelations.MAX_RELATIONS; i++) {
                world.register("user_" + i);
                if (i % 2 == 0) {
                    world.mute("alice", "user_" + i);
                } else {
                    world.block("alice", "user_" + i);
                }
            }
            world.register("one_more");

            assertThatThrownBy(() -> world.mute("alice", "one_more"))
                    .isInstanceOf(FeedlineException.LimitReached.class).hasMessageContaining("unmute or unblock one first");
            world.mute("alice", "user_0");
            world.unmute("alice", "user_0");
            world.mute("alice", "one_more");
        }
    }

    @Test
    void aPublishMentioningNobodyBlockedCostsNoRelationRead() {
        try (World world = world(FanoutMode.PUSH, "alice")) {
            world.relations.calls().reset();
            world.clock.advance(Duration.ofMillis(1));
            world.app.publishPost().publish(new PublishPost.Command(world.id("alice"), PostText.of("no handles"), Optional.empty()));
            assertThat(world.relations.calls().total()).isZero();
        }
    }
}

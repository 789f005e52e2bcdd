package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.NotificationView;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.model.Username;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Reposts: fanned out to the reposter's followers by every mode, shown as the original with who
 * reposted it, each post once in a feed at its newest entry, gone with an unrepost or the
 * original's deletion, counted on the original and notified to its author.
 */
class RepostsTest {

    private static World world(FanoutMode mode, String... users) {
        World world = World.of(mode);
        for (String user : users) {
            world.register(user);
        }
        return world;
    }

    /** The feed's first page as "text" or "text<-reposter". */
    private static List<String> feed(World world, String reader) {
        return world.feedPage(reader, Optional.empty(), 50).items().stream().map(RepostsTest::shown).toList();
    }

    private static String shown(Post post) {
        return post.text().value() + post.repostedBy().map(by -> "<-" + by.username().value()).orElse("");
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void aRepostReachesTheReposterFollowersAsTheOriginalWithWhoReposted(FanoutMode mode) {
        try (World world = world(mode, "alice", "bob", "carol")) {
            world.follow("carol", "bob");
            Post post = world.publish("alice", "worth sharing");
            world.drain();
            assertThat(feed(world, "carol")).isEmpty();

            assertThat(world.repost("bob", post.id())).isEqualTo(1);
            world.drain();

            List<Post> page = world.feedPage("carol", Optional.empty(), 10).items();
            assertThat(page).singleElement().satisfies(shown -> {
                assertThat(shown.id()).isEqualTo(post.id());
                assertThat(shown.authorId()).isEqualTo(world.id("alice"));
                assertThat(shown.repostCount()).isEqualTo(1);
                assertThat(shown.repostedBy().orElseThrow().username()).isEqualTo(Username.of("bob"));
                assertThat(shown.position()).isNotEqualTo(post.id());
            });
            assertThat(feed(world, "bob")).as("the reposter's own feed").containsExactly("worth sharing<-bob");
        }
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void aPostRepostedByFivePeopleYouFollowAppearsOnceAtItsNewestRepost(FanoutMode mode) {
        try (World world = world(mode, "alice", "rep1", "rep2", "rep3", "rep4", "rep5", "dave", "erin")) {
            for (String reposter : List.of("rep1", "rep2", "rep3", "rep4", "rep5")) {
                world.follow("dave", reposter);
            }
            Post shared = world.publish("alice", "shared");
            world.repost("rep1", shared.id());
            world.repost("rep2", shared.id());
            world.publish("rep3", "in between");
            world.repost("rep3", shared.id());
            world.repost("rep4", shared.id());
            world.repost("rep5", shared.id());
            world.publish("rep1", "newest");
            world.drain();

            assertThat(feed(world, "dave")).containsExactly("newest", "shared<-rep5", "in between");
            // Small pages see the same: the post once, at its newest repost.
            assertThat(world.wholeFeed("dave", 1)).containsExactly(
                    world.feedPage("dave", Optional.empty(), 3).items().stream().map(Post::id).toArray(PostId[]::new));
        }
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void aFollowedAuthorsPostThatWasRepostedAppearsOnceAtTheNewerRepost(FanoutMode mode) {
        try (World world = world(mode, "alice", "bob", "carol")) {
            world.follow("carol", "alice");
            world.follow("carol", "bob");
            Post post = world.publish("alice", "original");
            world.publish("alice", "later post");
            world.repost("bob", post.id());
            world.drain();

            assertThat(feed(world, "carol")).containsExactly("original<-bob", "later post");
            assertThat(world.wholeFeed("carol", 1)).hasSize(2);
        }
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void anUnrepostTakesTheRepostOutAndTheOriginalBackToItsOwnPlace(FanoutMode mode) {
        try (World world = world(mode, "alice", "bob", "carol", "dave")) {
            world.follow("carol", "alice");
            world.follow("carol", "bob");
            world.follow("dave", "bob");
            Post post = world.publish("alice", "original");
            world.publish("alice", "later post");
            world.repost("bob", post.id());
            world.drain();

            assertThat(world.unrepost("bob", post.id())).isZero();
            world.drain();

            assertThat(feed(world, "carol")).containsExactly("later post", "original");
            assertThat(feed(world, "dave")).isEmpty();
            assertThat(world.app.readPost().read(post.id()).repostCount()).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void aDeletedOriginalLeavesEveryFeedItWasRepostedInto(FanoutMode mode) {
        try (World world = world(mode, "alice", "bob", "carol")) {
            world.follow("carol", "bob");
            Post post = world.publish("alice", "soon gone");
            world.repost("bob", post.id());
            world.drain();
            assertThat(feed(world, "carol")).containsExactly("soon gone<-bob");

            world.app.deletePost().delete(world.id("alice"), post.id());

            assertThat(feed(world, "carol")).as("hidden at once, before any job ran").isEmpty();
            world.drain();
            assertThat(feed(world, "carol")).isEmpty();
            assertThat(world.feedItems.page(world.id("carol"), Optional.empty(), 10))
                    .as("the repost's copies are retracted too").isEmpty();
            assertThat(world.app.readAuthorTimeline().read(Username.of("bob"), PageRequest.first(10)).items()).isEmpty();
        }
    }

    @Test
    void aRepostIsIdempotentAndCountedOnceOnTheOriginal() {
        try (World world = world(FanoutMode.PUSH, "alice", "bob", "carol")) {
            world.follow("carol", "bob");
            Post post = world.publish("alice", "once");

            assertThat(world.repost("bob", post.id())).as("bob's own repost, pending").isEqualTo(1);
            assertThat(world.repost("bob", post.id())).as("a repeat: the stored count trails the worker, bob's own repost stands").isEqualTo(1);
            world.drain();
            assertThat(world.repost("bob", post.id())).isEqualTo(1);

            assertThat(feed(world, "carol")).containsExactly("once<-bob");
            assertThat(world.app.readPost().read(post.id()).repostCount()).isEqualTo(1);
            assertThat(world.unrepost("carol", post.id())).as("undoing nothing changes nothing").isEqualTo(1);
        }
    }

    @Test
    void anAuthorMayRepostTheirOwnPostAndIsNotNotifiedOfIt() {
        try (World world = world(FanoutMode.PUSH, "alice", "carol")) {
            world.follow("carol", "alice");
            Post post = world.publish("alice", "mine");
            world.publish("alice", "newer");

            assertThat(world.repost("alice", post.id())).isEqualTo(1);
            world.drain();

            assertThat(feed(world, "carol")).containsExactly("mine<-alice", "newer");
            assertThat(world.app.readNotifications().notifications(world.id("alice"), Set.of(NotificationType.REPOST), PageRequest.first(10)).items())
                    .isEmpty();
        }
    }

    @Test
    void repostsOfOnePostAreOneGroupedNotificationForItsAuthor() {
        try (World world = world(FanoutMode.PUSH, "alice", "bob", "carol")) {
            Post post = world.publish("alice", "notice me");

            world.repost("bob", post.id());
            world.repost("carol", post.id());
            world.repost("carol", post.id());
            world.drain();

            List<NotificationView> views = world.app.readNotifications()
                    .notifications(world.id("alice"), Set.of(NotificationType.REPOST), PageRequest.first(10)).items();
            assertThat(views).singleElement().satisfies(view -> {
                assertThat(view.notification().type()).isEqualTo(NotificationType.REPOST);
                assertThat(view.notification().post()).contains(post.id());
                assertThat(view.notification().count()).isEqualTo(2);
                assertThat(view.actors()).extracting(UserSummary::username)
                        .containsExactlyInAnyOrder(Username.of("bob"), Username.of("carol"));
            });
        }
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void aRepostedReplyReachesTheReposterFollowersWhoDoNotFollowItsParentAuthor(FanoutMode mode) {
        try (World world = world(mode, "alice", "bob", "carol", "dave")) {
            world.follow("dave", "carol");
            Post parent = world.publish("alice", "question");
            Post reply = world.reply("bob", parent.id(), "answer");
            world.repost("carol", reply.id());
            world.drain();

            assertThat(feed(world, "dave")).containsExactly("answer<-carol");
        }
    }

    @Test
    void theAuthorTimelineShowsTheirRepostsAsTheOriginals() {
        try (World world = world(FanoutMode.PUSH, "alice", "bob")) {
            Post post = world.publish("alice", "theirs");
            world.publish("bob", "own");
            world.repost("bob", post.id());

            List<Post> timeline = world.app.readAuthorTimeline().read(Username.of("bob"), PageRequest.first(10)).items();

            assertThat(timeline).extracting(RepostsTest::shown).containsExactly("theirs<-bob", "own");
            assertThat(world.app.readProfile().read(Username.of("bob")).posts()).as("a repost is not a post").isEqualTo(1);
        }
    }

    @Test
    void aRepostOfNoSuchPostIsNotFound() {
        try (World world = world(FanoutMode.PUSH, "bob")) {
            assertThatThrownBy(() -> world.repost("bob", PostId.of("01HZZZZZZZZZZZZZZZZZZZZZZZ")))
                    .isInstanceOf(FeedlineException.NotFound.class);
        }
    }

    @Test
    void anUnfollowTakesTheReposterRepostsOut() {
        try (World world = world(FanoutMode.PUSH, "alice", "bob", "carol")) {
            world.follow("carol", "bob");
            Post post = world.publish("alice", "shared");
            world.repost("bob", post.id());
            world.drain();

            world.unfollow("carol", "bob");
            world.drain();

            assertThat(feed(world, "carol")).isEmpty();
            assertThat(world.feedItems.page(world.id("carol"), Optional.empty(), 10)).isEmpty();
        }
    }
}

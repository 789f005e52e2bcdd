package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.domain.settings.FeedSettings;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.RegisterUser;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.Profile;
import io.feedline.ports.model.Username;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RulesTest {

    @Test
    void deletingAnotherUsersPostIsRefused() {
        try (World world = World.of(FanoutMode.HYBRID)) {
            world.register("author");
            world.register("intruder");
            Post post = world.publish("author", "mine");

            assertThatThrownBy(() -> world.app.deletePost().delete(world.id("intruder"), post.id()))
                    .isInstanceOf(FeedlineException.Forbidden.class);
            assertThat(world.app.readPost().read(post.id())).isEqualTo(post);
        }
    }

    @Test
    void readingAnotherUsersHomeFeedIsRefused() {
        try (World world = World.of(FanoutMode.HYBRID)) {
            world.register("owner");
            world.register("snoop");

            assertThatThrownBy(() -> world.app.readHomeFeed()
                            .read(world.id("snoop"), world.id("owner"), PageRequest.first(20)))
                    .isInstanceOf(FeedlineException.Forbidden.class);
        }
    }

    @Test
    void secondRegistrationOfSameNameIsRejected() {
        try (World world = World.of(FanoutMode.HYBRID)) {
            world.register("taken");
            assertThatThrownBy(() -> world.app.registerUser().register(new RegisterUser.Command(
                            Username.of("TAKEN"), Email.of("other@example.org"), new Password("long enough pw"),
                            DisplayName.of("Other"), Bio.EMPTY)))
                    .isInstanceOf(FeedlineException.UsernameTaken.class);
        }
    }

    @Test
    void loginAcceptsTheRightPasswordOnly() {
        try (World world = World.of(FanoutMode.HYBRID)) {
            world.register("alice");
            assertThat(world.app.authenticate().authenticate(Username.of("Alice"), new Password("correct horse battery")).account().id())
                    .isEqualTo(world.id("alice"));
            assertThatThrownBy(() -> world.app.authenticate().authenticate(Username.of("alice"), new Password("wrong password")))
                    .isInstanceOf(FeedlineException.InvalidCredentials.class);
            assertThatThrownBy(() -> world.app.authenticate().authenticate(Username.of("nobody"), new Password("whatever1")))
                    .isInstanceOf(FeedlineException.InvalidCredentials.class);
        }
    }

    @Test
    void loginByEmailAcceptsTheRightPasswordOnlyAndAnUnknownEmailCostsAHashToo() {
        try (World world = World.of(FanoutMode.HYBRID)) {
            world.register("alice");
            assertThat(world.app.authenticate().authenticate(Email.of("Alice@Example.org"), new Password("correct horse battery")).account().id())
                    .isEqualTo(world.id("alice"));
            assertThatThrownBy(() -> world.app.authenticate().authenticate(Email.of("alice@example.org"), new Password("wrong password")))
                    .isInstanceOf(FeedlineException.InvalidCredentials.class);
            world.hasher.calls().reset();
            assertThatThrownBy(() -> world.app.authenticate().authenticate(Email.of("nobody@example.org"), new Password("whatever1")))
                    .isInstanceOf(FeedlineException.InvalidCredentials.class);
            assertThat(world.hasher.calls().count("verify")).as("an unknown email is hashed like a wrong password").isOne();
        }
    }

    @Test
    void aServerWithRegistrationsClosedRefusesASignUpBeforeItHashesAndSaysSo() {
        try (World world = new World(FeedSettings.defaults().withRegistrationsOpen(false))) {
            assertThat(world.app.registerUser().registrationsOpen()).isFalse();
            assertThatThrownBy(() -> world.register("alice")).isInstanceOf(FeedlineException.Forbidden.class);
            assertThat(world.hasher.calls().count("hash")).as("no password hashed").isZero();
            assertThat(world.accounts.findByUsername(Username.of("alice"))).isEmpty();
        }
        try (World world = World.of(FanoutMode.HYBRID)) {
            assertThat(world.app.registerUser().registrationsOpen()).as("open by default").isTrue();
        }
    }

    @Test
    void aLoginTheHasherCannotAdmitReadsNoStoredHash() {
        try (World world = World.of(FanoutMode.HYBRID)) {
            world.register("alice");
            world.accounts.calls().reset();
            world.hasher.overload();

            assertThatThrownBy(() -> world.app.authenticate().authenticate(Username.of("alice"), new Password("wrong password")))
                    .isInstanceOf(FeedlineException.Overloaded.class);
            assertThatThrownBy(() -> world.app.authenticate().authenticate(Username.of("nobody"), new Password("whatever1")))
                    .isInstanceOf(FeedlineException.Overloaded.class);
            assertThat(world.accounts.calls().total()).as("lookups before admission").isZero();
            assertThat(world.hasher.calls().count("verify")).isZero();
        }
    }

    @Test
    void followingYourselfIsInvalidAndFollowingTwiceChangesNothing() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("mine");
            world.register("yours");
            assertThatThrownBy(() -> world.follow("mine", "mine"))
                    .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("username"));
            assertThat(world.app.follow().follow(world.id("mine"), Username.of("yours"))).isTrue();
            assertThat(world.app.follow().follow(world.id("mine"), Username.of("yours"))).isFalse();
            Profile yours = world.app.readProfile().read(Username.of("yours"));
            assertThat(yours.followers()).isEqualTo(1);
            assertThat(world.app.checkFollows().follows(Username.of("mine"), Username.of("yours"))).isTrue();
            assertThat(world.app.checkFollows().follows(Username.of("yours"), Username.of("mine"))).isFalse();
            assertThat(world.app.readFollowers().followers(Username.of("yours"), PageRequest.first(10)).items())
                    .extracting(s -> s.username().value()).containsExactly("mine");
        }
    }

    @Test
    void profileCountsAreExact() {
        try (World world = World.of(FanoutMode.HYBRID)) {
            world.register("ann");
            world.register("ben");
            world.register("cat");
            world.follow("ann", "ben");
            world.follow("cat", "ben");
            world.follow("ben", "ann");
            world.publish("ben", "one");
            Post two = world.publish("ben", "two");
            world.app.deletePost().delete(world.id("ben"), two.id());

            Profile ben = world.app.readProfile().read(Username.of("ben"));

            assertThat(ben.followers()).isEqualTo(2);
            assertThat(ben.following()).isEqualTo(1);
            assertThat(ben.posts()).isEqualTo(1);
        }
    }

    @Test
    void likesAreIdempotentAndCountedExactly() {
        try (World world = World.of(FanoutMode.HYBRID)) {
            world.register("author");
            world.register("fan");
            world.register("other");
            Post post = world.publish("author", "like me");

            assertThat(world.app.likePost().like(world.id("fan"), post.id())).as("the liker's own like, pending").isEqualTo(1);
            assertThat(world.app.likePost().like(world.id("fan"), post.id())).as("a repeat adds nothing, but counts the fan's own like").isEqualTo(1);
            world.drain();
            assertThat(world.app.likePost().like(world.id("fan"), post.id())).isEqualTo(1);
            assertThat(world.app.likePost().like(world.id("other"), post.id())).isEqualTo(2);
            assertThat(world.app.unlikePost().unlike(world.id("fan"), post.id()))
                    .as("the stored 1 less fan's own unlike; other's like is not applied yet").isZero();
            world.drain();
            assertThat(world.app.unlikePost().unlike(world.id("fan"), post.id())).isEqualTo(1);
            assertThat(world.app.readPost().read(post.id()).likeCount()).isEqualTo(1);
        }
    }

    @Test
    void replayedPublishWithTheSameKeyReturnsTheSamePost() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("author");
            PublishPost.Command command = new PublishPost.Command(world.id("author"), PostText.of("once"), Optional.of(IdempotencyKey.of("key-1")));

            Post first = world.app.publishPost().publish(command);
            Post replay = world.app.publishPost().publish(command);

            assertThat(replay.id()).isEqualTo(first.id());
            assertThat(world.app.readProfile().read(Username.of("author")).posts()).isEqualTo(1);
            assertThatThrownBy(() -> world.app.publishPost().publish(
                            new PublishPost.Command(world.id("author"), PostText.of("something else"), Optional.of(IdempotencyKey.of("key-1")))))
                    .isInstanceOf(FeedlineException.IdempotencyKeyReused.class);
        }
    }

    @Test
    void malformedCursorIsInvalidInputNamingTheCursor() {
        try (World world = World.of(FanoutMode.HYBRID)) {
            world.register("reader");
            assertThatThrownBy(() -> world.app.readHomeFeed().read(world.id("reader"), world.id("reader"),
                            PageRequest.after(new PageToken("not-a-post-id"), 10)))
                    .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("cursor"));
        }
    }
}

package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.NotificationView;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.model.Username;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The notifications feed: written by the outbox worker, grouped, idempotent, with a read marker. */
class NotificationsTest {

    private static List<NotificationView> notifications(World world, String owner, NotificationType... types) {
        return world.app.readNotifications().notifications(world.id(owner), Set.of(types), PageRequest.first(50)).items();
    }

    private static List<String> actorNames(NotificationView view) {
        return view.actors().stream().map(UserSummary::username).map(Username::value).toList();
    }

    private static World world(String... users) {
        World world = World.of(FanoutMode.PUSH);
        for (String user : users) {
            world.register(user);
        }
        return world;
    }

    @Test
    void aLikeIsOneNotificationForTheAuthorOnceTheWorkerHasRun() {
        try (World world = world("alice", "bob")) {
            Post post = world.publish("alice", "hello");
            world.drain();

            world.app.likePost().like(world.id("bob"), post.id());

            assertThat(notifications(world, "alice")).as("nothing before the worker runs").isEmpty();
            assertThat(world.notifications.calls().count("recordClaimed")).isZero();
            world.drain();
            assertThat(notifications(world, "alice")).singleElement().satisfies(view -> {
                assertThat(view.notification().type()).isEqualTo(NotificationType.LIKE);
                assertThat(view.notification().post()).contains(post.id());
                assertThat(view.notification().count()).isEqualTo(1);
                assertThat(actorNames(view)).containsExactly("bob");
                assertThat(view.unread()).isTrue();
            });
            assertThat(notifications(world, "bob")).isEmpty();
        }
    }

    @Test
    void aRedeliveredJobStillLeavesOneNotification() {
        try (World world = world("alice", "bob")) {
            Post post = world.publish("alice", "hello");
            world.drain();
            world.app.likePost().like(world.id("bob"), post.id());
            world.drain();

            // The worker wrote the row, then died before completing its job: the job comes back.
            world.postStore.jobs().enqueue(new io.feedline.ports.model.FanoutJob.Notify(new io.feedline.ports.model.NotificationEvent(
                    world.id("alice"), NotificationType.LIKE, java.util.Optional.of(post.id()), world.id("bob"), world.clock.instant())));
            world.drain();
            // And the like itself, repeated, is not a new like.
            world.app.likePost().like(world.id("bob"), post.id());
            world.drain();

            assertThat(world.notifications.calls().count("recordClaimed")).isEqualTo(2);
            assertThat(notifications(world, "alice")).singleElement()
                    .satisfies(view -> assertThat(view.notification().count()).isEqualTo(1));
        }
    }

    @Test
    void threeLikesOfOnePostAreOneGroupOfThree() {
        try (World world = world("alice", "bob", "carol", "dave")) {
            Post post = world.publish("alice", "popular");
            for (String liker : List.of("bob", "carol", "dave")) {
                world.clock.advance(Duration.ofMinutes(1));
                world.app.likePost().like(world.id(liker), post.id());
                // A group lists its actors in the order the worker records them (see Notification).
                world.drain();
            }

            assertThat(notifications(world, "alice")).singleElement().satisfies(view -> {
                assertThat(view.notification().count()).isEqualTo(3);
                assertThat(actorNames(view)).containsExactly("dave", "carol", "bob");
            });
        }
    }

    @Test
    void followsOfOneUserWithinADayAreOneGroup() {
        try (World world = world("alice", "bob", "carol")) {
            world.follow("bob", "alice");
            world.follow("carol", "alice");
            world.drain();

            assertThat(notifications(world, "alice")).singleElement().satisfies(view -> {
                assertThat(view.notification().type()).isEqualTo(NotificationType.FOLLOW);
                assertThat(view.notification().count()).isEqualTo(2);
            });
        }
    }

    @Test
    void aReplyNotifiesTheParentsAuthorAndAMentionTheOthersNamed() {
        try (World world = world("alice", "bob", "carol")) {
            Post question = world.publish("alice", "question");
            Post answer = world.reply("bob", question.id(), "@alice @carol here is the answer");
            world.drain();

            assertThat(notifications(world, "alice")).extracting(view -> view.notification().type())
                    .containsExactly(NotificationType.REPLY);
            assertThat(notifications(world, "carol")).singleElement().satisfies(view -> {
                assertThat(view.notification().type()).isEqualTo(NotificationType.MENTION);
                assertThat(view.notification().post()).contains(answer.id());
            });
        }
    }

    @Test
    void nobodyIsNotifiedOfTheirOwnDoing() {
        try (World world = world("alice")) {
            Post post = world.publish("alice", "note to self @alice");
            world.app.likePost().like(world.id("alice"), post.id());
            world.reply("alice", post.id(), "and a reply to myself");
            world.drain();

            assertThat(notifications(world, "alice")).isEmpty();
            assertThat(world.notifications.calls().count("recordClaimed")).isZero();
        }
    }

    @Test
    void theTypesFilterKeepsOnlyThoseTypes() {
        try (World world = world("alice", "bob")) {
            Post post = world.publish("alice", "hi");
            world.follow("bob", "alice");
            world.app.likePost().like(world.id("bob"), post.id());
            world.drain();

            assertThat(notifications(world, "alice", NotificationType.FOLLOW))
                    .extracting(view -> view.notification().type()).containsExactly(NotificationType.FOLLOW);
            assertThat(notifications(world, "alice")).hasSize(2);
        }
    }

    @Test
    void theUnreadCountFallsAsTheReadMarkerMoves() {
        try (World world = world("alice", "bob")) {
            for (int i = 0; i < 3; i++) {
                Post post = world.publish("alice", "post " + i);
                world.clock.advance(Duration.ofDays(1));
                world.app.likePost().like(world.id("bob"), post.id());
            }
            world.drain();
            assertThat(world.app.readNotifications().unreadCount(world.id("alice"))).isEqualTo(3);
            assertThat(world.app.readNotifications().readMarker(world.id("alice"))).isEmpty();

            List<NotificationView> newestFirst = notifications(world, "alice");
            world.app.readNotifications().markRead(world.id("alice"), newestFirst.get(1).notification().id());
            assertThat(world.app.readNotifications().readMarker(world.id("alice")))
                    .contains(newestFirst.get(1).notification().id());

            assertThat(world.app.readNotifications().unreadCount(world.id("alice"))).isEqualTo(1);
            assertThat(notifications(world, "alice")).extracting(NotificationView::unread).containsExactly(true, false, false);
            assertThat(world.app.readNotifications().unreadCount(world.id("bob"))).isZero();
        }
    }

    @Test
    void aMalformedReadMarkerIsInvalidInputNamingUpTo() {
        try (World world = world("alice")) {
            assertThatThrownBy(() -> world.app.readNotifications().markRead(world.id("alice"), "not-an-id"))
                    .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("upTo"));
        }
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void everyFanoutModeNotifies(FanoutMode mode) {
        try (World world = World.of(mode)) {
            world.register("alice");
            world.register("bob");
            Post post = world.publish("alice", "hi");
            world.app.likePost().like(world.id("bob"), post.id());
            world.drain();

            assertThat(notifications(world, "alice")).hasSize(1);
        }
    }
}

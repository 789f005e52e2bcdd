package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.NotificationView;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.Username;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The subscriber model: one {@code post} notification per original post, written by the worker. */
class PostNotificationsTest {

    private static List<NotificationView> notifications(World world, String owner, NotificationType... types) {
        return world.app.readNotifications().notifications(world.id(owner), Set.of(types), PageRequest.first(50)).items();
    }

    private static World world(String... users) {
        World world = World.of(FanoutMode.PUSH);
        for (String user : users) {
            world.register(user);
        }
        return world;
    }

    @Test
    void eachOriginalPostNotifiesEachSubscriberOnceAndRepliesAndRepostsNotifyNobody() {
        try (World world = world("alice", "bob", "carol", "dave")) {
            assertThat(world.app.notifyOfPosts().subscribe(world.id("bob"), Username.of("alice"))).isTrue();
            assertThat(world.app.notifyOfPosts().subscribe(world.id("bob"), Username.of("alice"))).as("idempotent").isFalse();
            world.app.notifyOfPosts().subscribe(world.id("carol"), Username.of("alice"));
            Post other = world.publish("dave", "dave's post");

            Post first = world.publish("alice", "first");
            Post second = world.publish("alice", "second");
            world.reply("alice", other.id(), "a reply");
            world.repost("alice", other.id());
            assertThat(notifications(world, "bob")).as("nothing before the worker runs").isEmpty();
            world.drain();

            for (String subscriber : List.of("bob", "carol")) {
                assertThat(notifications(world, subscriber, NotificationType.POST))
                        .extracting(view -> view.notification().post().orElseThrow())
                        .containsExactly(second.id(), first.id());
                assertThat(notifications(world, subscriber, NotificationType.POST))
                        .allSatisfy(view -> assertThat(view.notification().count()).isEqualTo(1));
            }
            assertThat(notifications(world, "dave", NotificationType.POST)).isEmpty();
        }
    }

    @Test
    void aRedeliveredJobAddsNothingAndAnUnsubscribeStopsTheNextPosts() {
        try (World world = world("alice", "bob")) {
            world.app.notifyOfPosts().subscribe(world.id("bob"), Username.of("alice"));
            Post post = world.publish("alice", "once");
            world.drain();

            world.postStore.jobs().enqueue(new FanoutJob.NotifySubscribers(post.ref()));
            world.drain();
            assertThat(notifications(world, "bob")).hasSize(1);

            assertThat(world.app.notifyOfPosts().unsubscribe(world.id("bob"), Username.of("alice"))).isTrue();
            assertThat(world.app.notifyOfPosts().isSubscribed(world.id("bob"), Username.of("alice"))).isFalse();
            world.publish("alice", "unheard");
            world.drain();
            assertThat(notifications(world, "bob")).hasSize(1);
        }
    }

    @Test
    void unfollowingKeepsTheSubscription() {
        try (World world = world("alice", "bob")) {
            world.follow("bob", "alice");
            world.app.notifyOfPosts().subscribe(world.id("bob"), Username.of("alice"));
            world.unfollow("bob", "alice");

            world.publish("alice", "still heard");
            world.drain();

            assertThat(world.app.notifyOfPosts().isSubscribed(world.id("bob"), Username.of("alice"))).isTrue();
            assertThat(notifications(world, "bob", NotificationType.POST)).hasSize(1);
        }
    }

    @Test
    void manySubscribersAreWalkedAPageAtATime() {
        try (World world = world("alice")) {
            int count = 250;
            for (int i = 0; i < count; i++) {
                world.register("fan" + i);
                world.app.notifyOfPosts().subscribe(world.id("fan" + i), Username.of("alice"));
            }
            world.publish("alice", "to all");
            world.drain();

            for (int i = 0; i < count; i += 49) {
                assertThat(notifications(world, "fan" + i, NotificationType.POST)).hasSize(1);
            }
            assertThat(world.postStore.jobs().pending()).isZero();
        }
    }

    @Test
    void oneCannotSubscribeToOneselfNorToNobody() {
        try (World world = world("alice")) {
            assertThatThrownBy(() -> world.app.notifyOfPosts().subscribe(world.id("alice"), Username.of("alice")))
                    .isInstanceOf(FeedlineException.InvalidInput.class);
            assertThatThrownBy(() -> world.app.notifyOfPosts().subscribe(world.id("alice"), Username.of("nobody")))
                    .isInstanceOf(FeedlineException.NotFound.class);
        }
    }
}

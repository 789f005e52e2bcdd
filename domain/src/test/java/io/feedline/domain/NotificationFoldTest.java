package io.feedline.domain;

import io.feedline.domain.fanout.FanoutWorker;
import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Notification;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Notifications;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The worker folds a claim's notification events: the likes of one post in one claim are one
 * notification write, and the claim's count jobs never wait for (or fail with) its notifications.
 */
class NotificationFoldTest {

    private static World worldWithLikers(int likers) {
        World world = World.of(FanoutMode.PUSH);
        world.register("author");
        for (int i = 0; i < likers; i++) {
            world.register("fan" + i);
        }
        return world;
    }

    @Test
    void thirtyLikesOfOnePostInOneClaimAreOneNotificationWrite() {
        try (World world = worldWithLikers(30)) {
            Post post = world.publish("author", "hot");
            world.drain();
            world.notifications.calls().reset();
            for (int i = 0; i < 30; i++) {
                world.app.likePost().like(world.id("fan" + i), post.id());
            }

            // 30 count jobs and 30 notification jobs: one claim of 64.
            assertThat(world.worker.runOnce()).isEqualTo(60);

            assertThat(world.notifications.calls().count("recordClaimed")).isEqualTo(1);
            assertThat(world.notifications.calls().count("record")).isZero();
            assertThat(world.app.readNotifications().notifications(world.id("author"), Set.of(), PageRequest.first(10)).items())
                    .singleElement().satisfies(view -> assertThat(view.notification().count()).isEqualTo(30));
            assertThat(world.postStore.posts().get(post.id()).orElseThrow().likeCount()).isEqualTo(30);
            assertThat(world.postStore.jobs().pending()).isZero();
        }
    }

    @Test
    void countsAreAppliedWhileTheClaimsNotificationsFailAndTheNotificationsFollowOnTheirRetry() {
        try (World world = worldWithLikers(5)) {
            Post post = world.publish("author", "hot");
            world.drain();
            for (int i = 0; i < 5; i++) {
                world.app.likePost().like(world.id("fan" + i), post.id());
            }
            FanoutWorker unlucky = FanoutWorkers.builder(world, "unlucky")
                    .notifications(new Unavailable(world.notifications))
                    .build();

            unlucky.runOnce();

            assertThat(world.postStore.posts().get(post.id()).orElseThrow().likeCount())
                    .as("the counts did not wait for the notifications").isEqualTo(5);
            assertThat(world.postStore.jobs().pending()).as("the notification jobs, given back").isEqualTo(5);
            assertThat(world.worker.runOnce()).as("backing off").isZero();

            world.clock.advance(Duration.ofMinutes(1));
            world.drain();

            assertThat(world.app.readNotifications().notifications(world.id("author"), Set.of(), PageRequest.first(10)).items())
                    .singleElement().satisfies(view -> assertThat(view.notification().count()).isEqualTo(5));
            assertThat(world.postStore.posts().get(post.id()).orElseThrow().likeCount()).isEqualTo(5);
        }
    }

    /** Notifications whose engine is down for writes; reads go through. */
    private record Unavailable(Notifications delegate) implements Notifications {
        @Override
        public void record(NotificationEvent event) {
            throw new FeedlineException.StorageUnavailable("notifications", "down", null);
        }

        @Override
        public int recordClaimed(List<ClaimedJob> jobs) {
            throw new FeedlineException.StorageUnavailable("notifications", "down", null);
        }

        @Override
        public boolean dismiss(UserId recipient, String id) {
            throw new FeedlineException.StorageUnavailable("notifications", "down", null);
        }

        @Override
        public Page<Notification> page(UserId recipient, Set<NotificationType> types, PageRequest page) {
            return delegate.page(recipient, types, page);
        }

        @Override
        public Optional<String> readMarker(UserId recipient) {
            return delegate.readMarker(recipient);
        }

        @Override
        public void markRead(UserId recipient, String upTo) {
            delegate.markRead(recipient, upTo);
        }

        @Override
        public int countAfter(UserId recipient, Optional<String> marker, int cap) {
            return delegate.countAfter(recipient, marker, cap);
        }
    }
}

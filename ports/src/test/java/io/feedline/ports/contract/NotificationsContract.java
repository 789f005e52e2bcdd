package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.Notification;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Notifications;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What every {@link Notifications} must do. Each test uses fresh recipients. */
public abstract class NotificationsContract {
    private static final Instant DAY = Instant.parse("2026-03-01T00:00:00Z");

    /** The store under test; called at most once per test. */
    protected abstract Notifications notifications();

    private static NotificationEvent like(UserId recipient, PostId post, UserId actor, Instant at) {
        return new NotificationEvent(recipient, NotificationType.LIKE, Optional.of(post), actor, at);
    }

    private static NotificationEvent reply(UserId recipient, UserId actor, Instant at) {
        return new NotificationEvent(recipient, NotificationType.REPLY, Optional.of(TestIds.postIdAt(at)), actor, at);
    }

    @Test
    void aRecordedEventIsOneRowWithItsActor() {
        Notifications store = notifications();
        UserId recipient = TestIds.userId();
        UserId actor = TestIds.userId();
        PostId post = TestIds.postId();

        store.record(like(recipient, post, actor, DAY.plusSeconds(5)));

        List<Notification> rows = store.page(recipient, Set.of(), PageRequest.first(10)).items();
        assertThat(rows).hasSize(1);
        Notification row = rows.getFirst();
        assertThat(row.type()).isEqualTo(NotificationType.LIKE);
        assertThat(row.post()).contains(post);
        assertThat(row.latestActors()).containsExactly(actor);
        assertThat(row.count()).isEqualTo(1);
        assertThat(row.latestAt()).isEqualTo(DAY.plusSeconds(5));
        assertThat(row.id()).isEqualTo(like(recipient, post, actor, DAY.plusSeconds(5)).notificationId());
    }

    @Test
    void aDismissedRowIsGoneStaysGoneForItsActorsAndStartsAgainForANewOne() {
        Notifications store = notifications();
        UserId recipient = TestIds.userId();
        PostId post = TestIds.postId();
        UserId first = TestIds.userId();
        UserId second = TestIds.userId();
        store.record(like(recipient, post, first, DAY.plusSeconds(5)));
        store.record(like(recipient, post, second, DAY.plusSeconds(6)));
        NotificationEvent kept = reply(recipient, TestIds.userId(), DAY.plusSeconds(7));
        store.record(kept);
        String id = like(recipient, post, first, DAY.plusSeconds(5)).notificationId();

        assertThat(store.dismiss(recipient, id)).isTrue();
        assertThat(store.dismiss(recipient, id)).as("already gone").isFalse();
        assertThat(store.dismiss(TestIds.userId(), kept.notificationId())).as("another recipient's row").isFalse();
        assertThat(store.page(recipient, Set.of(), PageRequest.first(10)).items()).extracting(Notification::id)
                .containsExactly(kept.notificationId());

        store.record(like(recipient, post, first, DAY.plusSeconds(5)));
        assertThat(store.page(recipient, Set.of(NotificationType.LIKE), PageRequest.first(10)).items())
                .as("a redelivered event does not bring it back").isEmpty();

        UserId third = TestIds.userId();
        store.record(like(recipient, post, third, DAY.plusSeconds(8)));
        List<Notification> likes = store.page(recipient, Set.of(NotificationType.LIKE), PageRequest.first(10)).items();
        assertThat(likes).hasSize(1);
        assertThat(likes.getFirst().latestActors()).containsExactly(third);
        assertThat(likes.getFirst().count()).isEqualTo(1);
    }

    @Test
    void recordingTheSameEventAgainChangesNothing() {
        Notifications store = notifications();
        UserId recipient = TestIds.userId();
        NotificationEvent event = like(recipient, TestIds.postId(), TestIds.userId(), DAY.plusSeconds(5));

        store.record(event);
        store.record(event);
        store.record(event);

        List<Notification> rows = store.page(recipient, Set.of(), PageRequest.first(10)).items();
        assertThat(rows).singleElement().satisfies(row -> assertThat(row.count()).isEqualTo(1));
    }

    @Test
    void likesOfOnePostWithinAWindowAreOneGroupCountingEachActorOnce() {
        Notifications store = notifications();
        UserId recipient = TestIds.userId();
        PostId post = TestIds.postId();
        List<UserId> actors = List.of(TestIds.userId(), TestIds.userId(), TestIds.userId(), TestIds.userId(), TestIds.userId());
        for (int i = 0; i < actors.size(); i++) {
            store.record(like(recipient, post, actors.get(i), DAY.plus(Duration.ofHours(i))));
        }
        store.record(like(recipient, post, actors.get(1), DAY.plus(Duration.ofHours(1))));

        Notification group = store.page(recipient, Set.of(), PageRequest.first(10)).items().getFirst();

        assertThat(store.page(recipient, Set.of(), PageRequest.first(10)).items()).hasSize(1);
        assertThat(group.count()).isEqualTo(5);
        assertThat(group.latestActors()).containsExactly(actors.get(4), actors.get(3), actors.get(2));
        assertThat(group.latestAt()).isEqualTo(DAY.plus(Duration.ofHours(4)));
    }

    @Test
    void likesInTheNextWindowStartANewGroup() {
        Notifications store = notifications();
        UserId recipient = TestIds.userId();
        PostId post = TestIds.postId();

        store.record(like(recipient, post, TestIds.userId(), DAY.plus(Duration.ofHours(23))));
        store.record(like(recipient, post, TestIds.userId(), DAY.plus(Duration.ofHours(25))));

        assertThat(store.page(recipient, Set.of(), PageRequest.first(10)).items())
                .extracting(Notification::count).containsExactly(1L, 1L);
    }

    @Test
    void repliesAreNeverGroupedAndComeNewestFirstAcrossPages() {
        Notifications store = notifications();
        UserId recipient = TestIds.userId();
        UserId actor = TestIds.userId();
        for (int i = 0; i < 5; i++) {
            store.record(reply(recipient, actor, DAY.plusSeconds(i)));
        }

        List<Notification> seen = new ArrayList<>();
        Page<Notification> page = store.page(recipient, Set.of(), PageRequest.first(2));
        seen.addAll(page.items());
        while (page.next().isPresent()) {
            page = store.page(recipient, Set.of(), PageRequest.after(page.next().get(), 2));
            seen.addAll(page.items());
        }

        assertThat(seen).extracting(Notification::latestAt).containsExactly(
                DAY.plusSeconds(4), DAY.plusSeconds(3), DAY.plusSeconds(2), DAY.plusSeconds(1), DAY);
    }

    @Test
    void aTypesFilterKeepsOnlyThoseTypes() {
        Notifications store = notifications();
        UserId recipient = TestIds.userId();
        store.record(like(recipient, TestIds.postId(), TestIds.userId(), DAY));
        store.record(reply(recipient, TestIds.userId(), DAY.plusSeconds(1)));
        store.record(new NotificationEvent(recipient, NotificationType.FOLLOW, Optional.empty(), TestIds.userId(), DAY.plusSeconds(2)));

        List<Notification> seen = new ArrayList<>();
        Page<Notification> page = store.page(recipient, Set.of(NotificationType.REPLY, NotificationType.FOLLOW), PageRequest.first(1));
        seen.addAll(page.items());
        while (page.next().isPresent()) {
            page = store.page(recipient, Set.of(NotificationType.REPLY, NotificationType.FOLLOW), PageRequest.after(page.next().get(), 1));
            seen.addAll(page.items());
        }

        assertThat(seen).extracting(Notification::type).containsExactlyInAnyOrder(NotificationType.REPLY, NotificationType.FOLLOW);
    }

    @Test
    void theReadMarkerCountsOnlyNewerRowsAndNeverMovesBack() {
        Notifications store = notifications();
        UserId recipient = TestIds.userId();
        for (int i = 0; i < 4; i++) {
            store.record(reply(recipient, TestIds.userId(), DAY.plusSeconds(i)));
        }
        List<Notification> rows = store.page(recipient, Set.of(), PageRequest.first(10)).items();
        assertThat(store.readMarker(recipient)).isEmpty();
        assertThat(store.countAfter(recipient, Optional.empty(), 100)).isEqualTo(4);

        store.markRead(recipient, rows.get(1).id());
        store.markRead(recipient, rows.get(3).id());

        assertThat(store.readMarker(recipient)).contains(rows.get(1).id());
        assertThat(store.countAfter(recipient, store.readMarker(recipient), 100)).isEqualTo(1);
        assertThat(store.countAfter(recipient, Optional.empty(), 3)).isEqualTo(3);
    }

    @Test
    void oneRecipientNeverSeesAnother() {
        Notifications store = notifications();
        UserId recipient = TestIds.userId();
        UserId other = TestIds.userId();
        store.record(reply(recipient, TestIds.userId(), DAY));

        assertThat(store.page(other, Set.of(), PageRequest.first(10)).items()).isEmpty();
        assertThat(store.countAfter(other, Optional.empty(), 100)).isZero();
    }
}

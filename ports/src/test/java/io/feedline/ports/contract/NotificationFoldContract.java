package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.Notification;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.Notifications;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What every {@link Notifications#recordClaimed} must do: a claim's events on one row are all
 * counted, each actor once, with their jobs completed; a redelivered job adds nothing; a job whose
 * lease was taken over is left to its new holder.
 */
public abstract class NotificationFoldContract {
    private static final Duration LEASE = Duration.ofMinutes(5);

    /** The notifications under test; called at most once per test. */
    protected abstract Notifications notifications();

    /** The outbox sharing the notifications' storage; called at most once per test. */
    protected abstract FanoutJobs outbox();

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    private static FanoutJob.Notify like(UserId recipient, PostId post, UserId actor, Instant at) {
        return new FanoutJob.Notify(new NotificationEvent(recipient, NotificationType.LIKE, Optional.of(post), actor, at));
    }

    private static List<ClaimedJob> enqueueAndClaim(FanoutJobs jobs, String worker, List<FanoutJob.Notify> notes) {
        Outbox.parkForeignJobs(jobs, now());
        notes.forEach(jobs::enqueue);
        List<ClaimedJob> claimed = Outbox.claimAll(jobs, worker, now(), LEASE, notes);
        assertThat(claimed).hasSize(notes.size());
        return claimed;
    }

    @Test
    void aClaimsLikesOfOnePostAreOneGroupCountingEveryActorAndTheirJobsAreCompleted() {
        Notifications store = notifications();
        FanoutJobs jobs = outbox();
        UserId recipient = TestIds.userId();
        PostId post = TestIds.postId();
        Instant start = now().truncatedTo(ChronoUnit.DAYS).plusSeconds(60);
        List<FanoutJob.Notify> notes = new ArrayList<>();
        List<UserId> actors = new ArrayList<>();
        // More than one engine transaction holds, so a fold split in parts must still count all.
        for (int i = 0; i < 60; i++) {
            UserId actor = TestIds.userId();
            actors.add(actor);
            notes.add(like(recipient, post, actor, start.plusMillis(i)));
        }
        int pendingBefore = jobs.pending();
        List<ClaimedJob> claimed = enqueueAndClaim(jobs, "notifier", notes);

        assertThat(store.recordClaimed(claimed)).isEqualTo(60);

        List<Notification> rows = store.page(recipient, Set.of(), PageRequest.first(10)).items();
        assertThat(rows).singleElement().satisfies(row -> {
            assertThat(row.count()).isEqualTo(60);
            assertThat(row.latestActors()).containsExactly(actors.get(59), actors.get(58), actors.get(57));
            assertThat(row.latestAt()).isEqualTo(start.plusMillis(59));
            assertThat(row.post()).contains(post);
        });
        assertThat(jobs.pending()).as("every job was completed with its event").isEqualTo(pendingBefore);
    }

    @Test
    void eventsOnSeveralRowsLandEachOnItsOwn() {
        Notifications store = notifications();
        FanoutJobs jobs = outbox();
        UserId recipient = TestIds.userId();
        UserId other = TestIds.userId();
        PostId first = TestIds.postId();
        PostId second = TestIds.postId();
        Instant at = now();
        UserId actor = TestIds.userId();
        List<FanoutJob.Notify> notes = List.of(
                like(recipient, first, actor, at), like(recipient, second, actor, at),
                like(recipient, first, TestIds.userId(), at), like(other, first, actor, at),
                new FanoutJob.Notify(new NotificationEvent(recipient, NotificationType.REPLY, Optional.of(TestIds.postIdAt(at)), actor, at)));

        assertThat(store.recordClaimed(enqueueAndClaim(jobs, "notifier", notes))).isEqualTo(5);

        assertThat(store.page(recipient, Set.of(NotificationType.LIKE), PageRequest.first(10)).items())
                .extracting(Notification::post, Notification::count)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple(Optional.of(first), 2L),
                        org.assertj.core.groups.Tuple.tuple(Optional.of(second), 1L));
        assertThat(store.page(recipient, Set.of(NotificationType.REPLY), PageRequest.first(10)).items()).hasSize(1);
        assertThat(store.page(other, Set.of(), PageRequest.first(10)).items())
                .singleElement().satisfies(row -> assertThat(row.count()).isEqualTo(1));
    }

    @Test
    void aRedeliveredEventAddsNothingAndItsJobIsCompleted() {
        Notifications store = notifications();
        FanoutJobs jobs = outbox();
        UserId recipient = TestIds.userId();
        PostId post = TestIds.postId();
        Instant at = now();
        UserId early = TestIds.userId();
        FanoutJob.Notify first = like(recipient, post, early, at);
        assertThat(store.recordClaimed(enqueueAndClaim(jobs, "notifier", List.of(first)))).isEqualTo(1);
        int pendingBefore = jobs.pending();

        // The same event again (its job written anew, as a redelivery would present it), with a new actor.
        UserId late = TestIds.userId();
        List<ClaimedJob> again = enqueueAndClaim(jobs, "notifier", List.of(first, like(recipient, post, late, at.plusMillis(1))));

        assertThat(store.recordClaimed(again)).isEqualTo(2);
        assertThat(store.page(recipient, Set.of(), PageRequest.first(10)).items()).singleElement().satisfies(row -> {
            assertThat(row.count()).isEqualTo(2);
            assertThat(row.latestActors()).containsExactly(late, early);
        });
        assertThat(jobs.pending()).isEqualTo(pendingBefore);
        assertThat(store.recordClaimed(again)).as("jobs already completed are not completed twice").isZero();
        assertThat(store.page(recipient, Set.of(), PageRequest.first(10)).items().getFirst().count()).isEqualTo(2);
    }

    @Test
    void aJobWhoseLeaseWasTakenOverIsRecordedOnlyByItsNewHolder() {
        Notifications store = notifications();
        FanoutJobs jobs = outbox();
        UserId recipient = TestIds.userId();
        FanoutJob.Notify note = like(recipient, TestIds.postId(), TestIds.userId(), now());
        List<ClaimedJob> slow = enqueueAndClaim(jobs, "slow", List.of(note));
        List<ClaimedJob> fast = Outbox.claimAll(jobs, "fast", slow.get(0).leaseUntil().plusSeconds(1), LEASE, List.of(note));
        assertThat(fast).hasSize(1);

        assertThat(store.recordClaimed(slow)).isZero();
        assertThat(store.page(recipient, Set.of(), PageRequest.first(10)).items()).isEmpty();

        assertThat(store.recordClaimed(fast)).isEqualTo(1);
        assertThat(store.page(recipient, Set.of(), PageRequest.first(10)).items())
                .singleElement().satisfies(row -> assertThat(row.count()).isEqualTo(1));
    }

    @Test
    void recordClaimedRefusesAJobThatIsNotANotification() {
        Notifications store = notifications();
        ClaimedJob purge = new ClaimedJob(new FanoutJob.PurgeAuthor(TestIds.userId(), TestIds.userId(), "u1"),
                "notifier", now().plus(LEASE), Optional.empty(), 1);

        assertThatThrownBy(() -> store.recordClaimed(List.of(purge))).isInstanceOf(IllegalArgumentException.class);
    }
}

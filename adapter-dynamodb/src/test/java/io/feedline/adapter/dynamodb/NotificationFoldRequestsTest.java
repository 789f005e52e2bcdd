package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fold of a claim's notification jobs, counted on the wire: the likes of one post in one claim
 * are one row write (AP16), and a redelivery of them adds nothing; and the subscriptions of post
 * notifications (AP17-AP19).
 */
class NotificationFoldRequestsTest {
    private static final RequestCounter requests = new RequestCounter();
    private static DynamoStorage storage;

    @BeforeAll
    static void openTable() {
        storage = LocalDynamo.freshTable("notification-fold", List.of(requests), Retries.DEFAULT);
    }

    @AfterAll
    static void close() {
        storage.close();
    }

    private static List<ClaimedJob> enqueueAndClaimAll(List<FanoutJob.Notify> notes) {
        notes.forEach(storage.fanoutJobs()::enqueue);
        List<ClaimedJob> claimed = new ArrayList<>();
        List<ClaimedJob> batch;
        while (!(batch = storage.fanoutJobs().claim("notifier", 100, Instant.now(), Duration.ofMinutes(5))).isEmpty()) {
            claimed.addAll(batch);
        }
        assertThat(claimed).hasSize(notes.size());
        return claimed;
    }

    @Test
    void fortyLikesOfOnePostInOneClaimAreOneReadAndOneWriteAndARedeliveryAddsNothing() {
        UserId author = TestIds.userId();
        PostId post = TestIds.postId();
        Instant at = Instant.now();
        List<FanoutJob.Notify> likes = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            likes.add(new FanoutJob.Notify(new NotificationEvent(author, NotificationType.LIKE, Optional.of(post),
                    TestIds.userId(), at.plusMillis(i))));
        }
        List<ClaimedJob> claimed = enqueueAndClaimAll(likes);
        requests.reset();

        assertThat(storage.notifications().recordClaimed(claimed)).isEqualTo(40);

        assertThat(requests.all()).isEqualTo(Map.of("GetItem", 1, "TransactWriteItems", 1));
        assertThat(storage.fanoutJobs().pending()).isZero();

        // The same 40 jobs again, as an outbox redelivery presents them: nothing is counted twice.
        List<ClaimedJob> redelivered = enqueueAndClaimAll(likes);
        requests.reset();

        assertThat(storage.notifications().recordClaimed(redelivered)).isEqualTo(40);

        assertThat(requests.all()).as("the cancelled fold, then the jobs' deletions alone")
                .isEqualTo(Map.of("GetItem", 1, "TransactWriteItems", 2));
        assertThat(storage.notifications().page(author, Set.of(), PageRequest.first(10)).items())
                .singleElement().satisfies(row -> assertThat(row.count()).isEqualTo(40));
        assertThat(storage.fanoutJobs().pending()).isZero();
    }

    @Test
    void aMentionIsOneWriteWithNoReadAndARedeliveryAddsNothing() {
        UserId mentioned = TestIds.userId();
        FanoutJob.Notify mention = new FanoutJob.Notify(new NotificationEvent(mentioned, NotificationType.MENTION,
                Optional.of(TestIds.postId()), TestIds.userId(), Instant.now()));
        List<ClaimedJob> claimed = enqueueAndClaimAll(List.of(mention));
        requests.reset();

        assertThat(storage.notifications().recordClaimed(claimed)).isEqualTo(1);

        assertThat(requests.all()).as("a row of one event is written on the condition that it is absent, unread")
                .isEqualTo(Map.of("TransactWriteItems", 1));
        assertThat(storage.fanoutJobs().pending()).isZero();

        List<ClaimedJob> redelivered = enqueueAndClaimAll(List.of(mention));
        requests.reset();

        assertThat(storage.notifications().recordClaimed(redelivered)).isEqualTo(1);

        assertThat(requests.all()).as("the cancelled write, then the job's deletion alone")
                .isEqualTo(Map.of("TransactWriteItems", 2));
        assertThat(storage.notifications().page(mentioned, Set.of(), PageRequest.first(10)).items())
                .singleElement().satisfies(row -> {
                    assertThat(row.type()).isEqualTo(NotificationType.MENTION);
                    assertThat(row.count()).isEqualTo(1);
                });
        assertThat(storage.fanoutJobs().pending()).isZero();
    }

    @Test
    void subscribingIsOneTransactionAndReadingOneRequestEach() {
        UserId author = TestIds.userId();
        UserId fan = TestIds.userId();
        requests.reset();

        assertThat(storage.subscriptions().subscribe(fan, author)).isTrue();
        assertThat(requests.all()).as("AP17").isEqualTo(Map.of("TransactWriteItems", 1));
        requests.reset();

        assertThat(storage.subscriptions().isSubscribed(fan, author)).isTrue();
        assertThat(requests.all()).as("AP18").isEqualTo(Map.of("GetItem", 1));
        requests.reset();

        assertThat(storage.subscriptions().subscribers(author, PageRequest.first(100)).items()).containsExactly(fan);
        assertThat(requests.all()).as("AP19").isEqualTo(Map.of("Query", 1));
        requests.reset();

        assertThat(storage.subscriptions().unsubscribe(fan, author)).isTrue();
        assertThat(requests.all()).as("AP17").isEqualTo(Map.of("TransactWriteItems", 1));
    }
}

package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import io.feedline.testsupport.DynamoLocal;
import io.feedline.testsupport.FreePorts;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** What the adapter promises beyond the port contracts: retention, capacity reports, health. */
class DynamoStorageTest {

    record Report(String pattern, double read, double write) {}

    @Test
    void feedItemsExpireAfterTheConfiguredRetention() {
        Instant now = Instant.parse("2030-01-02T03:04:05Z");
        Duration retention = Duration.ofDays(7);
        UserId reader = TestIds.userId();
        PostRef entry = new PostRef(TestIds.postId(), TestIds.userId());
        try (DynamoStorage storage = LocalDynamo.freshTable("retention", List.of(), Retries.DEFAULT,
                        Clock.fixed(now, ZoneOffset.UTC), retention);
                DynamoDbClient raw = DynamoLocal.shared().client()) {
            storage.feedItems().append(List.of(new Delivery(reader, entry)));

            var item = raw.getItem(b -> b.tableName(storage.settings().tableName())
                    .key(TableLayout.keyMap(TableLayout.feedItem(reader, entry.postId())))).item();
            assertThat(item).containsEntry("ttl", AttributeValue.fromN(Long.toString(now.plus(retention).getEpochSecond())));
        }
    }

    @Test
    void everyRequestReportsItsCapacityUnderItsAccessPattern() {
        List<Report> reports = new CopyOnWriteArrayList<>();
        DynamoSettings settings = LocalDynamo.shared().settings();
        try (DynamoStorage storage = DynamoStorage.open(settings,
                (pattern, read, write) -> reports.add(new Report(pattern, read, write)))) {
            PostId id = TestIds.postId();
            Post post = new Post(id, TestIds.userId(), TestIds.username(), PostText.of("metered"), Instant.now(), 0);
            UserId reader = TestIds.userId();

            storage.posts().publish(post, Optional.empty());
            storage.feedItems().append(List.of(new Delivery(reader, post.ref())));
            storage.feedItems().page(reader, Optional.empty(), 10);
            storage.followGraph().isFollowing(reader, post.authorId());

            assertThat(reports).extracting(Report::pattern)
                    .containsExactly("publish", "fanout_batch_write", "AP1_home_feed", "AP6_is_following");
            assertThat(reports.get(0).write()).isPositive();
            assertThat(reports.get(1).write()).isPositive();
            assertThat(reports.get(2).read()).isPositive();
            assertThat(reports.get(3).read()).isPositive();
            assertThat(reports.get(0).read() + reports.get(2).write()).isZero();
        }
    }

    @Test
    void healthProbePingsTheTableAndReportsAMissingOne() {
        LocalDynamo.shared().healthProbe().ping();
        assertThat(LocalDynamo.shared().healthProbe().component()).isEqualTo("dynamodb");

        try (DynamoStorage missing = DynamoStorage.open(LocalDynamo.settings().withTableName("never-created"))) {
            assertThatThrownBy(() -> missing.healthProbe().ping())
                    .isInstanceOfSatisfying(FeedlineException.StorageUnavailable.class,
                            e -> assertThat(e.component()).isEqualTo("dynamodb"));
        }
    }

    @Test
    void anUnreachableEngineIsStorageUnavailableNeverADriverError() {
        DynamoSettings nowhere = DynamoSettings.local(URI.create("http://127.0.0.1:" + FreePorts.next()))
                .withCallTimeout(Duration.ofSeconds(2));
        try (DynamoStorage storage = LocalDynamo.open(nowhere, List.of(), LocalDynamo.FAST, Clock.systemUTC())) {
            UserId user = TestIds.userId();
            assertThatThrownBy(() -> storage.followGraph().counts(user))
                    .isInstanceOf(FeedlineException.StorageUnavailable.class);
            assertThatThrownBy(() -> storage.feedItems().append(List.of(new Delivery(user, new PostRef(TestIds.postId(), user)))))
                    .isInstanceOf(FeedlineException.StorageUnavailable.class);
            assertThatThrownBy(() -> storage.followGraph().follow(user, TestIds.userId(), Instant.now()))
                    .isInstanceOf(FeedlineException.StorageUnavailable.class);
        }
    }
}

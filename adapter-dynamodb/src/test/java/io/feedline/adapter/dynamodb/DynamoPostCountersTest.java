package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.PostCountersContract;
import io.feedline.ports.contract.PostStore;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.CounterKind;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * The PostCountersContract suite on DynamoDB Local, and what the single table adds: a like and its
 * jobs are one TransactWriteItems (so no crash can fall between them), a batch of deltas is one
 * more, and a hot post's deltas land on counter shards that every read adds up.
 */
class DynamoPostCountersTest extends PostCountersContract {
    private static final Duration LEASE = Duration.ofMinutes(5);
    private static final RequestCounter requests = new RequestCounter();
    private static final Transactions transactions = new Transactions();
    private static DynamoStorage counted;

    /** The sort keys each TransactWriteItems wrote, by partition key, in order. */
    static final class Transactions implements ExecutionInterceptor {
        final List<List<Map.Entry<String, String>>> sent = new CopyOnWriteArrayList<>();

        @Override
        public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
            if (context.request() instanceof TransactWriteItemsRequest request) {
                sent.add(request.transactItems().stream().map(Transactions::key).toList());
            }
        }

        private static Map.Entry<String, String> key(TransactWriteItem item) {
            Map<String, AttributeValue> key;
            if (item.put() != null) {
                key = item.put().item();
            } else if (item.update() != null) {
                key = item.update().key();
            } else if (item.delete() != null) {
                key = item.delete().key();
            } else {
                key = item.conditionCheck().key();
            }
            return Map.entry(key.get(TableLayout.PK).s(), key.get(TableLayout.SK).s());
        }
    }

    @BeforeAll
    static void open() {
        counted = LocalDynamo.freshTable("counters", List.of(requests, transactions), LocalDynamo.FAST);
    }

    @AfterAll
    static void close() {
        counted.close();
    }

    @BeforeEach
    void reset() {
        requests.reset();
        transactions.sent.clear();
    }

    @Override
    protected PostStore postStore() {
        DynamoStorage storage = LocalDynamo.shared();
        return new PostStore(storage.posts(), storage.likes(), storage.reposts(), storage.fanoutJobs(), storage.idempotencyKeys(),
                storage.counters(), storage.articles());
    }

    private static Post publishFresh() {
        PostId id = TestIds.postId();
        Post post = new Post(id, TestIds.userId(), TestIds.username(), PostText.of("hot"), Instant.ofEpochMilli(id.epochMillis()), 0);
        counted.posts().publish(post, Optional.empty());
        return post;
    }

    private static FanoutJob.CountDelta delta(Post post, long delta) {
        return new FanoutJob.CountDelta(post.ref(), CounterKind.LIKES, delta, UUID.randomUUID().toString());
    }

    private static List<ClaimedJob> claim(List<? extends FanoutJob> jobs) {
        List<ClaimedJob> claimed = new ArrayList<>();
        List<String> keys = jobs.stream().map(FanoutJob::key).toList();
        List<ClaimedJob> batch;
        while (!(batch = counted.fanoutJobs().claim("counter", 100, Instant.now(), LEASE)).isEmpty()) {
            batch.stream().filter(c -> keys.contains(c.job().key())).forEach(claimed::add);
        }
        return claimed;
    }

    @Test
    void aLikeAndItsCountAndNotificationJobsAreOneTransaction() {
        Post post = publishFresh();
        UserId fan = TestIds.userId();
        FanoutJob.CountDelta count = delta(post, +1);
        FanoutJob notify = new FanoutJob.Notify(
                new NotificationEvent(post.authorId(), NotificationType.LIKE, Optional.of(post.id()), fan, Instant.now()));
        requests.reset();
        transactions.sent.clear();

        counted.likes().like(post.ref(), fan, List.of(count, notify));

        assertThat(requests.all()).isEqualTo(Map.of("TransactWriteItems", 1));
        assertThat(transactions.sent).hasSize(1);
        assertThat(transactions.sent.get(0)).containsExactly(
                Map.entry("POST#" + post.id().value(), "LIKE#" + fan.value()),
                Map.entry("USER#" + post.authorId().value(), "POST#" + post.id().value()),
                Map.entry("USER#" + fan.value(), "LIKED#" + post.id().value()),
                keyOf(count),
                keyOf(notify));
    }

    @Test
    void aBatchOfDeltasOnAColdPostIsOneTransactionOnThePostItem() {
        Post post = publishFresh();
        List<FanoutJob.CountDelta> deltas = List.of(delta(post, +1), delta(post, +1), delta(post, +1));
        deltas.forEach(counted.fanoutJobs()::enqueue);
        List<ClaimedJob> claimed = claim(deltas);
        requests.reset();
        transactions.sent.clear();

        counted.counters().apply(claimed);

        assertThat(requests.all()).isEqualTo(Map.of("TransactWriteItems", 1));
        assertThat(transactions.sent.get(0)).containsExactly(
                Map.entry("USER#" + post.authorId().value(), "POST#" + post.id().value()),
                keyOf(deltas.get(0)), keyOf(deltas.get(1)), keyOf(deltas.get(2)));
        assertThat(counted.posts().get(post.ref()).orElseThrow().likeCount()).isEqualTo(3);
    }

    @Test
    void aHotPostIsMarkedOnceAndItsDeltasGoToShardsThatReadsAddUp() {
        Post post = publishFresh();
        List<FanoutJob.CountDelta> deltas = new ArrayList<>();
        for (int i = 0; i < DynamoSettings.DEFAULT_HOT_POST_THRESHOLD; i++) {
            deltas.add(delta(post, +1));
        }
        deltas.forEach(counted.fanoutJobs()::enqueue);
        List<ClaimedJob> claimed = claim(deltas);
        requests.reset();
        transactions.sent.clear();

        counted.counters().apply(claimed);

        assertThat(requests.all()).isEqualTo(Map.of("UpdateItem", 1, "TransactWriteItems", 1));
        Map.Entry<String, String> target = transactions.sent.get(0).get(0);
        assertThat(target.getKey()).isEqualTo("POST#" + post.id().value());
        assertThat(target.getValue()).startsWith("COUNT#");
        requests.reset();

        assertThat(counted.posts().get(post.ref()).orElseThrow().likeCount()).isEqualTo(16);
        assertThat(requests.all()).as("the post item, then its shards in one batch")
                .isEqualTo(Map.of("GetItem", 1, "BatchGetItem", 1));
        requests.reset();
        assertThat(counted.counters().count(post.ref(), CounterKind.LIKES, Optional.empty())).isEqualTo(16);
        assertThat(requests.all()).as("one snapshot of the post item and its shards").isEqualTo(Map.of("TransactGetItems", 1));

        // Later batches of the marked post go to its shards however small they are.
        FanoutJob.CountDelta late = delta(post, +1);
        counted.fanoutJobs().enqueue(late);
        List<ClaimedJob> lateClaim = claim(List.of(late));
        requests.reset();
        counted.counters().apply(lateClaim);
        assertThat(requests.all()).isEqualTo(Map.of("TransactWriteItems", 1));
        assertThat(counted.posts().getAll(List.of(post.ref())).getFirst().likeCount()).isEqualTo(17);
    }

    private static Map.Entry<String, String> keyOf(FanoutJob job) {
        var key = TableLayout.fanoutJob(job.key());
        return Map.entry(key.partitionKeyValue().s(), key.sortKeyValue().orElseThrow().s());
    }
}

package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.Ranking;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.ExploreIndex;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** AP40-AP42 cost the requests ARCHITECTURE.md states, counted on the wire, on a table of their own. */
class ExploreRequestsTest {
    private static final RequestCounter requests = new RequestCounter();
    private static DynamoStorage storage;
    private static final UserId author = TestIds.userId();
    private static final Username authorName = TestIds.username();
    private static final List<Post> posts = new ArrayList<>();

    @BeforeAll
    static void publishSomePosts() {
        storage = LocalDynamo.freshTable("explore", List.of(requests), LocalDynamo.FAST);
        for (int i = 0; i < 30; i++) {
            PostId id = TestIds.postId();
            Post post = new Post(id, author, authorName, PostText.of("post " + i), Instant.ofEpochMilli(id.epochMillis()), 0);
            storage.posts().publish(post, Optional.empty());
            posts.add(post);
        }
    }

    @AfterAll
    static void close() {
        storage.close();
    }

    @BeforeEach
    void resetCounts() {
        requests.reset();
    }

    @Test
    void publishingWithItsExploreEntryIsStillOneTransaction() {
        PostId id = TestIds.postId();
        storage.posts().publish(new Post(id, author, authorName, PostText.of("one write"), Instant.now(), 0), Optional.empty());

        assertThat(requests.all()).isEqualTo(Map.of("TransactWriteItems", 1));
        storage.posts().delete(new Post(id, author, authorName, PostText.of("one write"), Instant.now(), 0).ref(), List.of());
    }

    @Test
    void aPageOfToday_sLatestIsOneQueryPerShard() {
        ExploreIndex.Slice slice = storage.exploreIndex().latest(Optional.empty(), 20);

        assertThat(slice.posts()).hasSize(20);
        assertThat(slice.posts().getFirst()).isEqualTo(posts.getLast().ref());
        assertThat(requests.all()).isEqualTo(Map.of("Query", ExploreLayout.SHARDS));
        assertThat(requests.queryItemsRead()).as("each shard reads at most the page").isLessThanOrEqualTo(30);
    }

    @Test
    void aSliceOverDaysWithNoPostsStopsAfterItsDaysAndSaysWhereToGoOn() {
        Instant tenDaysAgo = Instant.now().minus(Duration.ofDays(10));

        ExploreIndex.Slice slice = storage.exploreIndex().latest(Optional.of(TestIds.postIdAt(tenDaysAgo)), 20);

        assertThat(slice.posts()).isEmpty();
        assertThat(requests.all()).isEqualTo(Map.of("Query", DynamoExploreIndex.DAYS_PER_SLICE * ExploreLayout.SHARDS));
        assertThat(slice.continueBefore()).isPresent();
        assertThat(slice.continueBefore().get().epochMillis())
                .isLessThan(tenDaysAgo.minus(Duration.ofDays(DynamoExploreIndex.DAYS_PER_SLICE - 1)).toEpochMilli());
    }

    @Test
    void pastTheRetentionTheListEndsWithoutARequest() {
        Instant longAgo = Instant.now().minus(ExploreLayout.RETENTION).minus(Duration.ofDays(2));

        ExploreIndex.Slice slice = storage.exploreIndex().latest(Optional.of(TestIds.postIdAt(longAgo)), 20);

        assertThat(slice).isEqualTo(new ExploreIndex.Slice(List.of(), Optional.empty()));
        assertThat(requests.total()).isZero();
    }

    @Test
    void aRankingIsOneGetItemAndItsReplacementOnePutItem() {
        String name = "requests-" + TestIds.postId().value();
        storage.rankings().replace(new Ranking(name, 1, List.of(new Ranking.Entry("a", "b", 1))), 0);
        Ranking read = storage.rankings().read(name);

        assertThat(read.entries()).hasSize(1);
        assertThat(requests.all()).isEqualTo(Map.of("PutItem", 1, "GetItem", 1));
    }
}

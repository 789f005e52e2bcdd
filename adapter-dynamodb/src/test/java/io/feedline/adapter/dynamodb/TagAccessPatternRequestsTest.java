package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.EntityKind;
import io.feedline.ports.model.EntityRef;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.TagUse;
import io.feedline.ports.model.Trending;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The tag access patterns (AP30-AP37 in docs/ARCHITECTURE.md) cost exactly the requests promised. */
class TagAccessPatternRequestsTest {
    private static final RequestCounter requests = new RequestCounter();
    private static DynamoStorage storage;
    private static final UserId author = TestIds.userId();
    private static final UserId reader = TestIds.userId();
    private static final Tag java = Tag.of("java");
    private static final Tag rust = Tag.of("rust");
    private static final List<Post> posts = new ArrayList<>();
    private static final List<UserId> followers = IntStream.range(0, 30).mapToObj(i -> TestIds.userId()).toList();

    @BeforeAll
    static void writeTaggedPostsAndFollowers() {
        storage = LocalDynamo.freshTable("tag_requests", List.of(requests), Retries.DEFAULT);
        for (int i = 0; i < 30; i++) {
            var id = TestIds.postId();
            Post post = new Post(id, author, Username.of("tagger"), PostText.of("#java " + i), Instant.ofEpochMilli(id.epochMillis()), 0)
                    .tagged(i % 2 == 0 ? List.of(java, rust) : List.of(java));
            storage.posts().publish(post, Optional.empty());
            posts.add(post);
        }
        followers.forEach(follower -> storage.entityFollows().follow(follower, EntityRef.of(java), Instant.now()));
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
    void ap30ATaggedPublishIsOneTransactionAndATagPageOneQuery() {
        var id = TestIds.postId();
        Post post = new Post(id, author, Username.of("tagger"), PostText.of("#java #rust"), Instant.ofEpochMilli(id.epochMillis()), 0)
                .tagged(List.of(java, rust));
        storage.posts().publish(post, List.of(new FanoutJob.TagPost(post.ref(), java), new FanoutJob.TagPost(post.ref(), rust)),
                Optional.empty());
        assertThat(requests.all()).isEqualTo(Map.of("TransactWriteItems", 1));

        requests.reset();
        List<PostRef> page = storage.tagIndex().posts(java, Optional.of(posts.get(20).id()), 10);
        assertThat(requests.all()).isEqualTo(Map.of("Query", 1));
        assertThat(page).hasSize(10).first().isEqualTo(posts.get(19).ref());
        storage.posts().delete(post.ref(), List.of());
    }

    @Test
    void ap31AFollowOrUnfollowIsOneTransactionAndACheckOneGetItem() {
        UserId someone = TestIds.userId();
        storage.entityFollows().follow(someone, EntityRef.of(rust), Instant.now());
        assertThat(requests.all()).isEqualTo(Map.of("TransactWriteItems", 1));
        requests.reset();
        assertThat(storage.entityFollows().isFollowing(someone, EntityRef.of(rust))).isTrue();
        assertThat(requests.all()).isEqualTo(Map.of("GetItem", 1));
        requests.reset();
        storage.entityFollows().unfollow(someone, EntityRef.of(rust));
        assertThat(requests.all()).isEqualTo(Map.of("TransactWriteItems", 1));
    }

    @Test
    void ap32FollowedTagsAndAp33ATagsFollowersAreOneQueryAPage() {
        storage.entityFollows().following(followers.get(0), EntityKind.TAG, PageRequest.first(20));
        assertThat(requests.all()).isEqualTo(Map.of("Query", 1));
        requests.reset();
        var page = storage.entityFollows().followers(EntityRef.of(java), PageRequest.first(20));
        assertThat(requests.all()).isEqualTo(Map.of("Query", 1));
        assertThat(page.items()).hasSize(20);
        assertThat(page.next()).isPresent();
        requests.reset();
        assertThat(storage.entityFollows().followersAmong(EntityRef.of(java), followers)).hasSize(30);
        assertThat(requests.all()).as("one Query over the candidates' entries").isEqualTo(Map.of("Query", 1));
        requests.reset();
        var run = storage.entityFollows().followerPages(EntityRef.of(java), PageRequest.first(4), 10);
        assertThat(requests.all()).isEqualTo(Map.of("Query", 1));
        assertThat(run).hasSize(8);
        assertThat(run.getLast().next()).isEmpty();
    }

    @Test
    void ap34ATagsHeadIsThreeGetItems() {
        storage.tagIndex().uses(java);
        storage.entityFollows().followerCount(EntityRef.of(java));
        storage.entityFollows().isFollowing(reader, EntityRef.of(java));
        assertThat(requests.all()).isEqualTo(Map.of("GetItem", 3));
    }

    @Test
    void ap35AUseIsTwoUpdatesAndAnHourOneQuery() {
        Instant at = Instant.parse("2030-05-06T07:08:09Z");
        Tag fresh = new Tag("fresh_" + TestIds.userId().value().toLowerCase(Locale.ROOT));
        storage.tagIndex().recordUse(fresh, at);
        assertThat(requests.all()).isEqualTo(Map.of("UpdateItem", 2));
        requests.reset();
        assertThat(storage.tagIndex().usesInHour(at, 1000)).contains(new TagUse(fresh, 1));
        assertThat(requests.all()).isEqualTo(Map.of("Query", 1));
    }

    @Test
    void ap36AutocompleteIsOneQueryAndAp37TrendingOneGetItem() {
        storage.tagIndex().recordUse(java, Instant.now());
        requests.reset();
        assertThat(storage.tagIndex().byPrefix("ja", 200)).extracting(TagUse::tag).contains(java);
        assertThat(requests.all()).isEqualTo(Map.of("Query", 1));
        storage.tagIndex().storeTrending(new Trending(List.of(new TagUse(java, 3)), Instant.parse("2030-01-01T00:00:00Z")));
        requests.reset();
        assertThat(storage.tagIndex().trending().tags()).containsExactly(new TagUse(java, 3));
        assertThat(requests.all()).isEqualTo(Map.of("GetItem", 1));
    }
}

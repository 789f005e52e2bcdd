package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.IdempotencyCompletion;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The reads that must see the write just made, on a table whose index queries and eventually
 * consistent reads lag a day behind ({@link StaleReads}). Each would fail if its read were
 * eventually consistent or went through an index.
 */
class StaleReadsTest {
    private final DynamoStorage storage = LocalDynamo.stale();

    private static Post freshPost() {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        return new Post(TestIds.postId(), TestIds.userId(), TestIds.username(), PostText.of("just now"), now, 0);
    }

    @Test
    void theLaggingTableReallyLagsOnItsIndex() {
        Post post = freshPost();
        storage.posts().publish(post, Optional.empty());

        assertThat(storage.posts().get(post.id())).as("post by id reads GSI1, which has not caught up").isEmpty();
    }

    @Test
    void anIdempotentReplayFindsThePostByKeyAtOnce() {
        Post post = freshPost();
        IdempotencyKey key = IdempotencyKey.of("k-" + post.id().value());
        Instant now = post.createdAt();
        storage.idempotencyKeys().claim(post.authorId(), key, "fp", post.id().value(), now);
        storage.posts().publish(post, Optional.empty(),
                Optional.of(new IdempotencyCompletion(post.authorId(), key, post.id().value(), post.id().value(), now)));

        assertThat(storage.posts().get(post.ref())).contains(post);
    }

    @Test
    void aCountJustAppliedIsInTheReadsThatFollowIt() {
        Post post = freshPost();
        storage.posts().publish(post, Optional.empty());

        // As the counter processor writes: an ADD on the post item, and on a shard once it is hot.
        storage.access().updateItem(TableLayout.post(post.authorId(), post.id()),
                Expressions.update().add(TableLayout.LIKE_COUNT, 1).build(), ReturnValue.NONE);
        assertThat(storage.posts().get(post.ref()).orElseThrow().likeCount()).isEqualTo(1);
        assertThat(storage.posts().getAll(List.of(post.ref()))).extracting(Post::likeCount).containsExactly(1L);

        storage.access().updateItem(TableLayout.post(post.authorId(), post.id()),
                Expressions.update().set(TableLayout.COUNTER_SHARDS, AttributeValue.fromN("8")).build(), ReturnValue.NONE);
        storage.access().updateItem(TableLayout.counterShard(post.id(), 3),
                Expressions.update().add(TableLayout.LIKE_COUNT, 2).build(), ReturnValue.NONE);
        assertThat(storage.posts().get(post.ref()).orElseThrow().likeCount()).isEqualTo(3);
        assertThat(storage.posts().getAll(List.of(post.ref()))).extracting(Post::likeCount).containsExactly(3L);
    }

    @Test
    void aReaderSeesTheirFeedEntryRightAfterItIsWritten() {
        Post post = freshPost();
        storage.feedItems().append(List.of(new Delivery(post.authorId(), post.ref())));

        assertThat(storage.feedItems().page(post.authorId(), Optional.empty(), 10)).containsExactly(post.ref());
    }

    @Test
    void aFollowJustMadeIsSeenByTheEdgeReads() {
        UserId reader = TestIds.userId();
        UserId author = TestIds.userId();
        storage.followGraph().follow(reader, author, Instant.now());

        assertThat(storage.followGraph().followedAmong(reader, List.of(author))).containsExactly(author);
        assertThat(storage.followGraph().followersAmong(author, List.of(reader))).containsExactly(reader);
        assertThat(storage.followGraph().isFollowing(reader, author)).isTrue();
    }
}

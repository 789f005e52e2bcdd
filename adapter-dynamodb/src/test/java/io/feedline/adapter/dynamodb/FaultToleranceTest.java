package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.CounterKind;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.FollowCounts;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The retries DynamoDB leaves to its callers, under faults injected into real requests: every item
 * lands exactly once, counters stay exact, and a conflict that never clears leaves nothing behind.
 */
class FaultToleranceTest {
    private static final RequestCounter requests = new RequestCounter();
    private static final Faults faults = new Faults();
    private static DynamoStorage storage;

    @BeforeAll
    static void openTable() {
        storage = LocalDynamo.freshTable("faults", List.of(requests, faults), LocalDynamo.FAST);
    }

    @AfterAll
    static void close() {
        storage.close();
    }

    /** Starts a new round of faults, and of request counting. */
    private static Faults inject() {
        requests.reset();
        return faults.reset();
    }

    private static Post freshPost() {
        PostId id = TestIds.postId();
        return new Post(id, TestIds.userId(), TestIds.username(), PostText.of("under fire"),
                Instant.ofEpochMilli(id.epochMillis()), 0);
    }

    @Test
    void unprocessedAndThrottledBatchWritesEndWithEveryItemOnce() {
        inject().holdBackOnFirst(6).throttleAttempts(Set.of(2, 5));
        List<UserId> readers = new ArrayList<>();
        List<Delivery> deliveries = new ArrayList<>();
        PostRef first = new PostRef(TestIds.postId(), TestIds.userId());
        PostRef second = new PostRef(TestIds.postId(), TestIds.userId());
        for (int i = 0; i < 60; i++) {
            UserId reader = TestIds.userId();
            readers.add(reader);
            deliveries.add(new Delivery(reader, first));
            deliveries.add(new Delivery(reader, second));
        }

        storage.feedItems().append(deliveries);

        assertThat(faults.heldBackItems()).isPositive();
        assertThat(faults.throttled()).isEqualTo(2);
        assertThat(requests.count("BatchWriteItem")).isGreaterThan(120 / 25 + 1);
        faults.reset();
        for (UserId reader : readers) {
            assertThat(storage.feedItems().page(reader, Optional.empty(), 10)).containsExactly(second, first);
        }
    }

    @Test
    void unprocessedKeysOfBatchReadsAreFetchedAgain() {
        List<Post> written = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Post post = freshPost();
            storage.posts().publish(post, Optional.empty());
            written.add(post);
        }
        UserId reader = TestIds.userId();
        List<UserId> authors = written.stream().map(Post::authorId).toList();
        authors.subList(0, 20).forEach(author -> storage.followGraph().follow(reader, author, Instant.now()));
        inject().holdBackKeysOnFirst(4);

        List<Post> found = storage.posts().getAll(written.stream().map(Post::ref).toList());
        Set<UserId> followed = storage.followGraph().followedAmong(reader, authors);

        assertThat(faults.heldBackKeys()).isPositive();
        assertThat(requests.count("BatchGetItem")).isGreaterThan(2);
        assertThat(found).containsExactlyElementsOf(written.reversed());
        assertThat(followed).containsExactlyInAnyOrderElementsOf(authors.subList(0, 20));
    }

    @Test
    void conflictingFollowIsRetriedAndCountsStayExact() {
        inject().conflicts(2);
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();

        assertThat(storage.followGraph().follow(ann, ben, Instant.now())).isTrue();

        assertThat(faults.conflictsInjected()).isEqualTo(2);
        assertThat(requests.count("TransactWriteItems")).isEqualTo(3);
        assertThat(storage.followGraph().counts(ben)).isEqualTo(new FollowCounts(1, 0));
        assertThat(storage.followGraph().counts(ann)).isEqualTo(new FollowCounts(0, 1));
        assertThat(storage.followGraph().follow(ann, ben, Instant.now())).isFalse();
        assertThat(storage.followGraph().counts(ben)).isEqualTo(new FollowCounts(1, 0));
    }

    @Test
    void conflictingPublishAndLikeAreRetriedAndCountsStayExact() {
        inject().conflicts(3);
        Post post = freshPost();
        FanoutJob deliver = new FanoutJob.Deliver(post.ref());
        int pendingBefore = storage.fanoutJobs().pending();

        assertThat(storage.posts().publish(post, Optional.of(deliver))).isTrue();
        inject().conflicts(2);
        FanoutJob count = new FanoutJob.CountDelta(post.ref(), CounterKind.LIKES, 1, "retried");
        assertThat(storage.likes().like(post.ref(), TestIds.userId(), List.of(count))).isTrue();

        assertThat(requests.count("TransactWriteItems")).isEqualTo(3);
        assertThat(storage.posts().get(post.id())).contains(post);
        assertThat(storage.posts().countByAuthor(post.authorId())).isEqualTo(1);
        assertThat(storage.fanoutJobs().pending()).as("the delivery and the like's count job").isEqualTo(pendingBefore + 2);
    }

    @Test
    void persistentConflictIsAWriteConflictWithNothingWritten() {
        inject();
        Post liked = freshPost();
        storage.posts().publish(liked, Optional.empty());
        int pendingBefore = storage.fanoutJobs().pending();
        inject().conflicts(Integer.MAX_VALUE);
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();
        Post post = freshPost();

        assertThatThrownBy(() -> storage.followGraph().follow(ann, ben, Instant.now()))
                .isInstanceOf(FeedlineException.WriteConflict.class);
        assertThatThrownBy(() -> storage.posts().publish(post, Optional.of(new FanoutJob.Deliver(post.ref()))))
                .isInstanceOf(FeedlineException.WriteConflict.class);
        assertThatThrownBy(() -> storage.likes().like(liked.ref(), ann,
                List.of(new FanoutJob.CountDelta(liked.ref(), CounterKind.LIKES, 1, "conflicted"))))
                .isInstanceOf(FeedlineException.WriteConflict.class);

        assertThat(requests.count("TransactWriteItems")).isEqualTo(3 * LocalDynamo.FAST.attempts());
        faults.reset();
        assertThat(storage.followGraph().isFollowing(ann, ben)).isFalse();
        assertThat(storage.followGraph().counts(ann)).isEqualTo(FollowCounts.ZERO);
        assertThat(storage.followGraph().counts(ben)).isEqualTo(FollowCounts.ZERO);
        assertThat(storage.posts().get(post.id())).isEmpty();
        assertThat(storage.posts().countByAuthor(post.authorId())).isZero();
        assertThat(storage.fanoutJobs().pending()).isEqualTo(pendingBefore);
        assertThat(storage.access().get("like_item", TableLayout.like(liked.id(), ann))).isEmpty();
        assertThat(storage.posts().get(liked.id())).contains(liked);
    }
}

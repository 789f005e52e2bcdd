package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.fakes.MutableClock;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.IdempotencyCompletion;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

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
    void aFollowerIsListedAtOnceThoughTheLaggingIndexLacksTheEdge() {
        UserId follower = TestIds.userId();
        UserId author = TestIds.userId();
        storage.followGraph().follow(follower, author, Instant.now());

        var index = storage.access().queryIndexPage("test", QueryEnhancedRequest.builder()
                .queryConditional(TableLayout.followers(author)).build());
        assertThat(index.items()).as("GSI1 has not caught up with the follow").isEmpty();
        assertThat(storage.followGraph().followers(author, PageRequest.first(10)).items()).containsExactly(follower);
    }

    @Test
    void anUnfollowedFollowerIsGoneFromTheListAtOnce() {
        UserId follower = TestIds.userId();
        UserId author = TestIds.userId();
        storage.followGraph().follow(follower, author, Instant.now());
        storage.followGraph().unfollow(follower, author);

        assertThat(storage.followGraph().followers(author, PageRequest.first(10)).items()).isEmpty();
        assertThat(storage.followGraph().followersAmong(author, List.of(follower))).isEmpty();
    }

    @Test
    void aPostIsFoundByIdRightAfterItsPublish() {
        Post post = freshPost();
        storage.posts().publish(post, Optional.empty());

        assertThat(storage.posts().get(post.id())).contains(post);
    }

    @Test
    void aPostDeletedAMomentAgoIsGoneByIdAtOnce() {
        Post post = freshPost();
        storage.posts().publish(post, Optional.empty());
        storage.posts().delete(post.ref(), Optional.empty());

        assertThat(storage.posts().get(post.id())).isEmpty();
    }

    @Test
    void aPostWrittenBeforePointersIsFoundByIdThroughTheIndex() {
        Post legacy = freshPost();
        // Written around the lagging client, so the index has long caught up with it.
        try (DynamoDbClient raw = DynamoStorage.client(storage.settings(), List.of())) {
            raw.putItem(b -> b.tableName(storage.settings().tableName()).item(DynamoPosts.document(legacy).toMap()));
        }

        assertThat(storage.posts().get(legacy.id())).contains(legacy);
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
        assertThat(storage.posts().get(post.id()).orElseThrow().likeCount()).isEqualTo(1);
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
        assertThat(storage.followGraph().following(reader, PageRequest.first(10)).items()).containsExactly(author);
    }

    @Test
    void aUserJustRegisteredIsListedAndMentionableAtOnce() {
        UserAccount account = new UserAccount(TestIds.userId(), TestIds.username(), TestIds.email(),
                DisplayName.of("New"), Bio.EMPTY, Instant.now().truncatedTo(ChronoUnit.MILLIS));
        storage.userAccounts().create(account, new PasswordHash("$test$hash"));

        assertThat(storage.userAccounts().findAllById(List.of(account.id()))).containsKey(account.id());
        assertThat(storage.userAccounts().findIdsByUsername(List.of(account.username())))
                .containsEntry(account.username(), account.id());
        assertThat(storage.userAccounts().findByUsername(account.username())).contains(account);
    }

    @Test
    void anAuthorJustMarkedIsACelebrityAtOnce() {
        UserId author = TestIds.userId();
        storage.celebrityRegistry().mark(author);

        assertThat(storage.celebrityRegistry().all()).contains(author);
    }

    @Test
    void aNotificationJustRecordedIsCountedUnreadAtOnce() {
        UserId recipient = TestIds.userId();
        storage.notifications().record(new NotificationEvent(recipient, NotificationType.FOLLOW, Optional.empty(),
                TestIds.userId(), Instant.now().truncatedTo(ChronoUnit.MILLIS)));

        assertThat(storage.notifications().countAfter(recipient, Optional.empty(), 999)).isEqualTo(1);
    }

    /**
     * AP7 reads GSI2, which no consistent read can serve: a lag only delays a claim, and the job is
     * claimed, once, when the index has caught up. (A candidate the index still shows after another
     * worker leased it fails the lease's condition on the table itself; {@link StaleReads} cannot
     * show such a candidate, since it only ages what the current index returns.)
     */
    @Test
    void aStaleOutboxIndexOnlyDelaysAClaim() {
        MutableClock clock = new MutableClock(Instant.now());
        Duration lag = Duration.ofMinutes(1);
        DynamoSettings settings = LocalDynamo.settings().withTableName("stale-outbox-" + System.nanoTime());
        StaleReads lagging = new StaleReads(DynamoStorage.client(settings, List.of()), settings.tableName(), lag, clock);
        try (DynamoStorage outbox = LocalDynamo.open(settings, List.of(lagging), Retries.DEFAULT, clock)) {
            outbox.bootstrap();
            FanoutJob job = new FanoutJob.Deliver(freshPost().ref());
            outbox.fanoutJobs().enqueue(job);

            assertThat(outbox.fanoutJobs().claim("a", 10, clock.instant(), Duration.ofMinutes(5)))
                    .as("the index has not caught up with the enqueue yet").isEmpty();

            clock.advance(lag.multipliedBy(2));
            List<ClaimedJob> first = outbox.fanoutJobs().claim("a", 10, clock.instant(), Duration.ofMinutes(5));
            List<ClaimedJob> second = outbox.fanoutJobs().claim("b", 10, clock.instant(), Duration.ofMinutes(5));

            assertThat(first).extracting(ClaimedJob::job).containsExactly(job);
            assertThat(second).as("leased to a").isEmpty();
        }
    }
}

package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.Article;
import io.feedline.ports.model.ArticleStatus;
import io.feedline.ports.model.ArticleTitle;
import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.Slug;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.FanoutJobs;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each access pattern (ADR-0001) costs exactly the requests the layout promises, counted on the
 * wire by an SDK interceptor. (Any Scan fails a test by itself: see {@link ScanForbidden}.)
 */
class AccessPatternRequestsTest {
    private static final RequestCounter requests = new RequestCounter();
    private static DynamoStorage storage;
    private static final UserId author = TestIds.userId();
    private static final Username authorName = TestIds.username();
    private static final UserId reader = TestIds.userId();
    private static final List<UserId> followees = IntStream.range(0, 30).mapToObj(i -> TestIds.userId()).toList();
    private static final List<Post> posts = new ArrayList<>();

    @BeforeAll
    static void writeAGraphAndSomePosts() {
        storage = LocalDynamo.freshTable("requests", List.of(requests), Retries.DEFAULT);
        for (UserId followee : followees) {
            storage.followGraph().follow(reader, followee, Instant.now());
            storage.followGraph().follow(followee, author, Instant.now());
        }
        for (int i = 0; i < 30; i++) {
            PostId id = TestIds.postId();
            Post post = new Post(id, author, authorName, PostText.of("post " + i), Instant.ofEpochMilli(id.epochMillis()), 0);
            storage.posts().publish(post, Optional.empty());
            posts.add(post);
        }
        storage.feedItems().append(posts.stream().map(p -> new Delivery(reader, p.ref())).toList());
    }

    @AfterAll
    static void close() {
        storage.close();
    }

    @BeforeEach
    void resetCounts() {
        requests.reset();
    }

    private static Map<String, Integer> only(String operation, int count) {
        return Map.of(operation, count);
    }

    @Test
    void homeFeedPageIsOneQuery() {
        List<PostRef> first = storage.feedItems().page(reader, Optional.empty(), 20);
        assertThat(requests.all()).isEqualTo(only("Query", 1));

        List<PostRef> second = storage.feedItems().page(reader, Optional.of(first.get(19).postId()), 20);
        assertThat(requests.all()).isEqualTo(only("Query", 2));
        assertThat(first).hasSize(20);
        assertThat(second).hasSize(10);
    }

    @Test
    void authorTimelinePageIsOneQuery() {
        List<Post> page = storage.posts().byAuthor(author, Optional.of(posts.get(25).id()), 10);

        assertThat(requests.all()).isEqualTo(only("Query", 1));
        assertThat(page).hasSize(10).first().isEqualTo(posts.get(24));
    }

    @Test
    void getPostByIdIsTwoConsistentGetItems() {
        Optional<Post> post = storage.posts().get(posts.get(7).id());

        assertThat(requests.all()).isEqualTo(only("GetItem", 2));
        assertThat(post).contains(posts.get(7));
    }

    @Test
    void aPostWrittenBeforeItsPointerIsFoundThroughTheIndexThenByKey() {
        PostId id = TestIds.postId();
        Post legacy = new Post(id, author, authorName, PostText.of("written before pointers"), Instant.ofEpochMilli(id.epochMillis()), 0);
        storage.access().putItem(DynamoPosts.document(legacy));
        requests.reset();

        assertThat(storage.posts().get(id)).contains(legacy);
        assertThat(requests.all()).isEqualTo(Map.of("GetItem", 2, "Query", 1));

        requests.reset();
        assertThat(storage.posts().get(TestIds.postId())).isEmpty();
        assertThat(requests.all()).isEqualTo(Map.of("GetItem", 1, "Query", 1));
    }

    @Test
    void followingPageIsOneQueryAndSoIsTheNext() {
        Page<UserId> first = storage.followGraph().following(reader, PageRequest.first(20));
        Page<UserId> second = storage.followGraph().following(reader, PageRequest.after(first.next().orElseThrow(), 20));

        assertThat(requests.all()).isEqualTo(only("Query", 2));
        assertThat(first.items()).hasSize(20);
        assertThat(second.items()).hasSize(10);
        assertThat(second.next()).isEmpty();
    }

    @Test
    void followersPageIsOneQueryOfTheEntries() {
        Page<UserId> page = storage.followGraph().followers(author, PageRequest.first(100));

        assertThat(requests.all()).isEqualTo(only("Query", 1));
        // Another test of this class adds a follower of its own.
        assertThat(page.items()).containsSubsequence(followees).hasSizeBetween(followees.size(), followees.size() + 1);
        assertThat(page.next()).isEmpty();
    }

    @Test
    void isFollowingIsOneGetItem() {
        boolean follows = storage.followGraph().isFollowing(reader, followees.get(3));

        assertThat(requests.all()).isEqualTo(only("GetItem", 1));
        assertThat(follows).isTrue();
    }

    @Test
    void fanoutToAThousandReadersTakesFortyBatchWrites() {
        PostRef post = new PostRef(TestIds.postId(), author);
        List<Delivery> deliveries = IntStream.range(0, 1000).mapToObj(i -> new Delivery(TestIds.userId(), post)).toList();

        storage.feedItems().append(deliveries);

        assertThat(requests.all()).isEqualTo(only("BatchWriteItem", 40));
        assertThat(storage.feedItems().page(deliveries.get(999).reader(), Optional.empty(), 5)).containsExactly(post);
    }

    @Test
    void batchReadsTakeOneRequestPerHundredKeys() {
        List<UserId> candidates = new ArrayList<>(followees);
        IntStream.range(0, 120).forEach(i -> candidates.add(TestIds.userId()));

        assertThat(storage.followGraph().followedAmong(reader, candidates)).hasSize(30);
        assertThat(storage.posts().getAll(posts.stream().map(Post::ref).toList())).hasSize(30);

        assertThat(requests.all()).isEqualTo(only("BatchGetItem", 3));
    }

    @Test
    void publishAndFollowAreOneTransactionEach() {
        PostId id = TestIds.postId();
        storage.posts().publish(new Post(id, author, authorName, PostText.of("one write"), Instant.now(), 0), Optional.empty());
        storage.followGraph().follow(TestIds.userId(), author, Instant.now());

        assertThat(requests.all()).isEqualTo(only("TransactWriteItems", 2));
    }

    @Test
    void aReplyIsOneTransactionAndAThreadPageIsOneQuery() {
        Post parent = posts.get(3);
        List<Post> replies = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            PostId id = TestIds.postId();
            Post reply = new Post(id, reader, authorName, PostText.of("reply " + i), Instant.ofEpochMilli(id.epochMillis()), 0)
                    .replyingTo(parent.ref());
            storage.posts().publish(reply, Optional.empty());
            replies.add(reply);
        }
        assertThat(requests.all()).isEqualTo(only("TransactWriteItems", 12));
        requests.reset();

        List<PostRef> first = storage.posts().replies(parent.id(), Optional.empty(), 10);
        assertThat(requests.all()).isEqualTo(only("Query", 1));
        List<PostRef> rest = storage.posts().replies(parent.id(), Optional.of(first.getLast().postId()), 10);

        assertThat(requests.all()).isEqualTo(only("Query", 2));
        assertThat(first).hasSize(10).first().isEqualTo(replies.getFirst().ref());
        assertThat(rest).containsExactly(replies.get(10).ref(), replies.get(11).ref());
    }

    @Test
    void aPageOfAPostsLikersIsOneQuery() {
        Post post = posts.get(6);
        for (int i = 0; i < 4; i++) {
            storage.likes().like(post.ref(), TestIds.userId(), List.of());
        }
        requests.reset();

        Page<UserId> first = storage.likes().likers(post.id(), PageRequest.first(3));
        assertThat(requests.all()).as("AP43").isEqualTo(only("Query", 1));
        Page<UserId> rest = storage.likes().likers(post.id(), PageRequest.after(first.next().orElseThrow(), 3));

        assertThat(requests.all()).isEqualTo(only("Query", 2));
        assertThat(first.items()).hasSize(3);
        assertThat(rest.items()).hasSize(1);
        assertThat(rest.next()).isEmpty();
    }

    @Test
    void aRepostIsOneTransactionItsMarksOneQueryAndAnUnrepostOneReadAndOneTransaction() {
        Post original = posts.get(5);
        List<Post> reposts = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            PostId id = TestIds.postId();
            Post repost = Post.repost(id, TestIds.userId(), TestIds.username(), original.ref(), Instant.ofEpochMilli(id.epochMillis()));
            storage.reposts().repost(repost, Optional.of(new FanoutJob.Deliver(repost.ref())));
            reposts.add(repost);
        }
        assertThat(requests.all()).isEqualTo(only("TransactWriteItems", 3));
        requests.reset();

        assertThat(storage.reposts().reposts(original.id(), 1000)).hasSize(3);
        assertThat(requests.all()).as("AP15").isEqualTo(only("Query", 1));
        requests.reset();

        assertThat(storage.reposts().reposters(original.id(), PageRequest.first(2)).next()).isPresent();
        assertThat(requests.all()).as("AP44: a page of reposters").isEqualTo(only("Query", 1));
        requests.reset();

        Post first = reposts.getFirst();
        assertThat(storage.reposts().unrepost(original.ref(), first.authorId(), ref -> List.of(new FanoutJob.Retract(ref))))
                .contains(first.ref());
        assertThat(requests.all()).isEqualTo(Map.of("GetItem", 1, "TransactWriteItems", 1));
        requests.reset();

        // A repost's entry is read with its reposter's posts: AP2, one query.
        assertThat(storage.posts().byAuthor(reposts.get(1).authorId(), Optional.empty(), 10)).containsExactly(reposts.get(1));
        assertThat(requests.all()).isEqualTo(only("Query", 1));
    }

    @Test
    void pageTokensAreCompactAndMalformedOnesAreInvalidInput() {
        Page<UserId> first = storage.followGraph().following(reader, PageRequest.first(5));
        assertThat(first.next()).contains(new PageToken(first.items().get(4).value()));

        for (String forged : List.of("garbage", "{\"pk\":{\"S\":\"USER#x\"}}", first.items().get(4).value() + "#", "0")) {
            PageRequest request = PageRequest.after(new PageToken(forged), 5);
            assertThatThrownBy(() -> storage.followGraph().following(reader, request))
                    .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("cursor"));
            assertThatThrownBy(() -> storage.followGraph().followers(author, request))
                    .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("cursor"));
        }
    }

    @Test
    void claimIsOneIndexQueryPerShardAndOneTransactionForItsJobsAndReadsOnlyClaimableJobs() {
        FanoutJobs outbox = storage.fanoutJobs();
        Instant now = Instant.now().plusSeconds(1);
        List<FanoutJob> held = IntStream.range(0, 30).<FanoutJob>mapToObj(i -> new FanoutJob.Deliver(new PostRef(TestIds.postId(), author))).toList();
        held.forEach(outbox::enqueue);
        assertThat(outbox.claim("holder", 30, now, Duration.ofMinutes(5))).hasSize(30);
        List<FanoutJob> waiting = IntStream.range(0, 12).<FanoutJob>mapToObj(i -> new FanoutJob.Deliver(new PostRef(TestIds.postId(), author))).toList();
        waiting.forEach(outbox::enqueue);
        requests.reset();

        List<ClaimedJob> claimed = outbox.claim("w1", 8, now, Duration.ofMinutes(5));

        assertThat(claimed).hasSize(8);
        assertThat(waiting).containsAll(claimed.stream().map(ClaimedJob::job).toList());
        assertThat(requests.all()).isEqualTo(Map.of("Query", TableLayout.FANOUT_SHARDS, "TransactWriteItems", 1));
        assertThat(requests.queryItemsRead()).as("the 30 held jobs are never read").isLessThanOrEqualTo(12);

        requests.reset();
        assertThat(outbox.claim("w1", 8, now, Duration.ofMinutes(5))).hasSize(4);
        assertThat(outbox.claim("w1", 8, now, Duration.ofMinutes(5))).isEmpty();
        assertThat(requests.queryItemsRead()).isEqualTo(4);
        assertThat(requests.count("TransactWriteItems")).isEqualTo(1);

        // A single job is leased by one update alone.
        FanoutJob last = new FanoutJob.Deliver(new PostRef(TestIds.postId(), author));
        outbox.enqueue(last);
        requests.reset();
        assertThat(outbox.claim("w1", 8, now, Duration.ofMinutes(5))).extracting(ClaimedJob::job).containsExactly(last);
        assertThat(requests.all()).isEqualTo(Map.of("Query", TableLayout.FANOUT_SHARDS, "UpdateItem", 1));
    }

    @Test
    void completingAStepsJobsIsOneTransactionAndAJobTakenOverMeanwhileIsLeftToItsNewHolder() {
        FanoutJobs outbox = storage.fanoutJobs();
        Instant now = Instant.now().plusSeconds(1);
        Duration lease = Duration.ofMinutes(5);
        List<ClaimedJob> held = eightHeldBy(outbox, "w1", now, lease);
        requests.reset();

        outbox.completeAll(held.subList(0, 6));

        assertThat(requests.all()).as("six completions").isEqualTo(only("TransactWriteItems", 1));

        // The seventh's lease is renewed by its holder; the eighth's runs out and another worker takes it.
        ClaimedJob seventh = outbox.renew(held.get(6), now.plus(lease).minusSeconds(1), lease);
        Instant takeover = now.plus(lease).plusSeconds(1);
        ClaimedJob retaken = claimAllKeeping(outbox, "w2", takeover, lease, List.of(held.get(7).job())).getFirst();
        requests.reset();

        outbox.completeAll(List.of(seventh, held.get(7)));

        assertThat(requests.all()).as("cancelled by the lost lease, then the seventh alone")
                .isEqualTo(Map.of("TransactWriteItems", 1, "DeleteItem", 1));
        assertThatThrownBy(() -> outbox.renew(seventh, takeover, lease)).as("the seventh is gone")
                .isInstanceOf(FeedlineException.WriteConflict.class);
        assertThat(outbox.renew(retaken, takeover.plusSeconds(1), lease).leaseOwner())
                .as("the job taken over is still its new holder's").isEqualTo("w2");
    }

    @Test
    void renewingAStepsLeasesIsOneTransactionAndAJobTakenOverMeanwhileIsLeftOut() {
        FanoutJobs outbox = storage.fanoutJobs();
        Instant now = Instant.now().plusSeconds(1);
        Duration lease = Duration.ofMinutes(5);
        List<ClaimedJob> held = eightHeldBy(outbox, "w1", now, lease);
        requests.reset();

        List<Optional<ClaimedJob>> renewed = outbox.renewAll(held.subList(0, 6), now.plus(lease).minusSeconds(1), lease);

        assertThat(requests.all()).as("six renewals").isEqualTo(only("TransactWriteItems", 1));
        assertThat(renewed).allSatisfy(job -> assertThat(job).isPresent());

        // The eighth's lease runs out and another worker takes it.
        Instant takeover = now.plus(lease).plusSeconds(1);
        claimAllKeeping(outbox, "w2", takeover, lease, List.of(held.get(7).job()));
        requests.reset();

        renewed = outbox.renewAll(List.of(renewed.getFirst().orElseThrow(), held.get(7)), takeover, lease);

        assertThat(requests.all()).as("cancelled by the lost lease, then sent again with the first alone")
                .isEqualTo(only("TransactWriteItems", 2));
        assertThat(renewed.getFirst()).get().extracting(ClaimedJob::leaseUntil)
                .isEqualTo(takeover.plus(lease).truncatedTo(ChronoUnit.MILLIS));
        assertThat(renewed.get(1)).as("the eighth, taken over").isEmpty();
    }

    /** Eight new deliveries, enqueued and claimed by {@code worker}, in order. */
    private List<ClaimedJob> eightHeldBy(FanoutJobs outbox, String worker, Instant now, Duration lease) {
        List<FanoutJob> mine = IntStream.range(0, 8).<FanoutJob>mapToObj(i -> new FanoutJob.Deliver(new PostRef(TestIds.postId(), author))).toList();
        mine.forEach(outbox::enqueue);
        return claimAllKeeping(outbox, worker, now, lease, mine);
    }

    /** Claims everything claimable at {@code at} (other tests' jobs too) and returns the claims of {@code mine}, in order. */
    private static List<ClaimedJob> claimAllKeeping(FanoutJobs outbox, String worker, Instant at, Duration lease, List<FanoutJob> mine) {
        List<ClaimedJob> all = new ArrayList<>();
        for (List<ClaimedJob> claimed = outbox.claim(worker, 100, at, lease); !claimed.isEmpty();
                claimed = outbox.claim(worker, 100, at, lease)) {
            all.addAll(claimed);
        }
        return mine.stream().map(job -> all.stream().filter(claimed -> claimed.job().equals(job)).findFirst().orElseThrow()).toList();
    }

    /** {@code count} new followers of {@code star} in id order, imported; the requests counted from here. */
    private static List<UserId> importedFollowers(UserId star, int count) {
        List<UserId> fans = IntStream.range(0, count).mapToObj(i -> TestIds.userId()).sorted().toList();
        ((FollowEdgeImport) storage.followGraph()).importFollowers(star, fans, Instant.now());
        requests.reset();
        return fans;
    }

    @Test
    void aRunOfTenFollowerPagesIsTheSameOneQueryAsOnePage() {
        UserId star = TestIds.userId();
        List<UserId> fans = importedFollowers(star, 1_050);

        List<Page<UserId>> run = storage.followGraph().followerPages(star, PageRequest.first(100), 10);

        assertThat(requests.all()).isEqualTo(only("Query", 1));
        assertThat(run).hasSize(10).allSatisfy(page -> assertThat(page.items()).hasSize(100));
        assertThat(run.stream().flatMap(page -> page.items().stream()).toList()).isEqualTo(fans.subList(0, 1_000));
        assertThat(run.getLast().next()).isPresent();
        requests.reset();
        List<Page<UserId>> rest = storage.followGraph().followerPages(star, PageRequest.after(run.getLast().next().get(), 100), 10);
        assertThat(requests.all()).isEqualTo(only("Query", 1));
        assertThat(rest).singleElement().satisfies(page -> {
            assertThat(page.items()).isEqualTo(fans.subList(1_000, 1_050));
            assertThat(page.next()).isEmpty();
        });
    }

    @Test
    void aRunWhoseEntriesPassTheOneMegabyteOfAQueryResponseReadsOnWithoutLosingAFollower() {
        UserId star = TestIds.userId();
        List<UserId> fans = IntStream.range(0, 300).mapToObj(i -> TestIds.userId()).sorted().toList();
        String padding = "x".repeat(6_000);
        for (UserId fan : fans) {
            // Entries of 6 KB: 300 of them are 1.8 MB, more than one Query response may carry.
            storage.access().putItem(DynamoFollowGraph.followerEntry(fan, star, Instant.now()).toBuilder()
                    .putString("padding", padding)
                    .build());
        }
        requests.reset();

        List<Page<UserId>> run = storage.followGraph().followerPages(star, PageRequest.first(100), 3);

        assertThat(run.stream().flatMap(page -> page.items().stream()).toList()).isEqualTo(fans);
        assertThat(run).extracting(page -> page.next().isPresent()).containsExactly(true, true, false);
        assertThat(requests.count("Query")).as("the entries' Query went on past its first page").isGreaterThan(1);
    }

    @Test
    void checkingARunOfAThousandFollowersIsOneQueryEvenWithAFollowerWhoLeft() {
        UserId star = TestIds.userId();
        List<UserId> fans = importedFollowers(star, 1_000);

        assertThat(storage.followGraph().followersAmong(star, fans)).hasSize(1_000).containsAll(fans);
        assertThat(requests.all()).as("by key it was 10 BatchGetItems").isEqualTo(only("Query", 1));

        // A fan who left: the Query reads past where their entry was, which settles it.
        storage.followGraph().unfollow(fans.get(10), star);
        requests.reset();
        Set<UserId> found = storage.followGraph().followersAmong(star, fans);
        assertThat(requests.all()).isEqualTo(only("Query", 1));
        assertThat(found).hasSize(999).doesNotContain(fans.get(10));
    }

    @Test
    void theUnfollowCountsOfAHundredAndFiftyAuthorsAreTwoBatchGets() {
        List<UserId> authors = new ArrayList<>(followees);
        IntStream.range(0, 120).forEach(i -> authors.add(TestIds.userId()));

        Map<UserId, Long> counts = storage.followGraph().unfollowCounts(authors);

        assertThat(requests.all()).isEqualTo(only("BatchGetItem", 2));
        assertThat(counts).hasSize(150).containsEntry(followees.getFirst(), 0L);
    }

    @Test
    void importingSixtyFollowersIsFiveBatchWritesAndOneCountUpdate() {
        UserId star = TestIds.userId();
        List<UserId> fans = IntStream.range(0, 60).mapToObj(i -> TestIds.userId()).sorted().toList();

        ((FollowEdgeImport) storage.followGraph()).importFollowers(star, fans, Instant.now());

        // 60 edges and their 60 follower entries, 25 items a call.
        assertThat(requests.all()).isEqualTo(Map.of("BatchWriteItem", 5, "TransactWriteItems", 1));
        assertThat(storage.followGraph().followers(star, PageRequest.first(100)).items()).containsExactlyElementsOf(fans);
        assertThat(storage.followGraph().counts(star).followers()).isEqualTo(60);
        assertThat(storage.followGraph().isFollowing(fans.get(17), star)).isTrue();
    }

    @Test
    void notificationsAreOneQueryAPageAndTheMarkerAndCountOneRequestEach() {
        UserId recipient = TestIds.userId();
        for (int i = 0; i < 3; i++) {
            storage.notifications().record(new NotificationEvent(recipient, NotificationType.REPLY,
                    Optional.of(TestIds.postId()), TestIds.userId(), Instant.now()));
        }
        requests.reset();

        // AP10: a page of rows, newest first.
        List<io.feedline.ports.model.Notification> rows = storage.notifications()
                .page(recipient, Set.of(NotificationType.REPLY), PageRequest.first(2)).items();
        assertThat(requests.all()).isEqualTo(only("Query", 1));
        requests.reset();

        // AP11: the read marker, read and moved.
        storage.notifications().markRead(recipient, rows.getLast().id());
        assertThat(requests.all()).isEqualTo(only("UpdateItem", 1));
        requests.reset();
        Optional<String> marker = storage.notifications().readMarker(recipient);
        assertThat(requests.all()).isEqualTo(only("GetItem", 1));
        requests.reset();

        // AP12: the rows above the marker, counted by the engine.
        assertThat(storage.notifications().countAfter(recipient, marker, 999)).isEqualTo(1);
        assertThat(requests.all()).isEqualTo(only("Query", 1));
        requests.reset();

        // AP45: dismissing a row is one conditional DeleteItem.
        assertThat(storage.notifications().dismiss(recipient, rows.getFirst().id())).isTrue();
        assertThat(requests.all()).isEqualTo(only("DeleteItem", 1));
    }

    @Test
    void recordingANotificationIsOneGetItemAndOneTransaction() {
        NotificationEvent like = new NotificationEvent(TestIds.userId(), NotificationType.LIKE,
                Optional.of(TestIds.postId()), TestIds.userId(), Instant.now());

        storage.notifications().record(like);

        assertThat(requests.all()).isEqualTo(Map.of("GetItem", 1, "TransactWriteItems", 1));
    }

    @Test
    void articlesCostOneTransactionToClaimASlugAndOneOrTwoReadsToFindOne() {
        UserId writer = TestIds.userId();
        Username writerName = TestIds.username();
        java.util.function.Function<ArticleStatus, Post> article = status -> {
            PostId id = TestIds.postId();
            return new Post(id, writer, writerName, new PostText("body ".repeat(1_000)), Instant.ofEpochMilli(id.epochMillis()), 0)
                    .asArticle(new Article(ArticleTitle.of("Costs"), Slug.of("costs"), status));
        };

        // AP46: an article's publish, slug claim included, is one transaction; a lost claim one Query of the slugs.
        Post published = article.apply(ArticleStatus.PUBLISHED);
        storage.posts().publish(published, Optional.empty());
        assertThat(requests.all()).as("AP46").isEqualTo(only("TransactWriteItems", 1));
        requests.reset();
        Post draft = article.apply(ArticleStatus.DRAFT);
        assertThatThrownBy(() -> storage.articles().saveDraft(draft, Optional.empty())).isInstanceOf(FeedlineException.SlugTaken.class);
        assertThat(storage.articles().slugsTaken(writer, Slug.of("costs"))).containsExactly(Slug.of("costs"));
        assertThat(requests.all()).isEqualTo(Map.of("TransactWriteItems", 1, "Query", 1));
        requests.reset();
        Post savedDraft = new Post(draft.id(), writer, writerName, draft.text(), draft.createdAt(), 0)
                .asArticle(new Article(ArticleTitle.of("Costs"), Slug.of("costs-2"), ArticleStatus.DRAFT));
        storage.articles().saveDraft(savedDraft, Optional.empty());
        assertThat(requests.all()).isEqualTo(only("TransactWriteItems", 1));
        requests.reset();

        // AP47: a page of published articles is one Query.
        assertThat(storage.articles().published(writer, Optional.empty(), 10)).containsExactly(published.ref());
        assertThat(requests.all()).as("AP47").isEqualTo(only("Query", 1));
        requests.reset();

        // AP48: an article by slug is the slug item, then the post or the draft by key.
        assertThat(storage.articles().bySlug(writer, Slug.of("costs"))).contains(published);
        assertThat(storage.articles().bySlug(writer, Slug.of("costs-2"))).contains(savedDraft);
        assertThat(requests.all()).as("AP48").isEqualTo(only("GetItem", 4));
        requests.reset();

        // AP49: a page of drafts is one Query, a draft one GetItem.
        assertThat(storage.articles().drafts(writer, Optional.empty(), 10)).containsExactly(savedDraft);
        assertThat(storage.articles().draft(writer, savedDraft.id())).contains(savedDraft);
        assertThat(requests.all()).as("AP49").isEqualTo(Map.of("Query", 1, "GetItem", 1));
        requests.reset();

        // AP50: publishing a draft (draft out, post in, slug moved) is one transaction.
        PostId publishedId = TestIds.postId();
        Post fromDraft = new Post(publishedId, writer, writerName, savedDraft.text(), Instant.ofEpochMilli(publishedId.epochMillis()), 0)
                .asArticle(savedDraft.article().orElseThrow().with(ArticleStatus.PUBLISHED));
        assertThat(storage.posts().publishDraft(savedDraft.id(), fromDraft, List.of())).isTrue();
        assertThat(requests.all()).as("AP50").isEqualTo(only("TransactWriteItems", 1));
    }
}

package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.Article;
import io.feedline.ports.model.ArticleStatus;
import io.feedline.ports.model.ArticleTitle;
import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.IdempotencyClaim;
import io.feedline.ports.model.IdempotencyCompletion;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.Mention;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.Slug;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.Posts;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What every {@link Posts} adapter must do, together with the outbox it writes to. Each test uses
 * fresh authors and post ids; jobs are checked as described in {@link Outbox}.
 */
public abstract class PostsContract {

    /** The posts, likes and outbox under test, sharing one storage; called at most once per test. */
    protected abstract PostStore postStore();

    private static final Duration LEASE = Duration.ofMinutes(5);

    /** An author: an id and the username copied into each of their posts. */
    record Author(UserId id, Username username) {
        static Author fresh() {
            return new Author(TestIds.userId(), TestIds.username());
        }

        Post post(PostId id, String text) {
            return new Post(id, this.id, username, PostText.of(text), Instant.ofEpochMilli(id.epochMillis()), 0);
        }

        Post post(String text) {
            return post(TestIds.postId(), text);
        }
    }

    private static List<Post> newestFirst(List<Post> posts) {
        return posts.stream().sorted(Comparator.comparing(Post::id).reversed()).toList();
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    @Test
    void publishedPostIsReadBackEqual() {
        Posts posts = postStore().posts();
        Post post = Author.fresh().post("hello, 'world' \\ 😀\nsecond line");

        assertThat(posts.publish(post, Optional.empty())).isTrue();

        assertThat(posts.get(post.id())).contains(post);
        assertThat(posts.get(post.id()).orElseThrow().likeCount()).isZero();
        assertThat(posts.countByAuthor(post.authorId())).isEqualTo(1);
    }

    @Test
    void anArticleIsReadBackWithItsTitleSlugStatusAndLongBodyEverywhere() {
        Posts posts = postStore().posts();
        Author author = Author.fresh();
        PostId id = TestIds.postId();
        Post article = new Post(id, author.id(), author.username(), new PostText("word ".repeat(4_000)),
                Instant.ofEpochMilli(id.epochMillis()), 0)
                .asArticle(new Article(ArticleTitle.of("A title"), Slug.of("a-title"), ArticleStatus.PUBLISHED));

        assertThat(posts.publish(article, Optional.empty())).isTrue();

        assertThat(posts.get(id)).contains(article);
        assertThat(posts.get(article.ref())).contains(article);
        assertThat(posts.getAll(List.of(article.ref()))).containsExactly(article);
        assertThat(posts.byAuthor(author.id(), Optional.empty(), 5)).containsExactly(article);
    }

    @Test
    void postIsReadByItsRefAtOnceAndNotAfterItsDelete() {
        Posts posts = postStore().posts();
        Author author = Author.fresh();
        Post post = author.post("read by key");
        posts.publish(post, Optional.empty());

        assertThat(posts.get(post.ref())).contains(post);
        assertThat(posts.get(new PostRef(post.id(), TestIds.userId()))).as("another author's key").isEmpty();

        posts.delete(post.ref(), Optional.empty());

        assertThat(posts.get(post.ref())).isEmpty();
    }

    @Test
    void unknownPostIsNotFound() {
        Posts posts = postStore().posts();

        assertThat(posts.get(TestIds.postId())).isEmpty();
        assertThat(posts.countByAuthor(TestIds.userId())).isZero();
        assertThat(posts.byAuthor(TestIds.userId(), Optional.empty(), 10)).isEmpty();
    }

    @Test
    void republishingTheSameIdChangesNothing() {
        Posts posts = postStore().posts();
        Author author = Author.fresh();
        Post original = author.post("the original");
        posts.publish(original, Optional.empty());

        boolean again = posts.publish(author.post(original.id(), "an impostor"), Optional.empty());

        assertThat(again).isFalse();
        assertThat(posts.get(original.id())).contains(original);
        assertThat(posts.countByAuthor(author.id())).isEqualTo(1);
        assertThat(posts.byAuthor(author.id(), Optional.empty(), 10)).containsExactly(original);
    }

    @Test
    void publishWithACompletionCompletesTheIdempotencyKeyInTheSameWrite() {
        PostStore store = postStore();
        Author author = Author.fresh();
        Post post = author.post("exactly once");
        IdempotencyKey key = IdempotencyKey.of("key-" + post.id().value());
        Instant now = now();
        store.idempotencyKeys().claim(author.id(), key, "fp", "this-request", now);

        boolean written = store.posts().publish(post, Optional.empty(),
                Optional.of(new IdempotencyCompletion(author.id(), key, "this-request", post.id().value(), now)));

        assertThat(written).isTrue();
        assertThat(store.posts().get(post.ref())).contains(post);
        assertThat(store.idempotencyKeys().claim(author.id(), key, "fp", "a-retry", now.plusSeconds(1)))
                .isEqualTo(new IdempotencyClaim.Completed("fp", post.id().value()));
    }

    @Test
    void publishWhoseClaimWasLostWritesNothing() {
        PostStore store = postStore();
        Instant now = now();
        Outbox.parkForeignJobs(store.jobs(), now);
        int pendingBefore = store.jobs().pending();
        Author author = Author.fresh();
        Post post = author.post("too late");
        IdempotencyKey key = IdempotencyKey.of("key-" + post.id().value());
        store.idempotencyKeys().claim(author.id(), key, "fp", "the-new-holder", now);
        IdempotencyCompletion stale = new IdempotencyCompletion(author.id(), key, "the-old-holder", post.id().value(), now);

        assertThatThrownBy(() -> store.posts().publish(post, Optional.of(new FanoutJob.Deliver(post.ref())), Optional.of(stale)))
                .isInstanceOf(FeedlineException.IdempotencyInProgress.class);

        assertThat(store.posts().get(post.ref())).isEmpty();
        assertThat(store.posts().countByAuthor(author.id())).isZero();
        assertThat(store.jobs().pending()).isEqualTo(pendingBefore);
        assertThat(store.idempotencyKeys().claim(author.id(), key, "fp", "a-third", now.plusSeconds(1)))
                .isEqualTo(new IdempotencyClaim.InProgress("fp", now));
    }

    @Test
    void publishWithAJobEnqueuesIt() {
        PostStore store = postStore();
        Instant now = now();
        Outbox.parkForeignJobs(store.jobs(), now);
        int pendingBefore = store.jobs().pending();
        Post post = Author.fresh().post("fan me out");
        FanoutJob deliver = new FanoutJob.Deliver(post.ref());

        assertThat(store.posts().publish(post, Optional.of(deliver))).isTrue();

        assertThat(store.jobs().pending()).isEqualTo(pendingBefore + 1);
        List<ClaimedJob> claimed = Outbox.claimAll(store.jobs(), "worker", now, LEASE, List.of(deliver));
        assertThat(claimed).extracting(ClaimedJob::job).containsExactly(deliver);
    }

    @Test
    void republishWithAJobEnqueuesNothingMore() {
        PostStore store = postStore();
        Instant now = now();
        Outbox.parkForeignJobs(store.jobs(), now);
        Post post = Author.fresh().post("once");
        FanoutJob deliver = new FanoutJob.Deliver(post.ref());
        store.posts().publish(post, Optional.of(deliver));
        ClaimedJob job = Outbox.claimAll(store.jobs(), "worker", now, LEASE, List.of(deliver)).get(0);
        store.jobs().complete(job);
        int pendingBefore = store.jobs().pending();

        assertThat(store.posts().publish(post, Optional.of(deliver))).isFalse();

        assertThat(store.jobs().pending()).isEqualTo(pendingBefore);
        assertThat(Outbox.claimAll(store.jobs(), "worker", now.plus(LEASE).plusSeconds(1), LEASE, List.of(deliver)))
                .isEmpty();
    }

    @Test
    void publishWithoutAJobEnqueuesNothing() {
        PostStore store = postStore();
        Instant now = now();
        Outbox.parkForeignJobs(store.jobs(), now);
        int pendingBefore = store.jobs().pending();
        Post post = Author.fresh().post("quiet");

        store.posts().publish(post, Optional.empty());

        assertThat(store.jobs().pending()).isEqualTo(pendingBefore);
        List<FanoutJob> anyJobOfThePost = List.of(new FanoutJob.Deliver(post.ref()), new FanoutJob.Retract(post.ref()));
        assertThat(Outbox.claimAll(store.jobs(), "worker", now, LEASE, anyJobOfThePost)).isEmpty();
    }

    @Test
    void byAuthorPagesNewestFirstStrictlyBeforeTheCursor() {
        Posts posts = postStore().posts();
        Author author = Author.fresh();
        Author other = Author.fresh();
        List<Post> written = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            written.add(author.post("post " + i));
            posts.publish(other.post("noise " + i), Optional.empty());
        }
        List<Post> shuffled = new ArrayList<>(written);
        Collections.shuffle(shuffled, new Random(7));
        shuffled.forEach(p -> posts.publish(p, Optional.empty()));
        List<Post> expected = newestFirst(written);

        List<Post> first = posts.byAuthor(author.id(), Optional.empty(), 3);
        List<Post> second = posts.byAuthor(author.id(), Optional.of(first.get(2).id()), 3);
        List<Post> third = posts.byAuthor(author.id(), Optional.of(second.get(2).id()), 3);
        List<Post> beyond = posts.byAuthor(author.id(), Optional.of(third.get(0).id()), 3);

        assertThat(first).containsExactlyElementsOf(expected.subList(0, 3));
        assertThat(second).containsExactlyElementsOf(expected.subList(3, 6));
        assertThat(third).containsExactlyElementsOf(expected.subList(6, 7));
        assertThat(beyond).isEmpty();
        assertThat(posts.byAuthor(author.id(), Optional.empty(), 100)).containsExactlyElementsOf(expected);
        assertThat(posts.byAuthor(author.id(), Optional.of(expected.get(4).id()), 100))
                .containsExactlyElementsOf(expected.subList(5, 7));
        assertThat(posts.byAuthor(author.id(), Optional.of(TestIds.postId()), 1)).containsExactly(expected.get(0));
    }

    @Test
    void byAuthorOrdersPostsOfOneMillisecondByPostId() {
        Posts posts = postStore().posts();
        Author author = Author.fresh();
        Instant instant = now();
        List<Post> written = IntStream.range(0, 5)
                .mapToObj(i -> author.post(TestIds.postIdAt(instant), "same millisecond " + i))
                .toList();
        written.forEach(p -> posts.publish(p, Optional.empty()));
        List<Post> expected = newestFirst(written);

        assertThat(posts.byAuthor(author.id(), Optional.empty(), 10)).containsExactlyElementsOf(expected);
        assertThat(posts.byAuthor(author.id(), Optional.of(expected.get(1).id()), 10))
                .containsExactlyElementsOf(expected.subList(2, 5));
    }

    @Test
    void getAllReturnsTheExistingPostsNewestFirstPastOneBatch() {
        Posts posts = postStore().posts();
        List<Author> authors = IntStream.range(0, 5).mapToObj(i -> Author.fresh()).toList();
        List<Post> written = IntStream.range(0, 130)
                .mapToObj(i -> authors.get(i % authors.size()).post("batch " + i))
                .toList();
        written.forEach(p -> posts.publish(p, Optional.empty()));
        List<Post> deleted = List.of(written.get(0), written.get(41), written.get(99), written.get(129));
        deleted.forEach(p -> posts.delete(p.ref(), Optional.empty()));
        List<PostRef> refs = new ArrayList<>(written.stream().map(Post::ref).toList());
        refs.add(new PostRef(TestIds.postId(), authors.get(0).id()));
        refs.add(new PostRef(TestIds.postId(), TestIds.userId()));
        Collections.shuffle(refs, new Random(130));

        List<Post> found = posts.getAll(refs);

        List<Post> expected = newestFirst(written.stream().filter(p -> !deleted.contains(p)).toList());
        assertThat(found).hasSize(126).containsExactlyElementsOf(expected);
        assertThat(posts.getAll(List.of())).isEmpty();
    }

    @Test
    void deleteRemovesThePostOnceAndEnqueuesItsCleanup() {
        PostStore store = postStore();
        Instant now = now();
        Outbox.parkForeignJobs(store.jobs(), now);
        Author author = Author.fresh();
        Post kept = author.post("kept");
        Post doomed = author.post("doomed");
        store.posts().publish(kept, Optional.empty());
        store.posts().publish(doomed, Optional.empty());
        int pendingBefore = store.jobs().pending();
        FanoutJob retract = new FanoutJob.Retract(doomed.ref());

        assertThat(store.posts().delete(doomed.ref(), Optional.of(retract))).isTrue();

        assertThat(store.posts().get(doomed.id())).isEmpty();
        assertThat(store.posts().countByAuthor(author.id())).isEqualTo(1);
        assertThat(store.posts().byAuthor(author.id(), Optional.empty(), 10)).containsExactly(kept);
        assertThat(store.jobs().pending()).isEqualTo(pendingBefore + 1);
        List<ClaimedJob> claimed = Outbox.claimAll(store.jobs(), "worker", now, LEASE, List.of(retract));
        assertThat(claimed).extracting(ClaimedJob::job).containsExactly(retract);
        store.jobs().complete(claimed.get(0));

        assertThat(store.posts().delete(doomed.ref(), Optional.of(retract))).isFalse();

        assertThat(store.posts().countByAuthor(author.id())).isEqualTo(1);
        assertThat(store.jobs().pending()).isEqualTo(pendingBefore);
        assertThat(Outbox.claimAll(store.jobs(), "worker", now.plus(LEASE).plusSeconds(1), LEASE, List.of(retract)))
                .isEmpty();
    }

    @Test
    void deletingAnUnknownPostChangesNothing() {
        PostStore store = postStore();
        Instant now = now();
        Outbox.parkForeignJobs(store.jobs(), now);
        Author author = Author.fresh();
        store.posts().publish(author.post("only"), Optional.empty());
        int pendingBefore = store.jobs().pending();
        PostRef unknown = new PostRef(TestIds.postId(), author.id());

        assertThat(store.posts().delete(unknown, Optional.of(new FanoutJob.Retract(unknown)))).isFalse();

        assertThat(store.posts().countByAuthor(author.id())).isEqualTo(1);
        assertThat(store.jobs().pending()).isEqualTo(pendingBefore);
    }

    @Test
    void countByAuthorIsExactAfterAMix() {
        Posts posts = postStore().posts();
        Author author = Author.fresh();
        Author other = Author.fresh();
        List<Post> written = IntStream.range(0, 6).mapToObj(i -> author.post("mix " + i)).toList();
        written.forEach(p -> posts.publish(p, Optional.empty()));
        posts.publish(other.post("someone else"), Optional.empty());

        posts.publish(written.get(2), Optional.empty());
        posts.delete(written.get(0).ref(), Optional.empty());
        posts.delete(written.get(4).ref(), Optional.empty());
        posts.delete(written.get(4).ref(), Optional.empty());
        posts.delete(new PostRef(TestIds.postId(), author.id()), Optional.empty());
        posts.publish(author.post("one more"), Optional.empty());

        assertThat(posts.countByAuthor(author.id())).isEqualTo(5);
        assertThat(posts.countByAuthor(other.id())).isEqualTo(1);
        assertThat(posts.byAuthor(author.id(), Optional.empty(), 100)).hasSize(5);
    }

    // --- replies: a reply joins its parent's thread in the publish write (its count moves through
    // the outbox: PostCountersContract)

    @Test
    void aReplyJoinsItsParentsThread() {
        Posts posts = postStore().posts();
        Post parent = Author.fresh().post("the question");
        posts.publish(parent, Optional.empty());
        Author replier = Author.fresh();
        Post first = replier.post("first answer").replyingTo(parent.ref());
        Post second = Author.fresh().post("second answer").replyingTo(parent.ref());

        assertThat(posts.publish(first, Optional.empty())).isTrue();
        assertThat(posts.publish(second, Optional.empty())).isTrue();
        assertThat(posts.publish(first, Optional.empty())).isFalse();

        assertThat(posts.get(first.id())).contains(first);
        assertThat(posts.get(first.id()).orElseThrow().inReplyTo()).contains(parent.ref());
        assertThat(posts.replies(parent.id(), Optional.empty(), 10)).containsExactly(first.ref(), second.ref());
        assertThat(posts.byAuthor(replier.id(), Optional.empty(), 10)).containsExactly(first);
        assertThat(posts.getAll(List.of(first.ref()))).containsExactly(first);
    }

    @Test
    void aReplyToAnUnknownPostWritesNothing() {
        PostStore store = postStore();
        Instant now = now();
        Outbox.parkForeignJobs(store.jobs(), now);
        int pendingBefore = store.jobs().pending();
        Post ghost = Author.fresh().post("never published");
        Author replier = Author.fresh();
        Post reply = replier.post("into the void").replyingTo(ghost.ref());

        assertThatThrownBy(() -> store.posts().publish(reply, Optional.of(new FanoutJob.Deliver(reply.ref()))))
                .isInstanceOfSatisfying(FeedlineException.NotFound.class,
                        e -> assertThat(e.field()).contains("inReplyTo"));

        assertThat(store.posts().get(reply.id())).isEmpty();
        assertThat(store.posts().countByAuthor(replier.id())).isZero();
        assertThat(store.posts().replies(ghost.id(), Optional.empty(), 10)).isEmpty();
        assertThat(store.jobs().pending()).isEqualTo(pendingBefore);
    }

    @Test
    void repliesPageOldestFirstStrictlyAfterTheCursor() {
        Posts posts = postStore().posts();
        Post parent = Author.fresh().post("a popular post");
        posts.publish(parent, Optional.empty());
        List<PostId> ids = new ArrayList<>(IntStream.range(0, 7).mapToObj(i -> TestIds.postId()).toList());
        Collections.shuffle(ids, new Random(7));
        for (PostId id : ids) {
            posts.publish(Author.fresh().post(id, "reply").replyingTo(parent.ref()), Optional.empty());
        }
        List<PostId> oldestFirst = ids.stream().sorted().toList();

        List<PostRef> first = posts.replies(parent.id(), Optional.empty(), 3);
        List<PostRef> second = posts.replies(parent.id(), Optional.of(first.getLast().postId()), 3);
        List<PostRef> rest = posts.replies(parent.id(), Optional.of(second.getLast().postId()), 3);

        assertThat(first).extracting(PostRef::postId).containsExactlyElementsOf(oldestFirst.subList(0, 3));
        assertThat(second).extracting(PostRef::postId).containsExactlyElementsOf(oldestFirst.subList(3, 6));
        assertThat(rest).extracting(PostRef::postId).containsExactly(oldestFirst.get(6));
    }

    @Test
    void deletingAReplyLeavesTheThread() {
        Posts posts = postStore().posts();
        Post parent = Author.fresh().post("parent");
        posts.publish(parent, Optional.empty());
        Post kept = Author.fresh().post("kept").replyingTo(parent.ref());
        Post gone = Author.fresh().post("gone").replyingTo(parent.ref());
        posts.publish(kept, Optional.empty());
        posts.publish(gone, Optional.empty());

        assertThat(posts.delete(gone.ref(), Optional.empty())).isTrue();

        assertThat(posts.replies(parent.id(), Optional.empty(), 10)).containsExactly(kept.ref());
        assertThat(posts.countByAuthor(gone.authorId())).isZero();
    }

    @Test
    void deletingAParentLeavesItsRepliesReachable() {
        Posts posts = postStore().posts();
        Post parent = Author.fresh().post("parent");
        posts.publish(parent, Optional.empty());
        Post reply = Author.fresh().post("reply").replyingTo(parent.ref());
        Post nested = Author.fresh().post("nested").replyingTo(reply.ref());
        posts.publish(reply, Optional.empty());
        posts.publish(nested, Optional.empty());

        assertThat(posts.delete(parent.ref(), Optional.empty())).isTrue();

        assertThat(posts.get(reply.id())).contains(reply);
        assertThat(posts.replies(parent.id(), Optional.empty(), 10)).containsExactly(reply.ref());
        // The reply's own delete still works with its parent gone, and leaves the thread.
        assertThat(posts.delete(reply.ref(), Optional.empty())).isTrue();
        assertThat(posts.replies(parent.id(), Optional.empty(), 10)).isEmpty();
        assertThat(posts.get(nested.id())).contains(nested);
        assertThat(posts.get(parent.id())).isEmpty();
    }

    @Test
    void mentionsAreStoredWithThePostInOrder() {
        Posts posts = postStore().posts();
        Mention first = new Mention(TestIds.userId(), TestIds.username());
        Mention second = new Mention(TestIds.userId(), TestIds.username());
        Post post = Author.fresh().post("hi @" + first.username() + " and @" + second.username())
                .mentioning(List.of(first, second));

        posts.publish(post, Optional.empty());

        assertThat(posts.get(post.id()).orElseThrow().mentions()).containsExactly(first, second);
        assertThat(posts.getAll(List.of(post.ref()))).containsExactly(post);
        assertThat(posts.byAuthor(post.authorId(), Optional.empty(), 1)).containsExactly(post);
    }
}

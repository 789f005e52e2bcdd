package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.CounterKind;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Likes;
import io.feedline.ports.out.Posts;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What every {@link Likes} adapter must do: a like or unlike writes the like edge and its outbox
 * jobs in one atomic write, and nothing else; the post's count moves only when the count job is
 * applied ({@code PostCountersContract}). Each test likes fresh posts with fresh users. Whether a
 * like is stored is seen through the port itself: a repeated like, or an unlike of nothing,
 * answers false and writes nothing.
 */
public abstract class LikesContract {
    private static final Duration LEASE = Duration.ofMinutes(5);
    private static final int TOGGLES = 50;
    private static final int TOGGLE_ROUNDS = 4;

    /** The posts, likes and outbox under test, sharing one storage; called at most once per test. */
    protected abstract PostStore postStore();

    private static Post publishFresh(Posts posts) {
        PostId id = TestIds.postId();
        Post post = new Post(id, TestIds.userId(), TestIds.username(), PostText.of("like me"),
                Instant.ofEpochMilli(id.epochMillis()), 0);
        assertThat(posts.publish(post, Optional.empty())).isTrue();
        return post;
    }

    private static FanoutJob.CountDelta delta(Post post, long delta) {
        return new FanoutJob.CountDelta(post.ref(), CounterKind.LIKES, delta, UUID.randomUUID().toString());
    }

    private static long likeCount(Posts posts, Post post) {
        return posts.get(post.id()).orElseThrow().likeCount();
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    /** The like is stored: liking again is refused as a repeat. */
    private static void assertLiked(PostStore store, PostRef post, UserId user) {
        assertThat(store.likes().like(post, user, List.of())).as("%s already likes %s", user, post.postId()).isFalse();
    }

    /** No like is stored: unliking finds nothing to remove. */
    private static void assertNotLiked(PostStore store, PostRef post, UserId user) {
        assertThat(store.likes().unlike(post, user, List.of())).as("%s does not like %s", user, post.postId()).isFalse();
    }

    /** Claims every job of the outbox and returns the claims on {@code mine}. */
    private static List<ClaimedJob> claimed(PostStore store, List<? extends FanoutJob> mine) {
        return Outbox.claimAll(store.jobs(), "likes-worker", now(), LEASE, mine);
    }

    @Test
    void aUsersLikesPageNewestPostFirstAndForgetAnUnlike() {
        PostStore store = postStore();
        UserId fan = TestIds.userId();
        List<Post> liked = new java.util.ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Post post = publishFresh(store.posts());
            assertThat(store.likes().like(post.ref(), fan, List.of())).isTrue();
            liked.add(post);
        }
        publishFresh(store.posts());
        assertThat(store.likes().like(liked.get(0).ref(), TestIds.userId(), List.of())).isTrue();
        assertThat(store.likes().unlike(liked.get(2).ref(), fan, List.of())).isTrue();
        List<io.feedline.ports.model.PostRef> expected = liked.stream().filter(p -> p != liked.get(2)).map(Post::ref)
                .sorted(java.util.Comparator.comparing(io.feedline.ports.model.PostRef::postId).reversed()).toList();

        io.feedline.ports.model.Page<io.feedline.ports.model.PostRef> first = store.likes().liked(fan,
                io.feedline.ports.model.PageRequest.first(3));
        io.feedline.ports.model.Page<io.feedline.ports.model.PostRef> second = store.likes().liked(fan,
                io.feedline.ports.model.PageRequest.after(first.next().orElseThrow(), 3));

        assertThat(first.items()).containsExactlyElementsOf(expected.subList(0, 3));
        assertThat(second.items()).containsExactlyElementsOf(expected.subList(3, 4));
        assertThat(second.next()).isEmpty();
        assertThat(store.likes().liked(TestIds.userId(), io.feedline.ports.model.PageRequest.first(3)).items()).isEmpty();
    }

    @Test
    void likersPageInUserIdOrderWithoutGapsOrRepeatsAndForgetAnUnlike() {
        PostStore store = postStore();
        Post post = publishFresh(store.posts());
        List<UserId> fans = new java.util.ArrayList<>(IntStream.range(0, 5).mapToObj(i -> TestIds.userId()).toList());
        fans.forEach(fan -> assertThat(store.likes().like(post.ref(), fan, List.of())).isTrue());
        UserId gone = fans.remove(2);
        assertThat(store.likes().unlike(post.ref(), gone, List.of())).isTrue();
        fans.sort(java.util.Comparator.naturalOrder());

        io.feedline.ports.model.Page<UserId> first = store.likes().likers(post.id(), io.feedline.ports.model.PageRequest.first(3));
        io.feedline.ports.model.Page<UserId> second = store.likes().likers(post.id(),
                io.feedline.ports.model.PageRequest.after(first.next().orElseThrow(), 3));

        assertThat(first.items()).containsExactlyElementsOf(fans.subList(0, 3));
        assertThat(second.items()).containsExactlyElementsOf(fans.subList(3, 4));
        assertThat(second.next()).as("the last page says so").isEmpty();
        assertThat(store.likes().likers(post.id(), io.feedline.ports.model.PageRequest.first(4)).next())
                .as("a page that holds exactly the rest is the last").isEmpty();
        assertThat(store.likes().likers(publishFresh(store.posts()).id(), io.feedline.ports.model.PageRequest.first(3)).items())
                .isEmpty();
    }

    @Test
    void aLikeEnqueuesItsJobsWithTheEdgeAndLeavesTheCountToTheProcessor() {
        PostStore store = postStore();
        Outbox.parkForeignJobs(store.jobs(), now());
        int pendingBefore = store.jobs().pending();
        Post post = publishFresh(store.posts());
        UserId fan = TestIds.userId();
        FanoutJob.CountDelta count = delta(post, +1);
        FanoutJob notify = new FanoutJob.Notify(
                new NotificationEvent(post.authorId(), NotificationType.LIKE, Optional.of(post.id()), fan, now()));

        assertThat(store.likes().like(post.ref(), fan, List.of(count, notify))).isTrue();

        assertThat(store.jobs().pending()).isEqualTo(pendingBefore + 2);
        assertThat(likeCount(store.posts(), post)).as("the post item is not written by the like").isZero();
        List<ClaimedJob> jobs = claimed(store, List.of(count, notify));
        assertThat(jobs).extracting(ClaimedJob::job).containsExactlyInAnyOrder(count, notify);
        store.counters().apply(jobs.stream().filter(j -> j.job() instanceof FanoutJob.CountDelta).toList());
        assertThat(likeCount(store.posts(), post)).isEqualTo(1);
    }

    @Test
    void aRepeatedLikeWritesNothingNotEvenItsJobs() {
        PostStore store = postStore();
        Outbox.parkForeignJobs(store.jobs(), now());
        Post post = publishFresh(store.posts());
        UserId fan = TestIds.userId();
        store.likes().like(post.ref(), fan, List.of(delta(post, +1)));
        int pendingBefore = store.jobs().pending();
        FanoutJob.CountDelta again = delta(post, +1);

        assertThat(store.likes().like(post.ref(), fan, List.of(again))).isFalse();

        assertThat(store.jobs().pending()).isEqualTo(pendingBefore);
        assertThat(claimed(store, List.of(again))).isEmpty();
    }

    @Test
    void unlikeUndoesALikeOnceAndEnqueuesItsJobOnce() {
        PostStore store = postStore();
        Outbox.parkForeignJobs(store.jobs(), now());
        Post post = publishFresh(store.posts());
        UserId fan = TestIds.userId();
        store.likes().like(post.ref(), fan, List.of());
        FanoutJob.CountDelta first = delta(post, -1);
        FanoutJob.CountDelta second = delta(post, -1);

        assertThat(store.likes().unlike(post.ref(), fan, List.of(first))).isTrue();
        assertThat(store.likes().unlike(post.ref(), fan, List.of(second))).isFalse();

        assertThat(claimed(store, List.of(first, second))).extracting(ClaimedJob::job).containsExactly(first);
        // The like is really gone: liking again is a new like.
        assertThat(store.likes().like(post.ref(), fan, List.of())).isTrue();
    }

    @Test
    void likesAreKeptPerPostAndPerUser() {
        PostStore store = postStore();
        Post liked = publishFresh(store.posts());
        Post ignored = publishFresh(store.posts());
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();

        store.likes().like(liked.ref(), ann, List.of());
        store.likes().like(liked.ref(), ben, List.of());

        assertNotLiked(store, ignored.ref(), ann);
        assertNotLiked(store, new PostRef(TestIds.postId(), TestIds.userId()), ann);
        assertLiked(store, liked.ref(), ann);
        assertLiked(store, liked.ref(), ben);
    }

    @Test
    void likingAMissingPostFailsAndWritesNothing() {
        PostStore store = postStore();
        Outbox.parkForeignJobs(store.jobs(), now());
        int pendingBefore = store.jobs().pending();
        PostId id = TestIds.postId();
        UserId author = TestIds.userId();
        UserId fan = TestIds.userId();
        Post missing = new Post(id, author, TestIds.username(), PostText.of("late"), Instant.ofEpochMilli(id.epochMillis()), 0);

        assertThatThrownBy(() -> store.likes().like(missing.ref(), fan, List.of(delta(missing, +1))))
                .isInstanceOf(FeedlineException.NotFound.class);

        assertThat(store.jobs().pending()).as("no job without its like").isEqualTo(pendingBefore);
        assertNotLiked(store, missing.ref(), fan);
        // Publishing that id afterwards finds no stray like waiting for it.
        store.posts().publish(missing, Optional.empty());
        assertThat(store.likes().like(missing.ref(), fan, List.of())).as("no stray like makes this a repeat").isTrue();
    }

    @Test
    void likingADeletedPostFails() {
        PostStore store = postStore();
        Post post = publishFresh(store.posts());
        store.posts().delete(post.ref(), Optional.empty());

        assertThatThrownBy(() -> store.likes().like(post.ref(), TestIds.userId(), List.of()))
                .isInstanceOf(FeedlineException.NotFound.class);
        assertThat(store.posts().get(post.id())).isEmpty();
    }

    @Test
    void concurrentLikesAreAllCountedOnceApplied() {
        PostStore store = postStore();
        Outbox.parkForeignJobs(store.jobs(), now());
        Post post = publishFresh(store.posts());
        List<UserId> fans = IntStream.range(0, 20).mapToObj(i -> TestIds.userId()).toList();
        List<FanoutJob.CountDelta> deltas = fans.stream().map(fan -> delta(post, +1)).toList();

        List<Concurrently.Outcome<Boolean>> outcomes =
                Concurrently.run(fans.size(), i -> store.likes().like(post.ref(), fans.get(i), List.of(deltas.get(i))));

        assertThat(outcomes).allSatisfy(o -> assertThat(o.error()).isNull());
        assertThat(outcomes).extracting(Concurrently.Outcome::value).containsOnly(true);
        store.counters().apply(claimed(store, deltas));
        assertThat(likeCount(store.posts(), post)).isEqualTo(20);
        fans.forEach(fan -> assertLiked(store, post.ref(), fan));
    }

    @Test
    void concurrentLikesByOneUserEnqueueOneJob() {
        PostStore store = postStore();
        Outbox.parkForeignJobs(store.jobs(), now());
        Post post = publishFresh(store.posts());
        UserId fan = TestIds.userId();
        List<FanoutJob.CountDelta> deltas = IntStream.range(0, 8).mapToObj(i -> delta(post, +1)).toList();

        List<Concurrently.Outcome<Boolean>> outcomes =
                Concurrently.run(8, i -> store.likes().like(post.ref(), fan, List.of(deltas.get(i))));

        assertThat(outcomes).allSatisfy(o -> assertThat(o.error()).isNull());
        assertThat(outcomes).extracting(Concurrently.Outcome::value).containsOnlyOnce(true);
        List<ClaimedJob> jobs = claimed(store, deltas);
        assertThat(jobs).hasSize(1);
        store.counters().apply(jobs);
        assertThat(likeCount(store.posts(), post)).isEqualTo(1);
    }

    /**
     * One user's likes and unlikes of one post, racing each other and a counter processor that
     * applies while they run: whatever the interleaving, the caller's count (the stored count and
     * the caller's pending sum) and, once every job is applied, the stored count equal the set of
     * likes (0 or 1).
     */
    @Test
    void racingTogglesOfOneUserLeaveTheCountEqualToTheLikes() {
        PostStore store = postStore();
        Outbox.parkForeignJobs(store.jobs(), now());
        List<String> wrong = new java.util.ArrayList<>();
        for (int round = 0; round < TOGGLE_ROUNDS; round++) {
            Post post = publishFresh(store.posts());
            UserId fan = TestIds.userId();
            FanoutJob.CountDelta up = new FanoutJob.CountDelta(post.ref(), CounterKind.LIKES, +1, fan.value());
            List<Boolean> liking = new java.util.ArrayList<>();
            for (int i = 0; i < TOGGLES; i++) {
                liking.add(i % 2 == 0);
            }
            java.util.Collections.shuffle(liking, new java.util.Random(round));

            // The last task is the counter processor, applying what it can claim until the toggles end.
            java.util.concurrent.atomic.AtomicInteger toggling = new java.util.concurrent.atomic.AtomicInteger(TOGGLES);
            List<Concurrently.Outcome<Boolean>> outcomes = Concurrently.run(TOGGLES + 1, i -> {
                if (i == TOGGLES) {
                    for (int pass = 0; pass < 10_000 && toggling.get() > 0; pass++) {
                        store.counters().apply(store.jobs().claim("racing-counter", 50, now(), LEASE));
                    }
                    return true;
                }
                try {
                    return liking.get(i)
                            ? store.likes().like(post.ref(), fan, List.of(up))
                            : store.likes().unlike(post.ref(), fan, List.of(up.withDelta(-1)));
                } finally {
                    toggling.decrementAndGet();
                }
            });

            assertThat(outcomes).allSatisfy(o -> assertThat(o.error()).isNull());
            List<UserId> likers = store.likes().likers(post.id(), io.feedline.ports.model.PageRequest.first(10)).items();
            long answer = store.counters().count(post.ref(), CounterKind.LIKES, Optional.of(up));
            store.counters().apply(claimed(store, List.of(up)));
            long count = likeCount(store.posts(), post);
            if (likers.size() > 1 || answer != likers.size() || count != likers.size()) {
                wrong.add("round " + round + ": likers " + likers + ", the liker's count " + answer + ", stored " + count);
            }
        }
        assertThat(wrong).as("rounds whose count disagrees with the likes").isEmpty();
    }
}

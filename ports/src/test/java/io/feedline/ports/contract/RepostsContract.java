package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.CounterKind;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.Posts;
import io.feedline.ports.out.Reposts;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every {@link Reposts} adapter must do: a repost is the reposter's mark on the original and an
 * entry of the reposter's timeline, written with its outbox jobs (the count's delta, the fan-out) in
 * one atomic write; the original's count moves only when the counter processor applies the delta;
 * the entry is read through {@link Posts} by key and by author, never by id alone.
 * Each test reposts fresh posts with fresh users.
 */
public abstract class RepostsContract {
    private static final Duration LEASE = Duration.ofMinutes(5);
    private static final int TOGGLES = 40;
    private static final int TOGGLE_ROUNDS = 8;

    /** The posts, reposts and outbox under test, sharing one storage; called at most once per test. */
    protected abstract PostStore postStore();

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    private static Post publishFresh(Posts posts) {
        PostId id = TestIds.postId();
        Post post = new Post(id, TestIds.userId(), TestIds.username(), PostText.of("repost me"),
                Instant.ofEpochMilli(id.epochMillis()), 0);
        assertThat(posts.publish(post, Optional.empty())).isTrue();
        return post;
    }

    private static Post repostOf(Post original, UserId reposter, Username name) {
        PostId id = TestIds.postId();
        return Post.repost(id, reposter, name, original.ref(), Instant.ofEpochMilli(id.epochMillis()));
    }

    private static List<FanoutJob> retract(PostRef repost) {
        return List.of(new FanoutJob.Retract(repost));
    }

    private static FanoutJob.CountDelta delta(Post original, long delta) {
        return new FanoutJob.CountDelta(original.ref(), CounterKind.REPOSTS, delta, UUID.randomUUID().toString());
    }

    /** Reposts with the count's delta, and applies it as the counter processor would. */
    private static boolean repostCounted(PostStore store, Post repost, Post original) {
        FanoutJob.CountDelta delta = delta(original, +1);
        boolean changed = store.reposts().repost(repost, List.of(delta));
        applyCounts(store, List.of(delta));
        return changed;
    }

    private static void applyCounts(PostStore store, List<FanoutJob.CountDelta> deltas) {
        store.counters().apply(Outbox.claimAll(store.jobs(), "counter", now(), LEASE, deltas));
    }

    private static long repostCount(Posts posts, Post post) {
        return posts.get(post.ref()).orElseThrow().repostCount();
    }

    @Test
    void firstRepostCountsAndIsReadableAsATimelineEntry() {
        PostStore store = postStore();
        Post original = publishFresh(store.posts());
        UserId fan = TestIds.userId();
        Post repost = repostOf(original, fan, TestIds.username());

        assertThat(repostCounted(store, repost, original)).isTrue();

        assertThat(repostCount(store.posts(), original)).isEqualTo(1);
        assertThat(store.posts().get(original.id()).orElseThrow().repostCount()).isEqualTo(1);
        assertThat(store.posts().get(repost.ref())).contains(repost);
        assertThat(store.posts().getAll(List.of(repost.ref(), original.ref())))
                .extracting(Post::id).containsExactly(repost.id(), original.id());
        assertThat(store.posts().byAuthor(fan, Optional.empty(), 10)).containsExactly(repost);
        assertThat(store.reposts().reposts(original.id(), 10)).containsExactly(repost.ref());
    }

    @Test
    void aRepostIsNeitherAPostOfItsOwnNorCountedAsOne() {
        PostStore store = postStore();
        Post original = publishFresh(store.posts());
        UserId fan = TestIds.userId();
        Post repost = repostOf(original, fan, TestIds.username());
        store.reposts().repost(repost, Optional.empty());

        assertThat(store.posts().get(repost.id())).isEmpty();
        assertThat(store.posts().countByAuthor(fan)).isZero();
    }

    @Test
    void repeatedRepostByTheSameUserChangesNothing() {
        PostStore store = postStore();
        Post original = publishFresh(store.posts());
        UserId fan = TestIds.userId();
        Username name = TestIds.username();
        Post first = repostOf(original, fan, name);
        repostCounted(store, first, original);
        Post second = repostOf(original, fan, name);
        FanoutJob.CountDelta again = delta(original, +1);

        assertThat(store.reposts().repost(second, List.of(again, new FanoutJob.Deliver(second.ref())))).isFalse();

        applyCounts(store, List.of(again));
        assertThat(repostCount(store.posts(), original)).as("the refused repost enqueued no delta").isEqualTo(1);
        assertThat(store.posts().get(second.ref())).isEmpty();
        assertThat(store.posts().byAuthor(fan, Optional.empty(), 10)).containsExactly(first);
    }

    @Test
    void repostsByDifferentUsersEachCount() {
        PostStore store = postStore();
        Post original = publishFresh(store.posts());
        Post a = repostOf(original, TestIds.userId(), TestIds.username());
        Post b = repostOf(original, TestIds.userId(), TestIds.username());

        repostCounted(store, a, original);
        repostCounted(store, b, original);

        assertThat(repostCount(store.posts(), original)).isEqualTo(2);
        assertThat(store.reposts().reposts(original.id(), 10)).containsExactlyInAnyOrder(a.ref(), b.ref());
        assertThat(store.reposts().reposts(original.id(), 1)).hasSize(1);
    }

    @Test
    void repostersPageInUserIdOrderAndForgetAnUnrepost() {
        PostStore store = postStore();
        Post original = publishFresh(store.posts());
        List<Post> reposts = java.util.stream.IntStream.range(0, 4)
                .mapToObj(i -> repostOf(original, TestIds.userId(), TestIds.username())).toList();
        reposts.forEach(repost -> assertThat(store.reposts().repost(repost, List.of())).isTrue());
        store.reposts().unrepost(original.ref(), reposts.get(1).authorId(), this::noJobs);
        List<UserId> standing = reposts.stream().map(Post::authorId).filter(id -> !id.equals(reposts.get(1).authorId()))
                .sorted().toList();

        io.feedline.ports.model.Page<UserId> first = store.reposts().reposters(original.id(), io.feedline.ports.model.PageRequest.first(2));
        io.feedline.ports.model.Page<UserId> second = store.reposts().reposters(original.id(),
                io.feedline.ports.model.PageRequest.after(first.next().orElseThrow(), 2));

        assertThat(first.items()).containsExactlyElementsOf(standing.subList(0, 2));
        assertThat(second.items()).containsExactlyElementsOf(standing.subList(2, 3));
        assertThat(second.next()).isEmpty();
    }

    private List<FanoutJob> noJobs(PostRef removed) {
        return List.of();
    }

    @Test
    void repostOfAMissingPostIsNotFoundAndWritesNothing() {
        PostStore store = postStore();
        PostId missing = TestIds.postId();
        UserId fan = TestIds.userId();
        Post repost = Post.repost(TestIds.postId(), fan, TestIds.username(), new PostRef(missing, TestIds.userId()), now());

        assertThatThrownBy(() -> store.reposts().repost(repost, Optional.empty()))
                .isInstanceOf(FeedlineException.NotFound.class);

        assertThat(store.posts().get(repost.ref())).isEmpty();
        assertThat(store.reposts().reposts(missing, 10)).isEmpty();
    }

    @Test
    void repostWithAJobEnqueuesIt() {
        PostStore store = postStore();
        Instant now = now();
        Outbox.parkForeignJobs(store.jobs(), now);
        int pendingBefore = store.jobs().pending();
        Post repost = repostOf(publishFresh(store.posts()), TestIds.userId(), TestIds.username());
        FanoutJob deliver = new FanoutJob.Deliver(repost.ref());

        store.reposts().repost(repost, Optional.of(deliver));

        assertThat(store.jobs().pending()).isEqualTo(pendingBefore + 1);
        assertThat(Outbox.claimAll(store.jobs(), "worker", now, LEASE, List.of(deliver)))
                .extracting(ClaimedJob::job).containsExactly(deliver);
    }

    @Test
    void unrepostRemovesTheEntryTheMarkAndTheCountOnceWithItsJob() {
        PostStore store = postStore();
        Instant now = now();
        Outbox.parkForeignJobs(store.jobs(), now);
        Post original = publishFresh(store.posts());
        UserId fan = TestIds.userId();
        Post repost = repostOf(original, fan, TestIds.username());
        repostCounted(store, repost, original);
        int pendingBefore = store.jobs().pending();
        FanoutJob.CountDelta down = delta(original, -1);

        assertThat(store.reposts().unrepost(original.ref(), fan, ref -> List.of(down, new FanoutJob.Retract(ref))))
                .contains(repost.ref());

        assertThat(repostCount(store.posts(), original)).as("until the processor applies the delta").isEqualTo(1);
        assertThat(store.posts().get(repost.ref())).isEmpty();
        assertThat(store.posts().byAuthor(fan, Optional.empty(), 10)).isEmpty();
        assertThat(store.reposts().reposts(original.id(), 10)).isEmpty();
        assertThat(store.jobs().pending()).isEqualTo(pendingBefore + 2);
        FanoutJob retract = new FanoutJob.Retract(repost.ref());
        List<ClaimedJob> claimed = Outbox.claimAll(store.jobs(), "worker", now, LEASE, List.of(down, retract));
        assertThat(claimed).extracting(ClaimedJob::job).containsExactlyInAnyOrder(down, retract);
        store.counters().apply(claimed.stream().filter(job -> job.job() instanceof FanoutJob.CountDelta).toList());
        assertThat(repostCount(store.posts(), original)).isZero();

        assertThat(store.reposts().unrepost(original.ref(), fan, RepostsContract::retract)).isEmpty();
        assertThat(repostCount(store.posts(), original)).isZero();
        // The mark is really gone: reposting again counts once more.
        assertThat(repostCounted(store, repostOf(original, fan, TestIds.username()), original)).isTrue();
        assertThat(repostCount(store.posts(), original)).isEqualTo(1);
    }

    @Test
    void aRepostWritesNoCountOfItsOwn() {
        PostStore store = postStore();
        Post original = publishFresh(store.posts());

        assertThat(store.reposts().repost(repostOf(original, TestIds.userId(), TestIds.username()), List.of())).isTrue();

        assertThat(repostCount(store.posts(), original)).isZero();
        assertThat(store.counters().count(original.ref(), CounterKind.REPOSTS, Optional.empty())).isZero();
    }

    @Test
    void theRepostCountWithTheCallersOwnDeltaCountsItOnce() {
        PostStore store = postStore();
        Post original = publishFresh(store.posts());
        repostCounted(store, repostOf(original, TestIds.userId(), TestIds.username()), original);
        FanoutJob.CountDelta own = delta(original, +1);
        store.reposts().repost(repostOf(original, TestIds.userId(), TestIds.username()), List.of(own));

        assertThat(store.counters().count(original.ref(), CounterKind.REPOSTS, Optional.of(own))).isEqualTo(2);
        applyCounts(store, List.of(own));
        assertThat(store.counters().count(original.ref(), CounterKind.REPOSTS, Optional.of(own))).isEqualTo(2);
        assertThat(repostCount(store.posts(), original)).isEqualTo(2);
    }

    /**
     * One user's reposts and unreposts of one post, racing: whatever the interleaving, at most one
     * mark stands, the reposter's timeline holds exactly the marked entry, every entry created and
     * gone has its retraction enqueued, and the count, once applied, equals the marks.
     */
    @Test
    void racingTogglesOfOneUserLeaveAtMostOneRepostAndNoGhostEntry() {
        PostStore store = postStore();
        Outbox.parkForeignJobs(store.jobs(), now());
        List<String> wrong = new java.util.ArrayList<>();
        for (int round = 0; round < TOGGLE_ROUNDS; round++) {
            Post original = publishFresh(store.posts());
            UserId fan = TestIds.userId();
            Username name = TestIds.username();
            List<Boolean> reposting = new java.util.ArrayList<>();
            for (int i = 0; i < TOGGLES; i++) {
                reposting.add(i % 2 == 0);
            }
            java.util.Collections.shuffle(reposting, new java.util.Random(round));
            List<Post> entries = reposting.stream().map(r -> repostOf(original, fan, name)).toList();
            List<FanoutJob.CountDelta> deltas = new java.util.concurrent.CopyOnWriteArrayList<>();
            List<PostRef> retracted = new java.util.concurrent.CopyOnWriteArrayList<>();

            List<Concurrently.Outcome<Boolean>> outcomes = Concurrently.run(TOGGLES, i -> {
                if (reposting.get(i)) {
                    FanoutJob.CountDelta up = delta(original, +1);
                    deltas.add(up);
                    return store.reposts().repost(entries.get(i), List.of(up, new FanoutJob.Deliver(entries.get(i).ref())));
                }
                FanoutJob.CountDelta down = delta(original, -1);
                deltas.add(down);
                return store.reposts().unrepost(original.ref(), fan, ref -> {
                    retracted.add(ref);
                    return List.of(down, new FanoutJob.Retract(ref));
                }).isPresent();
            });

            assertThat(outcomes).allSatisfy(o -> assertThat(o.error()).isNull());
            List<PostRef> marks = store.reposts().reposts(original.id(), 10);
            List<PostRef> timeline = store.posts().byAuthor(fan, Optional.empty(), TOGGLES).stream().map(Post::ref).toList();
            applyCounts(store, deltas);
            long count = repostCount(store.posts(), original);
            List<PostRef> unretracted = entries.stream().map(Post::ref)
                    .filter(ref -> !timeline.contains(ref) && !marks.contains(ref))
                    .filter(ref -> store.posts().get(ref).isPresent()).toList();
            if (marks.size() > 1 || !new java.util.HashSet<>(timeline).equals(new java.util.HashSet<>(marks))
                    || count != marks.size() || !unretracted.isEmpty()) {
                wrong.add("round " + round + ": marks " + marks + ", timeline " + timeline + ", count " + count);
            }
        }
        assertThat(wrong).as("rounds whose copies disagree with the marks").isEmpty();
    }

    @Test
    void unrepostAfterTheOriginalWasDeletedStillRemovesTheEntry() {
        PostStore store = postStore();
        Post original = publishFresh(store.posts());
        UserId fan = TestIds.userId();
        Post repost = repostOf(original, fan, TestIds.username());
        store.reposts().repost(repost, Optional.empty());
        assertThat(store.posts().delete(original.ref(), Optional.empty())).isTrue();

        assertThat(store.reposts().unrepost(original.ref(), fan, RepostsContract::retract)).contains(repost.ref());

        assertThat(store.posts().get(repost.ref())).isEmpty();
        assertThat(store.posts().get(original.ref())).isEmpty();
    }
}

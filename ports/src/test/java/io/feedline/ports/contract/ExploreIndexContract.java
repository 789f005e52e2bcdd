package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.ExploreIndex;
import io.feedline.ports.out.Posts;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ExploreIndex} must do with the {@link Posts} of its storage. The index is one
 * list shared by every test (and earlier runs), so each test publishes at instants of its own, a
 * random millisecond of the last 20 days, reads from just past them, and checks its own posts'
 * order and that the whole walk is newest first.
 */
public abstract class ExploreIndexContract {

    /** The posts and their explore index, sharing one storage. */
    protected record Store(Posts posts, ExploreIndex explore) {
        public Store {
            Objects.requireNonNull(posts, "posts");
            Objects.requireNonNull(explore, "explore");
        }
    }

    /** The store under test; called at most once per test. */
    protected abstract Store store();

    private static Instant someRecentInstant() {
        long back = ThreadLocalRandom.current().nextLong(Duration.ofDays(2).toMillis(), Duration.ofDays(20).toMillis());
        return Instant.ofEpochMilli(System.currentTimeMillis() - back);
    }

    private static Post post(Instant at) {
        PostId id = TestIds.postIdAt(at);
        return new Post(id, TestIds.userId(), TestIds.username(), PostText.of("explore " + id), Instant.ofEpochMilli(id.epochMillis()), 0);
    }

    /** The first id of the millisecond after {@code at}: "before" it is at or before {@code at}. */
    private static PostId justAfter(Instant at) {
        return TestIds.postIdAt(at.plusMillis(1));
    }

    /**
     * Walks the index from {@code before} with slices of {@code limit} until it reaches posts older
     * than {@code since} or ends; checks the walk is strictly newest first and returns it.
     */
    private static List<PostRef> walk(ExploreIndex explore, PostId before, Instant since, int limit) {
        List<PostRef> seen = new ArrayList<>();
        Optional<PostId> from = Optional.of(before);
        for (int slices = 0; from.isPresent() && slices < 200; slices++) {
            ExploreIndex.Slice slice = explore.latest(from, limit);
            assertThat(slice.posts()).hasSizeLessThanOrEqualTo(limit);
            for (PostRef ref : slice.posts()) {
                assertThat(ref.postId()).as("strictly older than where the slice started").isLessThan(from.get());
                if (!seen.isEmpty()) {
                    assertThat(ref.postId()).as("newest first, each once").isLessThan(seen.getLast().postId());
                }
                seen.add(ref);
            }
            if (!seen.isEmpty() && seen.getLast().postId().epochMillis() < since.toEpochMilli()) {
                break;
            }
            from = slice.continueBefore();
        }
        return seen;
    }

    private static List<PostRef> mine(List<PostRef> walked, List<Post> published) {
        Set<PostId> ids = published.stream().map(Post::id).collect(Collectors.toSet());
        return walked.stream().filter(ref -> ids.contains(ref.postId())).toList();
    }

    private static List<PostRef> newestFirst(List<Post> posts) {
        return posts.stream().sorted(Comparator.comparing(Post::id).reversed()).map(Post::ref).toList();
    }

    @Test
    void postsThatStartThreadsAreListedNewestFirstWithTheirAuthors() {
        Store store = store();
        Instant t = someRecentInstant();
        Post first = post(t);
        Post second = post(t.plusSeconds(1));
        Post third = post(t.plusSeconds(2));
        for (Post p : List.of(second, first, third)) {
            assertThat(store.posts().publish(p, Optional.empty())).isTrue();
        }

        List<PostRef> walked = walk(store.explore(), justAfter(t.plusSeconds(2)), t.minusSeconds(1), 20);

        assertThat(mine(walked, List.of(first, second, third))).containsExactly(third.ref(), second.ref(), first.ref());
    }

    @Test
    void repliesAreNotListed() {
        Store store = store();
        Instant t = someRecentInstant();
        Post parent = post(t);
        Post reply = post(t.plusMillis(500)).replyingTo(parent.ref());
        store.posts().publish(parent, Optional.empty());
        store.posts().publish(reply, Optional.empty());

        List<PostRef> walked = walk(store.explore(), justAfter(t.plusSeconds(1)), t.minusSeconds(1), 20);

        assertThat(mine(walked, List.of(parent, reply))).containsExactly(parent.ref());
    }

    @Test
    void aDeletedPostLeavesTheIndex() {
        Store store = store();
        Instant t = someRecentInstant();
        Post kept = post(t);
        Post deleted = post(t.plusMillis(10));
        store.posts().publish(kept, Optional.empty());
        store.posts().publish(deleted, Optional.empty());

        assertThat(store.posts().delete(deleted.ref(), List.of())).isTrue();

        List<PostRef> walked = walk(store.explore(), justAfter(t.plusSeconds(1)), t.minusSeconds(1), 20);
        assertThat(mine(walked, List.of(kept, deleted))).containsExactly(kept.ref());
    }

    @Test
    void slicesFollowEachOtherWithoutGapOrOverlap() {
        Store store = store();
        Instant t = someRecentInstant();
        List<Post> published = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            Post p = post(t.plusMillis(37L * i));
            store.posts().publish(p, Optional.empty());
            published.add(p);
        }

        List<PostRef> walked = walk(store.explore(), justAfter(t.plusSeconds(1)), t.minusSeconds(1), 3);

        assertThat(mine(walked, published)).containsExactlyElementsOf(newestFirst(published));
    }

    @Test
    void theWalkCrossesDaysAndHoursWithNothingInThem() {
        Store store = store();
        Instant t = someRecentInstant();
        // Far apart: different hours and days, with empty ones between them.
        List<Post> published = List.of(post(t), post(t.minus(Duration.ofHours(5))), post(t.minus(Duration.ofDays(1))),
                post(t.minus(Duration.ofDays(2)).minusSeconds(3)));
        published.forEach(p -> store.posts().publish(p, Optional.empty()));

        List<PostRef> walked = walk(store.explore(), justAfter(t), t.minus(Duration.ofDays(2)).minusSeconds(4), 5);

        assertThat(mine(walked, published)).containsExactlyElementsOf(newestFirst(published));
    }

    @Test
    void aPostIsListedUnderItsAuthor() {
        Store store = store();
        Instant t = someRecentInstant();
        UserId author = TestIds.userId();
        Post p = post(t);
        Post byAuthor = new Post(p.id(), author, p.authorUsername(), p.text(), p.createdAt(), 0);
        store.posts().publish(byAuthor, Optional.empty());

        List<PostRef> walked = walk(store.explore(), justAfter(t), t.minusSeconds(1), 10);

        assertThat(mine(walked, List.of(byAuthor))).containsExactly(new PostRef(p.id(), author));
    }
}

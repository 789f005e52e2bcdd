package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Likes;
import io.feedline.ports.out.Posts;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What every {@link Likes} adapter must do: each like or unlike moves the post's like count, read
 * through {@link Posts}, in the same atomic write. Each test likes fresh posts with fresh users.
 * Whether a like is stored is seen through the port itself: a repeated like, or an unlike of
 * nothing, answers false and changes nothing.
 */
public abstract class LikesContract {

    /** The posts, likes and outbox under test, sharing one storage; called at most once per test. */
    protected abstract PostStore postStore();

    private static Post publishFresh(Posts posts) {
        PostId id = TestIds.postId();
        Post post = new Post(id, TestIds.userId(), TestIds.username(), PostText.of("like me"),
                Instant.ofEpochMilli(id.epochMillis()), 0);
        assertThat(posts.publish(post, Optional.empty())).isTrue();
        return post;
    }

    private static long likeCount(Posts posts, Post post) {
        return posts.get(post.id()).orElseThrow().likeCount();
    }

    /** The like is stored: liking again is refused as a repeat. */
    private static void assertLiked(PostStore store, PostRef post, UserId user) {
        assertThat(store.likes().like(post, user)).as("%s already likes %s", user, post.postId()).isFalse();
    }

    /** No like is stored: unliking finds nothing to remove. */
    private static void assertNotLiked(PostStore store, PostRef post, UserId user) {
        assertThat(store.likes().unlike(post, user)).as("%s does not like %s", user, post.postId()).isFalse();
    }

    @Test
    void firstLikeCountsAndRepeatedLikeDoesNot() {
        PostStore store = postStore();
        Post post = publishFresh(store.posts());
        UserId fan = TestIds.userId();

        assertThat(store.likes().like(post.ref(), fan)).isTrue();
        assertThat(likeCount(store.posts(), post)).isEqualTo(1);

        assertThat(store.likes().like(post.ref(), fan)).isFalse();
        assertThat(likeCount(store.posts(), post)).isEqualTo(1);
    }

    @Test
    void unlikeUndoesALikeOnce() {
        PostStore store = postStore();
        Post post = publishFresh(store.posts());
        UserId fan = TestIds.userId();
        store.likes().like(post.ref(), fan);

        assertThat(store.likes().unlike(post.ref(), fan)).isTrue();
        assertThat(likeCount(store.posts(), post)).isZero();

        assertThat(store.likes().unlike(post.ref(), fan)).isFalse();
        assertThat(likeCount(store.posts(), post)).isZero();
        // The like is really gone: liking again counts once more.
        assertThat(store.likes().like(post.ref(), fan)).isTrue();
        assertThat(likeCount(store.posts(), post)).isEqualTo(1);
    }

    @Test
    void unlikeWithoutALikeChangesNothing() {
        PostStore store = postStore();
        Post post = publishFresh(store.posts());
        UserId fan = TestIds.userId();
        UserId stranger = TestIds.userId();
        store.likes().like(post.ref(), fan);

        assertThat(store.likes().unlike(post.ref(), stranger)).isFalse();

        assertThat(likeCount(store.posts(), post)).isEqualTo(1);
        assertLiked(store, post.ref(), fan);
        assertNotLiked(store, post.ref(), stranger);
        assertThat(likeCount(store.posts(), post)).isEqualTo(1);
    }

    @Test
    void likesAreKeptPerPostAndPerUser() {
        PostStore store = postStore();
        Post liked = publishFresh(store.posts());
        Post ignored = publishFresh(store.posts());
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();

        store.likes().like(liked.ref(), ann);
        store.likes().like(liked.ref(), ben);

        assertThat(likeCount(store.posts(), liked)).isEqualTo(2);
        assertThat(likeCount(store.posts(), ignored)).isZero();
        assertNotLiked(store, ignored.ref(), ann);
        assertNotLiked(store, new PostRef(TestIds.postId(), TestIds.userId()), ann);
        assertLiked(store, liked.ref(), ann);
        assertLiked(store, liked.ref(), ben);
        assertThat(likeCount(store.posts(), liked)).isEqualTo(2);
    }

    @Test
    void likeCountShowsInEveryRead() {
        PostStore store = postStore();
        Post post = publishFresh(store.posts());
        store.likes().like(post.ref(), TestIds.userId());
        store.likes().like(post.ref(), TestIds.userId());
        store.likes().like(post.ref(), TestIds.userId());
        Post expected = post.withLikeCount(3);

        assertThat(store.posts().get(post.id())).contains(expected);
        assertThat(store.posts().getAll(List.of(post.ref()))).containsExactly(expected);
        assertThat(store.posts().byAuthor(post.authorId(), Optional.empty(), 10)).containsExactly(expected);
    }

    @Test
    void likingAMissingPostFailsAndWritesNothing() {
        PostStore store = postStore();
        PostId id = TestIds.postId();
        UserId author = TestIds.userId();
        UserId fan = TestIds.userId();

        assertThatThrownBy(() -> store.likes().like(new PostRef(id, author), fan))
                .isInstanceOf(FeedlineException.NotFound.class);

        assertNotLiked(store, new PostRef(id, author), fan);
        assertThat(store.posts().get(id)).isEmpty();
        // Publishing that id afterwards finds no stray like or count waiting for it.
        Post late = new Post(id, author, TestIds.username(), PostText.of("late"), Instant.ofEpochMilli(id.epochMillis()), 0);
        store.posts().publish(late, Optional.empty());
        assertThat(likeCount(store.posts(), late)).isZero();
        assertNotLiked(store, late.ref(), fan);
        assertThat(store.likes().like(late.ref(), fan)).as("no stray like makes this a repeat").isTrue();
        assertThat(likeCount(store.posts(), late)).isEqualTo(1);
    }

    @Test
    void likingADeletedPostFails() {
        PostStore store = postStore();
        Post post = publishFresh(store.posts());
        store.posts().delete(post.ref(), Optional.empty());

        assertThatThrownBy(() -> store.likes().like(post.ref(), TestIds.userId()))
                .isInstanceOf(FeedlineException.NotFound.class);
        assertThat(store.posts().get(post.id())).isEmpty();
    }

    @Test
    void concurrentLikesAreAllCounted() {
        PostStore store = postStore();
        Post post = publishFresh(store.posts());
        List<UserId> fans = IntStream.range(0, 20).mapToObj(i -> TestIds.userId()).toList();

        List<Concurrently.Outcome<Boolean>> outcomes =
                Concurrently.run(fans.size(), i -> store.likes().like(post.ref(), fans.get(i)));

        assertThat(outcomes).allSatisfy(o -> assertThat(o.error()).isNull());
        assertThat(outcomes).extracting(Concurrently.Outcome::value).containsOnly(true);
        assertThat(likeCount(store.posts(), post)).isEqualTo(20);
        fans.forEach(fan -> assertLiked(store, post.ref(), fan));
        assertThat(likeCount(store.posts(), post)).isEqualTo(20);
    }

    @Test
    void concurrentLikesByOneUserCountOnce() {
        PostStore store = postStore();
        Post post = publishFresh(store.posts());
        UserId fan = TestIds.userId();

        List<Concurrently.Outcome<Boolean>> outcomes = Concurrently.run(8, i -> store.likes().like(post.ref(), fan));

        assertThat(outcomes).allSatisfy(o -> assertThat(o.error()).isNull());
        assertThat(outcomes).extracting(Concurrently.Outcome::value).containsOnlyOnce(true);
        assertThat(likeCount(store.posts(), post)).isEqualTo(1);
    }
}

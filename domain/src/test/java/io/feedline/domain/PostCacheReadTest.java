package io.feedline.domain;

import io.feedline.ports.model.CachedPost;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.out.PostCache;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Hydration through the post cache: hits, one batch read of the misses, tombstones and like counts. */
class PostCacheReadTest {

    private static World pushWorldWithPosts(int posts) {
        World world = World.of(FanoutMode.PUSH);
        world.register("reader");
        world.register("writer");
        world.follow("reader", "writer");
        for (int i = 0; i < posts; i++) {
            world.publish("writer", "post " + i);
        }
        world.drain();
        return world;
    }

    private static List<PostId> ids(World world) {
        return world.feedPage("reader", Optional.empty(), 20).items().stream().map(Post::id).toList();
    }

    @Test
    void aColdPageReadsItsMissesInOneBatchAndAHotPageReadsNoDurablePost() {
        try (World world = pushWorldWithPosts(30)) {
            world.postStore.calls().reset();

            List<PostId> cold = ids(world);

            assertThat(cold).hasSize(20);
            assertThat(world.postStore.calls().count("getAll")).as("misses in one batch read").isEqualTo(1);
            assertThat(world.postCache.getAll(cold)).as("misses written back").hasSize(20);

            world.postStore.calls().reset();
            world.postCache.calls().reset();
            List<PostId> hot = ids(world);

            assertThat(hot).isEqualTo(cold);
            assertThat(world.postStore.calls().total()).as("durable post reads on a hot page").isZero();
            assertThat(world.postCache.calls().count("getAll")).as("one cache read for the page").isEqualTo(1);
        }
    }

    @Test
    void aDeletedPostIsNeverServedEvenWhileAWindowStillListsIt() {
        try (World world = pushWorldWithPosts(5)) {
            Post victim = world.feedPage("reader", Optional.empty(), 20).items().get(1);

            world.app.deletePost().delete(world.id("writer"), victim.id());

            assertThat(world.postCache.get(victim.id())).contains(new CachedPost.Deleted());
            assertThat(world.timelines.range(world.id("reader"), Optional.empty(), 20).orElseThrow())
                    .as("the retraction has not run yet").anyMatch(ref -> ref.postId().equals(victim.id()));
            assertThat(ids(world)).hasSize(4).doesNotContain(victim.id());
            assertThatThrownBy(() -> world.app.readPost().read(victim.id()))
                    .isInstanceOf(FeedlineException.NotFound.class);
        }
    }

    @Test
    void aDeleteThatCannotTombstoneChangesNothingAndFailsAsUnavailable() {
        try (World world = pushWorldWithPosts(3)) {
            Post post = world.feedPage("reader", Optional.empty(), 20).items().getFirst();
            world.postCache.setAvailable(false);

            assertThatThrownBy(() -> world.app.deletePost().delete(world.id("writer"), post.id()))
                    .isInstanceOf(FeedlineException.StorageUnavailable.class);

            world.postCache.setAvailable(true);
            assertThat(world.app.readPost().read(post.id()).id()).isEqualTo(post.id());
        }
    }

    @Test
    void theProcessorMovesTheCachedCountWhenItAppliesTheLikes() {
        try (World world = pushWorldWithPosts(30)) {
            world.register("fan");
            Post post = world.feedPage("reader", Optional.empty(), 20).items().getFirst();

            long afterLike = world.app.likePost().like(world.id("fan"), post.id());
            world.app.likePost().like(world.id("reader"), post.id());
            world.app.unlikePost().unlike(world.id("fan"), post.id());
            world.app.likePost().like(world.id("reader"), post.id());
            assertThat(world.postCache.get(post.id())).as("nothing applied yet").contains(new CachedPost.Present(post));
            world.drain();

            assertThat(afterLike).isEqualTo(1);
            assertThat(world.postCache.get(post.id()))
                    .contains(new CachedPost.Present(post.withLikeCount(1)));
            world.postStore.calls().reset();
            assertThat(world.feedPage("reader", Optional.empty(), 20).items().getFirst().likeCount()).isEqualTo(1);
            assertThat(world.postStore.calls().total()).as("the count came from the cache").isZero();
        }
    }

    @Test
    void aFlushedCacheIsExactAgainFromTheDurableCounts() {
        try (World world = pushWorldWithPosts(3)) {
            world.register("fan");
            Post post = world.feedPage("reader", Optional.empty(), 20).items().getFirst();
            world.app.likePost().like(world.id("fan"), post.id());
            world.drain();

            world.postCache.clear();

            assertThat(world.feedPage("reader", Optional.empty(), 20).items().getFirst().likeCount()).isEqualTo(1);
            assertThat(world.postCache.get(post.id())).contains(new CachedPost.Present(post.withLikeCount(1)));
        }
    }

    @Test
    void aCacheThatIsDownNeverFailsARead() {
        try (World world = pushWorldWithPosts(30)) {
            List<PostId> before = ids(world);
            world.postCache.setAvailable(false);
            world.postStore.calls().reset();

            assertThat(ids(world)).isEqualTo(before);
            assertThat(world.postStore.calls().count("getAll")).as("one batch read while the cache is down").isEqualTo(1);
            assertThat(world.app.readPost().read(before.getFirst()).id()).isEqualTo(before.getFirst());
        }
    }

    @Test
    void aCachedParentShowsItsExactReplyCountAfterRepliesComeAndGo() {
        try (World world = pushWorldWithPosts(1)) {
            PostId parent = ids(world).getFirst();
            assertThat(world.app.readPost().read(parent).replyCount()).as("read once: now cached").isZero();

            Post first = world.reply("reader", parent, "first answer");
            world.reply("writer", parent, "second answer");
            // Reply counts move when the worker applies their deltas, which drops the cached copy.
            world.drain();
            assertThat(world.app.readPost().read(parent).replyCount()).isEqualTo(2);

            world.app.deletePost().delete(world.id("reader"), first.id());
            world.drain();
            assertThat(world.app.readPost().read(parent).replyCount()).isEqualTo(1);
        }
    }
}

package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.SearchQuery;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.model.Username;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Search over the outbox-kept index: what the worker indexes, and what a read drops at once. */
class SearchTest {

    private static Page<Post> search(World world, String query, PageRequest page) {
        return world.app.search().posts(Optional.empty(), SearchQuery.of(query), page);
    }

    private static List<PostId> found(World world, String query) {
        return search(world, query, PageRequest.first(20)).items().stream().map(Post::id).toList();
    }

    private static List<PostId> indexed(World world, String query) {
        return world.search.searchPosts(SearchQuery.of(query), Optional.empty(), 100).stream()
                .map(ref -> ref.postId()).toList();
    }

    @Test
    void aPostIsFoundOnceTheWorkerHasIndexedIt() {
        try (World world = World.of(FanoutMode.HYBRID)) {
            world.register("author");
            world.drain();
            Post post = world.publish("author", "Saxophone night at the #harbour");

            assertThat(found(world, "saxophone")).as("the index trails the write").isEmpty();
            world.drain();

            assertThat(found(world, "saxophone")).containsExactly(post.id());
            assertThat(found(world, "#Harbour night")).containsExactly(post.id());
            assertThat(search(world, "saxophone", PageRequest.first(20)).items().getFirst()).isEqualTo(post);
        }
    }

    @Test
    void aDeletedPostLeavesTheResultsAtOnceAndTheIndexThroughTheOutbox() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("author");
            Post kept = world.publish("author", "trombone kept");
            Post deleted = world.publish("author", "trombone deleted");
            world.drain();

            world.app.deletePost().delete(world.id("author"), deleted.id());

            assertThat(indexed(world, "trombone")).as("still in the index").contains(deleted.id());
            assertThat(found(world, "trombone")).as("but never shown").containsExactly(kept.id());
            world.drain();
            assertThat(indexed(world, "trombone")).containsExactly(kept.id());
        }
    }

    @Test
    void aPostDeletedBeforeItsIndexJobRanIsNeverIndexed() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("author");
            Post post = world.publish("author", "ephemeral clarinet");
            world.app.deletePost().delete(world.id("author"), post.id());

            world.drain();

            assertThat(indexed(world, "clarinet")).isEmpty();
            assertThat(world.postStore.jobs().pending()).isZero();
        }
    }

    @Test
    void aRedeliveredIndexJobChangesNothing() {
        try (World world = World.of(FanoutMode.PULL)) {
            world.register("author");
            Post post = world.publish("author", "redelivered oboe");
            world.drain();

            world.postStore.jobs().enqueue(new FanoutJob.IndexPost(post.ref(), "publish"));
            world.postStore.jobs().enqueue(new FanoutJob.IndexPost(post.ref(), "publish"));
            assertThat(world.drain()).isEqualTo(1);

            assertThat(indexed(world, "oboe")).containsExactly(post.id());
            assertThat(found(world, "oboe")).containsExactly(post.id());
        }
    }

    @Test
    void theWorkerIndexesAClaimOfPostsWithOneBatchRead() {
        try (World world = World.of(FanoutMode.PULL)) {
            world.register("author");
            world.drain();
            List<Post> posts = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                posts.add(world.publish("author", "batched bassoon " + i));
            }
            world.postStore.calls().reset();

            world.drain();

            assertThat(world.postStore.calls().count("getAll")).as("one batch read for the claim of 30 jobs").isEqualTo(1);
            assertThat(indexed(world, "bassoon")).containsExactlyElementsOf(posts.reversed().stream().map(Post::id).toList());
        }
    }

    @Test
    void repostsAreNotIndexedTheOriginalIsFoundOnce() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("author");
            world.register("fan");
            Post post = world.publish("author", "original cornet");
            world.app.repostPost().repost(world.id("fan"), post.id());

            world.drain();

            assertThat(found(world, "cornet")).containsExactly(post.id());
        }
    }

    @Test
    void aPageThatDroppedDeletedHitsMayBeShortAndStillContinue() {
        try (World world = World.of(FanoutMode.PULL)) {
            world.register("author");
            Post oldest = world.publish("author", "paged tuba 1");
            Post middle = world.publish("author", "paged tuba 2");
            Post newest = world.publish("author", "paged tuba 3");
            world.drain();
            world.app.deletePost().delete(world.id("author"), newest.id());

            Page<Post> first = search(world, "tuba", PageRequest.first(2));
            Page<Post> second = search(world, "tuba", PageRequest.after(first.next().orElseThrow(), 2));

            assertThat(first.items()).extracting(Post::id).containsExactly(middle.id());
            assertThat(second.items()).extracting(Post::id).containsExactly(oldest.id());
            assertThat(second.next()).isEmpty();
        }
    }

    @Test
    void aRegisteredAccountIsFoundOnceTheWorkerHasIndexedIt() {
        try (World world = World.of(FanoutMode.PULL)) {
            world.register("harriet_vane");

            assertThat(world.app.search().accounts(Optional.empty(), SearchQuery.of("harr"), PageRequest.first(10)).items()).isEmpty();
            world.drain();

            Page<UserSummary> page = world.app.search().accounts(Optional.empty(), SearchQuery.of("@HARR"), PageRequest.first(10));
            assertThat(page.items()).extracting(UserSummary::username).containsExactly(Username.of("harriet_vane"));
        }
    }

    @Test
    void aSignedInReaderDoesNotFindWhatTheirMutesAndBlocksHide() {
        try (World world = World.of(FanoutMode.PUSH)) {
            for (String name : List.of("reader", "muted_one", "blocked_one", "blocker", "friend", "tuba_fan")) {
                world.register(name);
            }
            Post muted = world.publish("muted_one", "tuba from the muted");
            Post blocked = world.publish("blocked_one", "tuba from the blocked");
            Post blocking = world.publish("blocker", "tuba from one who blocks the reader");
            Post mentioning = world.publish("friend", "tuba with @muted_one");
            Post plain = world.publish("friend", "tuba plain");
            world.mute("reader", "muted_one");
            world.block("reader", "blocked_one");
            world.block("blocker", "reader");
            world.drain();

            List<PostId> forReader = world.app.search().posts(Optional.of(world.id("reader")), SearchQuery.of("tuba"),
                    PageRequest.first(20)).items().stream().map(Post::id).toList();
            assertThat(forReader).containsExactly(plain.id());
            assertThat(found(world, "tuba")).containsExactly(plain.id(), mentioning.id(), blocking.id(), blocked.id(), muted.id());

            // A mute hides posts, not the account; a block, either way, hides the account too.
            List<Username> accounts = world.app.search().accounts(Optional.of(world.id("reader")), SearchQuery.of("b"),
                    PageRequest.first(20)).items().stream().map(UserSummary::username).toList();
            assertThat(accounts).isEmpty();
            assertThat(world.app.search().accounts(Optional.of(world.id("reader")), SearchQuery.of("muted"), PageRequest.first(20))
                    .items()).extracting(UserSummary::username).containsExactly(Username.of("muted_one"));
            assertThat(world.app.search().accounts(Optional.empty(), SearchQuery.of("b"), PageRequest.first(20)).items())
                    .extracting(UserSummary::username).containsExactly(Username.of("blocked_one"), Username.of("blocker"));
        }
    }
}

package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A window write that fails must not leave a lasting hole or ghost (issue 13, item 2): the reader's
 * window is evicted so the next read rebuilds it, or, if even that fails, marked untrusted so that
 * reads skip it until it is rebuilt; each failure is counted.
 */
class WindowFaultsTest {

    private static World readerFollowingWriter() {
        World world = World.of(FanoutMode.PUSH);
        world.register("reader");
        world.register("writer");
        world.register("other");
        world.follow("reader", "writer");
        world.follow("reader", "other");
        for (int i = 0; i < 25; i++) {
            world.publish(i % 2 == 0 ? "writer" : "other", "post " + i);
        }
        world.drain();
        world.feedPage("reader", Optional.empty(), 20);
        return world;
    }

    private static List<PostId> firstPage(World world) {
        return world.feedPage("reader", Optional.empty(), 20).items().stream().map(Post::id).toList();
    }

    @Test
    void aFailedFanoutWriteLeavesNoHole() {
        try (World world = readerFollowingWriter()) {
            world.timelines.failing("add");
            Post missed = world.publish("writer", "missed by the window");
            world.drain();
            world.timelines.failing();

            assertThat(firstPage(world)).as("the post whose window write failed").startsWith(missed.id());
            assertThat(world.core.cacheFailures().timelineWrites()).isPositive();
        }
    }

    @Test
    void aFailedFanoutWriteWhoseEvictFailsTooLeavesNoHole() {
        try (World world = readerFollowingWriter()) {
            world.timelines.failing("add", "evict");
            Post missed = world.publish("writer", "missed by the window, and not evicted");
            world.drain();
            world.timelines.failing();

            assertThat(firstPage(world)).startsWith(missed.id());
        }
    }

    @Test
    void aFailedPurgeLeavesNoGhost() {
        try (World world = readerFollowingWriter()) {
            UserId writer = world.id("writer");
            world.timelines.failing("removeAuthor");
            world.unfollow("reader", "writer");
            world.drain();
            world.timelines.failing();

            assertThat(world.feedPage("reader", Optional.empty(), 20).items())
                    .isNotEmpty().noneMatch(post -> post.authorId().equals(writer));
        }
    }

    @Test
    void aFailedRetractionLeavesNoGhost() {
        try (World world = readerFollowingWriter()) {
            Post deleted = world.feedPage("reader", Optional.empty(), 20).items().getFirst();
            world.timelines.failing("remove");
            world.app.deletePost().delete(deleted.authorId(), deleted.id());
            world.drain();
            world.timelines.failing();
            firstPage(world);

            assertThat(world.timelines.range(world.id("reader"), Optional.empty(), 100))
                    .as("the window after the next read").hasValueSatisfying(window ->
                            assertThat(window).noneMatch(ref -> ref.postId().equals(deleted.id())));
        }
    }
}

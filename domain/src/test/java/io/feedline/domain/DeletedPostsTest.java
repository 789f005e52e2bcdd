package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Deleted posts in a feed: neither a false end of the feed nor a ghost delivered after the delete. */
class DeletedPostsTest {

    @Test
    void runsOfDeletedEntriesLongerThanTheRefillRoundsDoNotEndTheFeed() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("reader");
            world.register("writer");
            world.follow("reader", "writer");
            List<Post> published = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                published.add(world.publish("writer", "post " + i));
            }
            world.drain();
            // Posts 1..10 and 15..28 deleted; their retraction jobs not yet run, so the feed still holds them.
            List<PostId> kept = new ArrayList<>();
            for (int i = 0; i < published.size(); i++) {
                if ((i >= 1 && i <= 10) || (i >= 15 && i <= 28)) {
                    world.app.deletePost().delete(world.id("writer"), published.get(i).id());
                } else {
                    kept.add(published.get(i).id());
                }
            }

            for (int limit : List.of(1, 2, 3)) {
                assertThat(world.wholeFeed("reader", limit))
                        .as("limit %d walks past every run of deleted posts to the true end", limit)
                        .containsExactlyElementsOf(kept.reversed());
            }
        }
    }

    @Test
    void aPageStopsAtTheTrueEndWithoutACursor() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("reader");
            world.register("writer");
            world.follow("reader", "writer");
            Post only = world.publish("writer", "the only post");
            world.drain();

            Page<Post> page = world.feedPage("reader", Optional.empty(), 5);

            assertThat(page.items()).extracting(Post::id).containsExactly(only.id());
            assertThat(page.next()).isEmpty();
        }
    }

    @Test
    void aPostDeletedBeforeItsDeliveryRanReachesNoFeed() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("reader");
            world.register("writer");
            world.follow("reader", "writer");
            world.drain();
            Post post = world.publish("writer", "deleted at once");
            world.app.deletePost().delete(world.id("writer"), post.id());

            world.drain();

            UserId reader = world.id("reader");
            assertThat(world.feedItems.page(reader, Optional.empty(), 10)).isEmpty();
            assertThat(world.feedItems.page(world.id("writer"), Optional.empty(), 10)).isEmpty();
        }
    }
}

package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.domain.settings.FeedSettings;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.Post;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FanoutCostTest {

    private static World hybridWithThreshold(long threshold) {
        return new World(FeedSettings.defaults().withMode(FanoutMode.HYBRID).withCelebrityThreshold(threshold));
    }

    @Test
    void celebrityPostWritesNoFeedEntries() {
        try (World world = hybridWithThreshold(3)) {
            world.register("star");
            for (String fan : new String[] {"fan_a", "fan_b", "fan_c"}) {
                world.register(fan);
                world.follow(fan, "star");
            }
            world.feedItems.calls().reset();
            world.timelines.calls().reset();

            Post post = world.publish("star", "to my many fans");
            world.drain();

            assertThat(world.feedItems.calls().delivered()).isZero();
            assertThat(world.timelines.calls().delivered()).isZero();
            assertThat(world.postStore.jobs().pending()).isZero();
            assertThat(world.wholeFeed("fan_b", 10)).as("merged in at read time").containsExactly(post.id());
            assertThat(world.wholeFeed("star", 10)).as("and in the star's own feed").containsExactly(post.id());
        }
    }

    @Test
    void ordinaryPostWritesExactlyOneFeedEntryPerFollowerPlusTheAuthorsOwn() {
        try (World world = hybridWithThreshold(3)) {
            world.register("regular");
            world.register("fan_a");
            world.register("fan_b");
            world.follow("fan_a", "regular");
            world.follow("fan_b", "regular");
            world.feedItems.calls().reset();

            world.publish("regular", "to my two followers");
            world.drain();

            assertThat(world.feedItems.calls().delivered()).isEqualTo(2 + 1);
            assertThat(world.timelines.calls().delivered()).isEqualTo(2 + 1);
        }
    }

    @Test
    void pullModeWritesNoFeedEntriesAtAll() {
        try (World world = World.of(FanoutMode.PULL)) {
            world.register("writer");
            world.register("reader");
            world.follow("reader", "writer");
            world.feedItems.calls().reset();

            Post post = world.publish("writer", "read me at read time");
            world.drain();

            assertThat(world.feedItems.calls().delivered()).isZero();
            assertThat(world.feedItems.page(world.id("reader"), Optional.empty(), 10)).isEmpty();
            assertThat(world.wholeFeed("reader", 10)).containsExactly(post.id());
        }
    }
}

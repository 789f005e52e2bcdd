package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.domain.settings.FeedSettings;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** What one account can make the service do is bounded, whatever it follows or reads. */
class CostBoundsTest {

    @Test
    void aFollowPastTheLimitIsRefusedNamingTheLimit() {
        try (World world = new World(FeedSettings.defaults().withMaxFollowing(3))) {
            world.register("reader");
            IntStream.range(0, 4).forEach(i -> world.register("author" + i));
            for (int i = 0; i < 3; i++) {
                world.follow("reader", "author" + i);
            }

            assertThatThrownBy(() -> world.follow("reader", "author3"))
                    .isInstanceOfSatisfying(FeedlineException.LimitReached.class, e -> {
                        assertThat(e.limit()).isEqualTo("graph.max-following");
                        assertThat(e.max()).isEqualTo(3);
                        assertThat(e.field()).isEqualTo("username");
                    });
            assertThat(world.graph.counts(world.id("reader")).following()).isEqualTo(3);
            assertThat(world.app.follow().follow(world.id("reader"), Username.of("author0")))
                    .as("following someone already followed is still the idempotent no-op")
                    .isFalse();
            world.unfollow("reader", "author0");
            assertThat(world.app.follow().follow(world.id("reader"), Username.of("author3"))).isTrue();
        }
    }

    @Test
    void aPullPageMergesAtMostTheConfiguredFollowees() {
        try (World world = new World(FeedSettings.defaults().withMode(FanoutMode.PULL).withMaxPullSources(5))) {
            world.register("reader");
            for (int i = 0; i < 12; i++) {
                world.register("author" + i);
                world.follow("reader", "author" + i);
                world.publish("author" + i, "post " + i);
            }
            world.postStore.calls().reset();

            world.feedPage("reader", Optional.empty(), 20);

            assertThat(world.postStore.calls().count("byAuthor"))
                    .as("the reader and at most 5 followees, one query each")
                    .isLessThanOrEqualTo(6);
        }
    }

    @Test
    void anUnfollowPurgeDeletesTheAuthorsEntriesByKeyWithoutReadingTheReadersFeed() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("reader");
            world.register("busy");
            world.register("gone");
            world.follow("reader", "busy");
            world.follow("reader", "gone");
            for (int i = 0; i < 300; i++) {
                world.publish("busy", "busy " + i);
            }
            List<PostId> goneIds = IntStream.range(0, 3).mapToObj(i -> world.publish("gone", "gone " + i).id()).toList();
            world.drain();
            world.clock.advance(Duration.ofDays(30));
            world.unfollow("reader", "gone");
            world.feedItems.calls().reset();

            world.drain();

            assertThat(world.feedItems.calls().count("page")).as("no read of the reader's feed").isZero();
            assertThat(world.feedItems.calls().count("removeAuthor")).as("no scan of the reader's feed").isZero();
            UserId reader = world.id("reader");
            List<PostRef> left = world.feedItems.page(reader, Optional.empty(), 1000);
            assertThat(left).hasSize(300).noneMatch(ref -> goneIds.contains(ref.postId()));
        }
    }
}

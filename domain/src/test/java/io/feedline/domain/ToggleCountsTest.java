package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One user toggling a like or a repost while the counter processor lags or applies out of order:
 * the caller's answer is the others' count plus the caller's own state, and the count converges to
 * the set of likes (reposts) whatever order the deltas are applied in.
 */
class ToggleCountsTest {

    @Test
    void aLikersAnswerCountsTheirOwnStateOnceWhileEarlierTogglesWait() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("author");
            world.register("fan");
            Post post = world.publish("author", "toggle me");
            world.drain();
            assertThat(world.app.likePost().like(world.id("fan"), post.id())).isEqualTo(1);
            world.drain();

            assertThat(world.app.unlikePost().unlike(world.id("fan"), post.id())).as("unlike, its delta pending").isZero();
            assertThat(world.app.likePost().like(world.id("fan"), post.id())).as("like again, the unlike still pending")
                    .isEqualTo(1);
            assertThat(world.app.likePost().like(world.id("fan"), post.id())).as("a repeated like").isEqualTo(1);
            assertThat(world.app.unlikePost().unlike(world.id("fan"), post.id())).isZero();
            assertThat(world.app.unlikePost().unlike(world.id("fan"), post.id())).as("a repeated unlike").isZero();
            world.drain();
            assertThat(world.app.readPost().read(post.id()).likeCount()).isZero();
        }
    }

    @Test
    void aRepostersAnswerCountsTheirOwnStateOnceWhileEarlierTogglesWait() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("author");
            world.register("fan");
            Post post = world.publish("author", "toggle me");
            world.drain();
            assertThat(world.repost("fan", post.id())).isEqualTo(1);
            world.drain();

            assertThat(world.unrepost("fan", post.id())).isZero();
            assertThat(world.repost("fan", post.id())).as("repost again, the unrepost still pending").isEqualTo(1);
            world.drain();
            assertThat(world.app.readPost().read(post.id()).repostCount()).isEqualTo(1);
        }
    }

    @Test
    void anUnlikeAppliedBeforeItsLikeLeavesTheShownCountEqualToTheLikes() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("author");
            world.register("fan");
            Post post = world.publish("author", "toggle me");
            world.drain();
            world.app.likePost().like(world.id("fan"), post.id());
            // A worker takes the like's delta and stalls past its lease, so the unlike's is applied first.
            List<ClaimedJob> stalled = world.postStore.jobs().claim("stalled", 10, world.clock.instant(), Duration.ofSeconds(30))
                    .stream().filter(job -> job.job() instanceof FanoutJob.CountDelta).toList();
            assertThat(stalled).hasSize(1);
            world.app.unlikePost().unlike(world.id("fan"), post.id());
            assertThat(world.app.readPost().read(post.id()).likeCount()).isZero();
            world.drain();
            world.clock.advance(Duration.ofSeconds(31));
            world.drain();

            assertThat(world.postStore.likes().likers(post.id(), PageRequest.first(10)).items()).isEmpty();
            assertThat(world.postStore.posts().get(post.ref()).orElseThrow().likeCount()).as("the stored count").isZero();
            assertThat(world.app.readPost().read(post.id()).likeCount()).as("the count read through the cache").isZero();
        }
    }
}

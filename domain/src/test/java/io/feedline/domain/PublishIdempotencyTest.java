package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.domain.settings.FeedSettings;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.IdempotencyCompletion;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Posts;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** A publish with an idempotency key is written at most once, whatever fails around its commit. */
class PublishIdempotencyTest {

    /**
     * Posts whose next publish reports a timeout, as an SDK call can: after committing, or (with
     * {@code commits} off) without.
     */
    private static final class CommitThenTimeout extends ForwardingPosts {
        final AtomicBoolean armed = new AtomicBoolean(true);
        volatile boolean commits = true;

        CommitThenTimeout(Posts delegate) {
            super(delegate);
        }

        @Override
        public boolean publish(Post post, List<FanoutJob> fanout, Optional<IdempotencyCompletion> completion) {
            if (armed.compareAndSet(true, false)) {
                if (commits) {
                    delegate.publish(post, fanout, completion);
                }
                throw new FeedlineException.StorageUnavailable("posts", "timed out waiting for the answer", null);
            }
            return delegate.publish(post, fanout, completion);
        }
    }

    @Test
    void aPublishThatCommittedButTimedOutIsReplayedNeverPublishedTwice() {
        CommitThenTimeout[] faulty = new CommitThenTimeout[1];
        try (World world = new World(FeedSettings.defaults(), 800, posts -> faulty[0] = new CommitThenTimeout(posts))) {
            UserId author = world.register("author");
            PublishPost.Command command = new PublishPost.Command(
                    author, PostText.of("once only"), Optional.of(IdempotencyKey.of("retry-me")));

            assertThatThrownBy(() -> world.app.publishPost().publish(command))
                    .isInstanceOf(FeedlineException.StorageUnavailable.class);
            Post replayed = world.app.publishPost().publish(command);
            world.clock.advance(Duration.ofSeconds(31));

            assertThat(world.postStore.posts().countByAuthor(author)).as("one post, however often retried").isEqualTo(1);
            assertThat(world.postStore.posts().byAuthor(author, Optional.empty(), 10)).containsExactly(replayed);
            assertThat(world.app.publishPost().publish(command)).as("after the lock timeout too").isEqualTo(replayed);
        }
    }

    @Test
    void aPublishThatTimedOutWithoutCommittingKeepsTheKeyUntilTheLockTimeoutThenRunsOnce() {
        CommitThenTimeout[] faulty = new CommitThenTimeout[1];
        try (World world = new World(FeedSettings.defaults(), 800, posts -> faulty[0] = new CommitThenTimeout(posts))) {
            UserId author = world.register("author");
            PublishPost.Command command = new PublishPost.Command(
                    author, PostText.of("once only"), Optional.of(IdempotencyKey.of("retry-me")));
            faulty[0].commits = false;

            assertThatThrownBy(() -> world.app.publishPost().publish(command))
                    .isInstanceOf(FeedlineException.StorageUnavailable.class);
            assertThatThrownBy(() -> world.app.publishPost().publish(command))
                    .as("the outcome was unknown, so the key stays claimed")
                    .isInstanceOf(FeedlineException.IdempotencyInProgress.class);
            world.clock.advance(Duration.ofSeconds(31));
            Post published = world.app.publishPost().publish(command);

            assertThat(world.postStore.posts().byAuthor(author, Optional.empty(), 10)).containsExactly(published);
            assertThat(world.app.publishPost().publish(command)).isEqualTo(published);
        }
    }

    @Test
    void aFailureBeforeTheWriteFreesTheKeyForAnImmediateRetry() {
        CommitThenTimeout[] faulty = new CommitThenTimeout[1];
        try (World world = new World(FeedSettings.defaults(), 800, posts -> faulty[0] = new CommitThenTimeout(posts))) {
            faulty[0].armed.set(false);
            UserId ghost = UserId.of(world.register("author").value().replace('0', '1'));
            PublishPost.Command byNobody = new PublishPost.Command(
                    ghost, PostText.of("no such author"), Optional.of(IdempotencyKey.of("k")));
            assertThatThrownBy(() -> world.app.publishPost().publish(byNobody))
                    .isInstanceOf(FeedlineException.NotFound.class);

            assertThatThrownBy(() -> world.app.publishPost().publish(byNobody))
                    .as("a definite failure abandoned the claim, so the retry runs (and fails the same way)")
                    .isInstanceOf(FeedlineException.NotFound.class);
        }
    }
}

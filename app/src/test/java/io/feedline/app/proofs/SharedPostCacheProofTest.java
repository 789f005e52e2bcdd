package io.feedline.app.proofs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.app.bootstrap.App;
import io.feedline.app.bootstrap.FeedlineConfig;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserAccount;
import io.feedline.testsupport.DynamoLocal;
import io.feedline.testsupport.ThrowawayRedis;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Two servers share DynamoDB and Redis, each with its own near cache of posts. Whatever one server
 * changes (a delete, a like once its count is applied) is what the other serves on its very next read, with no wait: Redis
 * invalidates the other's copies over server-assisted client-side caching.
 */
class SharedPostCacheProofTest {
    private static final int POSTS = 25;

    @Test
    void aDeleteOnOneServerIsGoneFromTheOthersNextReadAndALikeIsCountedThere() {
        try (ThrowawayRedis redis = ThrowawayRedis.start(); DynamoLocal dynamo = DynamoLocal.start()) {
            Map<String, Object> settings = settings(redis, dynamo);
            try (App a = App.create(FeedlineConfig.of(settings)); App b = App.create(FeedlineConfig.of(settings))) {
                UseCases onA = a.useCases();
                UseCases onB = b.useCases();
                String run = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
                UserAccount author = Proofs.register(onA, "w" + run);
                UserAccount reader = Proofs.register(onA, "r" + run);
                onA.follow().follow(reader.id(), author.username());
                List<Post> published = new ArrayList<>();
                for (int i = 0; i < POSTS; i++) {
                    published.add(onA.publishPost().publish(
                            new PublishPost.Command(author.id(), PostText.of("post " + i), Optional.empty())));
                }
                a.drainFanout();

                List<PostId> page = feed(onB, reader);
                assertThat(page).hasSize(20);
                assertThat(feed(onB, reader)).as("B's second read, from its near cache").isEqualTo(page);

                Post liked = published.getLast();
                onA.likePost().like(reader.id(), liked.id());
                a.drainFanout();
                assertThat(onB.readHomeFeed().read(reader.id(), reader.id(), PageRequest.first(20)).items().getFirst())
                        .as("the like made on A, applied by A's worker, counted on B's next read").isEqualTo(liked.withLikeCount(1));

                List<PostId> remaining = new ArrayList<>(page);
                for (PostId victim : page.subList(0, 10)) {
                    onA.deletePost().delete(author.id(), victim);
                    remaining.remove(victim);

                    assertThat(feed(onB, reader)).as("B's next page after A deleted %s", victim)
                            .doesNotContain(victim).startsWith(remaining.toArray(PostId[]::new));
                    assertThatThrownBy(() -> onB.readPost().read(victim)).isInstanceOf(FeedlineException.NotFound.class);
                }
            }
        }
    }

    private static List<PostId> feed(UseCases app, UserAccount reader) {
        return app.readHomeFeed().read(reader.id(), reader.id(), PageRequest.first(20)).items().stream()
                .map(Post::id).toList();
    }


    private static Map<String, Object> settings(ThrowawayRedis redis, DynamoLocal dynamo) {
        Map<String, Object> settings = Proofs.polyglot(dynamo.endpoint().toString(), redis.uri(), "shared-post-cache");
        settings.put("worker.in-process", 0);
        settings.put("fanout.mode", "push");
        return settings;
    }
}

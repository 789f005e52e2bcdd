package io.feedline.app.proofs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.feedline.app.bootstrap.App;
import io.feedline.app.bootstrap.FanoutProcess;
import io.feedline.app.bootstrap.FeedlineConfig;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserAccount;
import io.feedline.testsupport.DynamoLocal;
import io.feedline.testsupport.RedisAdmin;
import io.feedline.testsupport.ThrowawayRedis;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A server that runs no workers and a `feedline worker` process share DynamoDB and Redis. The
 * worker's idle wait is set far past the test's patience (a minute, growing to ten), so the post
 * the server takes reaches its follower's feed in time only because the server's enqueue woke the
 * worker over Redis.
 */
// A guard, not a measurement: a fan-out that never came would block the build instead of failing it.
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class OutboxSignalProofTest {
    private static final int PAGE = 20;

    @Test
    void aPostTakenByTheServerIsFannedOutByAnIdleWorkerProcessAtOnce() throws Exception {
        try (ThrowawayRedis redis = ThrowawayRedis.start(); DynamoLocal dynamo = DynamoLocal.start()) {
            Map<String, Object> settings = settings(redis, dynamo);
            try (App server = App.create(FeedlineConfig.of(settings))) {
                UseCases api = server.useCases();
                String run = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
                UserAccount author = Proofs.register(api, "a" + run);
                UserAccount reader = Proofs.register(api, "r" + run);
                api.follow().follow(reader.id(), author.username());
                // A full first page already delivered, so the page shows only what fan-out delivers (a
                // feed shorter than its page is topped up by a pull from the followees).
                for (int i = 0; i < PAGE; i++) {
                    api.publishPost().publish(new PublishPost.Command(author.id(), PostText.of("earlier " + i), Optional.empty()));
                }
                server.drainFanout();
                assertThat(feed(api, reader)).as("a full first page, delivered").hasSize(PAGE);

                try (FanoutProcess worker = FanoutProcess.start(FeedlineConfig.of(settings))) {
                    awaitSubscribers(redis, settings.get("redis.key-prefix") + "outbox", 2);
                    // The worker's loop has made its first poll and is now in its minute-long wait.
                    Thread.sleep(2_000);

                    Post post = api.publishPost().publish(new PublishPost.Command(author.id(), PostText.of("heard at once"), Optional.empty()));

                    await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(feed(api, reader).getFirst())
                            .as("fanned out by the worker process, woken by the server's signal, "
                                    + "long before its one-minute idle wait ran out").isEqualTo(post.id()));
                }
            }
        }
    }

    private static void awaitSubscribers(ThrowawayRedis redis, String channel, long count) {
        try (RedisAdmin admin = RedisAdmin.connect(redis.uri())) {
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(subscribers(admin, channel))
                    .as("processes subscribed to " + channel).isGreaterThanOrEqualTo(count));
        }
    }

    private static long subscribers(RedisAdmin admin, String channel) {
        return admin.run(redis -> redis.pubsubNumsub(channel).getOrDefault(channel, 0L));
    }

    private static List<PostId> feed(UseCases api, UserAccount reader) {
        return api.readHomeFeed().read(reader.id(), reader.id(), PageRequest.first(PAGE)).items().stream().map(Post::id).toList();
    }


    private static Map<String, Object> settings(ThrowawayRedis redis, DynamoLocal dynamo) {
        Map<String, Object> settings = Proofs.polyglot(dynamo.endpoint().toString(), redis.uri(), "outbox-signal");
        settings.put("redis.key-prefix", "signal:");
        settings.put("worker.in-process", 0);
        settings.put("worker.loops", 1);
        settings.put("fanout.mode", "push");
        settings.put("fanout.idle-poll", "60s");
        return settings;
    }
}

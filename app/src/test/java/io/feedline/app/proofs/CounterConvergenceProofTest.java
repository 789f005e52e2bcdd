package io.feedline.app.proofs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.feedline.app.bootstrap.App;
import io.feedline.app.bootstrap.FeedlineConfig;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.RegisterUser;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.testsupport.DynamoLocal;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The hot post on the real engine: 1,000 users like one post at once (each on its own virtual
 * thread) while two worker loops apply the counts, then half of them unlike it. Once the outbox is
 * drained, the count is exactly 500 in every read: the post itself, a feed page, the author's
 * timeline. Nobody's like or unlike is lost or counted twice, though the workers' batches and the
 * likes interleave freely and the post turns hot (counter shards) on the way.
 */
class CounterConvergenceProofTest {
    private static final int FANS = 1000;
    private static final int IN_FLIGHT = 48;

    private static long limited(Semaphore inFlight, Callable<Long> call) throws Exception {
        inFlight.acquire();
        try {
            return call.call();
        } finally {
            inFlight.release();
        }
    }

    @Test
    void aThousandLikesThenFiveHundredUnlikesLeaveExactlyFiveHundredOnDynamoDbLocal() throws Exception {
        try (DynamoLocal dynamo = DynamoLocal.start(); App app = App.create(FeedlineConfig.of(settings(dynamo))).start()) {
            UseCases api = app.useCases();
            String run = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
            UserAccount star = register(api, "s" + run);
            Post post = api.publishPost().publish(new PublishPost.Command(star.id(), PostText.of("the hot post"), Optional.empty()));
            app.drainFanout();
            // Likes need no account behind the id; registering 1,000 would only measure password hashing.
            List<UserId> fans = IntStream.range(0, FANS).mapToObj(i -> TestIds.userId()).toList();
            // Two in-process worker loops apply the counts all along.
            api.readPost().read(post.id());
            // Every like has its own virtual thread; at most IN_FLIGHT of them talk to DynamoDB Local at
            // once (its HTTP connection pool), so a shared, loaded machine does not time calls out.
            Semaphore inFlight = new Semaphore(IN_FLIGHT);
            try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
                List<Future<Long>> likes = new ArrayList<>();
                fans.forEach(fan -> likes.add(clients.submit(() -> limited(inFlight, () -> api.likePost().like(fan, post.id())))));
                for (Future<Long> like : likes) {
                    assertThat(like.get()).as("a like's answer counts the liker's own like").isPositive();
                }
                List<Future<Long>> unlikes = new ArrayList<>();
                fans.subList(0, FANS / 2).forEach(fan -> unlikes.add(clients.submit(
                        () -> limited(inFlight, () -> api.unlikePost().unlike(fan, post.id())))));
                for (Future<Long> unlike : unlikes) {
                    unlike.get();
                }
            }
            // The loops may still hold the last jobs (leased, so no drain can take them): wait for them.
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).until(() -> {
                app.drainFanout();
                return api.readPost().read(post.id()).likeCount() == FANS / 2;
            });
            app.drainFanout();

            assertThat(api.readPost().read(post.id()).likeCount()).isEqualTo(FANS / 2);
            assertThat(api.readHomeFeed().read(star.id(), star.id(), PageRequest.first(5)).items())
                    .filteredOn(p -> p.id().equals(post.id())).singleElement()
                    .extracting(Post::likeCount).isEqualTo((long) FANS / 2);
            assertThat(api.readAuthorTimeline().read(star.username(), PageRequest.first(5)).items().getFirst().likeCount())
                    .isEqualTo(FANS / 2);
            assertThat(api.likePost().like(fans.getFirst(), post.id())).as("one more like, its own change counted")
                    .isEqualTo(FANS / 2 + 1);
        }
    }

    private static UserAccount register(UseCases app, String name) {
        return app.registerUser().register(new RegisterUser.Command(Username.of(name), Email.of(name + "@example.org"),
                new Password("counter-convergence"), DisplayName.of(name), Bio.EMPTY));
    }

    private static Map<String, Object> settings(DynamoLocal dynamo) {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        Map<String, Object> settings = new HashMap<>();
        settings.put("profile", "polyglot");
        settings.put("storage.users", "dynamodb");
        settings.put("storage.timelines", "memory");
        settings.put("token.secret", HexFormat.of().formatHex(key));
        settings.put("dynamodb.endpoint", dynamo.endpoint().toString());
        settings.put("dynamodb.table", "counter-convergence-" + System.nanoTime());
        settings.put("worker.in-process", 2);
        settings.put("http.port", 0);
        settings.put("mastodon.enabled", false);
        settings.put("fanout.mode", "push");
        return settings;
    }
}

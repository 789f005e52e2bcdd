package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** POST /posts with an Idempotency-Key: a retry never publishes twice. */
class IdempotencyHttpTest {
    private static ApiClient api;
    private static Accounts accounts;

    @BeforeAll
    static void start() {
        App app = TestApps.shared();
        api = new ApiClient(app.port());
        accounts = new Accounts(api);
    }

    @Test
    void replayWithTheSameKeyAndBodyReturnsTheFirstPost() {
        User alice = accounts.signUp("replayer");
        String key = UUID.randomUUID().toString();

        Response first = publish(alice, key, "only once");
        Response replay = publish(alice, key, "only once");

        assertThat(first.status()).isEqualTo(201);
        assertThat(replay.status()).isEqualTo(201);
        assertThat(replay.text("id")).isEqualTo(first.text("id"));
        assertThat(timeline(alice)).containsExactly(first.text("id"));
        assertThat(api.get("/users/" + alice.username()).send().json().path("posts").asLong()).isEqualTo(1);
    }

    @Test
    void theSameKeyWithAnotherBodyIsRefused() {
        User alice = accounts.signUp("reuser");
        String key = UUID.randomUUID().toString();
        String first = publish(alice, key, "the original").text("id");

        Response reused = publish(alice, key, "something else");

        assertThat(reused.status()).isEqualTo(422);
        assertThat(reused.field()).isEqualTo("Idempotency-Key");
        assertThat(timeline(alice)).containsExactly(first);
    }

    @Test
    void keysAreScopedToTheirUser() {
        User alice = accounts.signUp("scoped");
        User bob = accounts.signUp("scoped");
        String key = UUID.randomUUID().toString();

        Response alices = publish(alice, key, "same words");
        Response bobs = publish(bob, key, "same words");

        assertThat(bobs.status()).isEqualTo(201);
        assertThat(bobs.text("id")).isNotEqualTo(alices.text("id"));
        assertThat(bobs.text("authorId")).isEqualTo(bob.id());
    }

    @Test
    void concurrentRequestsWithOneKeyPublishExactlyOnePost() throws Exception {
        User alice = accounts.signUp("racer");
        String key = UUID.randomUUID().toString();
        int racers = 6;
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Response>> answers = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(racers)) {
            for (int i = 0; i < racers; i++) {
                answers.add(pool.submit(() -> {
                    go.await();
                    return publish(alice, key, "first one wins");
                }));
            }
            go.countDown();
        }

        List<String> ids = new ArrayList<>();
        for (Future<Response> answer : answers) {
            Response response = answer.get();
            assertThat(response.status()).as(response.toString()).isIn(201, 409);
            if (response.status() == 201) {
                ids.add(response.text("id"));
            } else {
                assertThat(response.field()).isEqualTo("Idempotency-Key");
                assertThat(response.header("Retry-After")).isNotBlank();
            }
        }
        assertThat(ids).isNotEmpty();
        assertThat(ids).containsOnly(ids.getFirst());
        assertThat(timeline(alice)).containsExactly(ids.getFirst());
    }

    @Test
    void aMalformedKeyNamesTheHeader() {
        User alice = accounts.signUp("badkey");

        Response refused = api.post("/posts").token(alice.token()).header("Idempotency-Key", "k".repeat(256))
                .json("text", "hello").invalid().send();

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.field()).isEqualTo("Idempotency-Key");
        assertThat(timeline(alice)).isEmpty();
    }

    private static Response publish(User author, String key, String text) {
        return api.post("/posts").token(author.token()).header("Idempotency-Key", key).json("text", text).send();
    }

    private static List<String> timeline(User author) {
        return api.get("/users/" + author.username() + "/posts?limit=100").send().ids();
    }
}

package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One user's reposts of one post toggled by many requests at once: once the worker has run, the
 * reposters, the reposter's timeline, a follower's feed and the count match the final state, and
 * what stands can still be withdrawn.
 */
class ToggleRacesHttpTest {
    private static final int ROUNDS = 3;
    private static App app;
    private static ApiClient api;
    private static Accounts accounts;

    @BeforeAll
    static void start() {
        app = TestApps.shared();
        api = new ApiClient(app.port());
        accounts = new Accounts(api);
    }

    private static int items(Response page) {
        assertThat(page.status()).isEqualTo(200);
        return page.json().path("items").size();
    }

    @Test
    void racingRepostsAndUnrepostsLeaveAtMostOneRepostInEveryCopy() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            User author = accounts.signUp("rauth");
            User reposter = accounts.signUp("racer");
            User follower = accounts.signUp("rfan");
            assertThat(api.put("/users/" + reposter.username() + "/follow").token(follower.token()).send().status()).isEqualTo(200);
            String post = api.post("/posts").token(author.token()).json("text", "toggle me").send().text("id");

            List<Response> answers = race(40, round, (on, i) -> on
                    ? api.put("/posts/" + post + "/repost").token(reposter.token()).send()
                    : api.delete("/posts/" + post + "/repost").token(reposter.token()).send());
            app.drainFanout();

            assertThat(answers).extracting(Response::status).containsOnly(200);
            int standing = items(api.get("/posts/" + post + "/reposts").send());
            assertThat(standing).as("reposts standing").isLessThanOrEqualTo(1);
            assertThat(items(api.get("/users/" + reposter.username() + "/posts").send())).as("the reposter's timeline")
                    .isEqualTo(standing);
            assertThat(items(api.get("/feed").token(follower.token()).send())).as("the follower's feed").isEqualTo(standing);
            assertThat(api.get("/posts/" + post).send().json().path("repostCount").asLong()).isEqualTo(standing);

            api.delete("/posts/" + post + "/repost").token(reposter.token()).send();
            app.drainFanout();
            assertThat(items(api.get("/users/" + reposter.username() + "/posts").send())).as("withdrawn, gone").isZero();
            assertThat(items(api.get("/feed").token(follower.token()).send())).as("withdrawn, gone from the feed").isZero();
        }
    }

    /** {@code n} requests, half turning on and half off, shuffled, released at one instant. */
    private static List<Response> race(int n, int seed, BiFunction<Boolean, Integer, Response> request) throws Exception {
        List<Boolean> on = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            on.add(i % 2 == 0);
        }
        Collections.shuffle(on, new Random(seed));
        CountDownLatch start = new CountDownLatch(1);
        List<Callable<Response>> tasks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int index = i;
            tasks.add(() -> {
                start.await();
                return request.apply(on.get(index), index);
            });
        }
        try (ExecutorService pool = Executors.newFixedThreadPool(n)) {
            List<Future<Response>> futures = tasks.stream().map(pool::submit).toList();
            start.countDown();
            List<Response> answers = new ArrayList<>();
            for (Future<Response> future : futures) {
                answers.add(future.get(2, TimeUnit.MINUTES));
            }
            return answers;
        }
    }
}

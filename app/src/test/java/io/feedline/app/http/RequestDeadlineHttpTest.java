package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.ApiClient.Response;
import io.feedline.ports.in.ReadPost;
import io.feedline.ports.model.FeedlineException;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code http.request-timeout}: a request whose storage call never returns is answered 503 with
 * Retry-After and a problem body at its deadline, the blocked call is interrupted, and requests
 * beside it are served as usual.
 */
// A guard, not a measurement: a request that hung would block the build instead of failing it.
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RequestDeadlineHttpTest {

    @Test
    void aRequestStuckInStoragePastItsDeadlineIs503AndItsWorkIsInterrupted() throws Exception {
        SwappedUseCases.StuckRead stuck = new SwappedUseCases.StuckRead();
        App backing = TestApps.shared();
        // Wide enough that a loaded build machine serves the ordinary request beside the stuck one in time.
        HttpApi.Settings settings = TestApps.embedded(Map.of("http.request-timeout", "2s")).http();
        try (HttpApi http = HttpApi.create(settings, SwappedUseCases.withPostRead(backing.useCases(), stuck), TestApps.bearerTokens(), TestApps.cursors(), List.of(),
                        new PrometheusMeterRegistry(PrometheusConfig.DEFAULT)).start();
                ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            ApiClient api = new ApiClient(http.port());
            // Signed up on the backing app (same storage, no deadline): hashing a password is slow on a busy machine.
            Accounts.User someone = new Accounts(new ApiClient(backing.port())).signUp("deadline");

            Future<Response> slow = callers.submit(() -> api.get("/posts/01ARZ3NDEKTSV4RRFFQ69G5FAV").send());
            assertThat(stuck.entered.await(30, TimeUnit.SECONDS)).as("the read reached storage").isTrue();
            Response beside = api.get("/users/" + someone.username()).send();
            Response answer = slow.get();

            assertThat(beside.status()).as("a request beside the stuck one").isEqualTo(200);
            assertThat(answer.status()).isEqualTo(503);
            assertThat(answer.problemType()).isEqualTo("urn:feedline:problem:request-timeout");
            assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
            assertThat(answer.header("Retry-After")).isEqualTo("1");
            assertThat(answer.body()).doesNotContainIgnoringCase("exception");
            assertThat(stuck.interrupted.await(30, TimeUnit.SECONDS)).as("the stuck call was interrupted").isTrue();
            assertThat(stuck.neverReleased.getCount()).as("the answer came from the deadline, not from storage").isEqualTo(1);
            assertThat(api.get("/users/" + someone.username()).send().status()).as("the server serves on").isEqualTo(200);
        }
    }

    @Test
    void aHandlerThatIgnoresTheInterruptCannotWriteIntoTheAnswer() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch finished = new CountDownLatch(1);
        App backing = TestApps.shared();
        ReadPost deaf = post -> {
            entered.countDown();
            boolean done = false;
            while (!done) {
                try {
                    done = release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException ignored) {
                    // deaf to interrupts, as some drivers are
                }
            }
            finished.countDown();
            throw new FeedlineException.NotFound("post", "no such post, said too late");
        };
        HttpApi.Settings settings = TestApps.embedded(Map.of("http.request-timeout", "2s")).http();
        try (HttpApi http = HttpApi.create(settings, SwappedUseCases.withPostRead(backing.useCases(), deaf), TestApps.bearerTokens(), TestApps.cursors(), List.of(),
                        new PrometheusMeterRegistry(PrometheusConfig.DEFAULT)).start()) {
            ApiClient api = new ApiClient(http.port());

            Response answer = api.get("/posts/01ARZ3NDEKTSV4RRFFQ69G5FAV").send();
            release.countDown();

            assertThat(answer.status()).isEqualTo(503);
            assertThat(answer.problemType()).isEqualTo("urn:feedline:problem:request-timeout");
            assertThat(finished.await(30, TimeUnit.SECONDS)).isTrue();
            assertThat(api.get("/posts/01ARZ3NDEKTSV4RRFFQ69G5FAV").send().status())
                    .as("a later request is answered by its own handler").isEqualTo(404);
        }
    }
}

package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.feedline.app.http.ApiClient.Response;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Anonymous expensive reads (search, explore, tag pages, public timelines) share a bulkhead of
 * their own: past its bound an anonymous caller is answered 503 with Retry-After, while a
 * signed-in caller of the same route is served.
 */
// A guard, not a measurement: a request that hung would block the build instead of failing it.
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AnonymousReadsHttpTest {

    @Test
    void anAnonymousReadPastTheBulkheadIsShedWhileASignedInReadOfTheSameRoutePasses() throws Exception {
        HeldSearch held = new HeldSearch(TestApps.shared().useCases().search());
        HttpApi.Settings settings = TestApps.embedded(Map.of(
                "http.anonymous-reads.max-in-flight", 1, "http.anonymous-reads.queue", 0)).http();
        try (HttpApi http = HttpApi.create(settings, SwappedUseCases.withSearch(TestApps.shared().useCases(), held), TestApps.bearerTokens(),
                        TestApps.cursors(), List.of(), new PrometheusMeterRegistry(PrometheusConfig.DEFAULT)).start();
                ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            ApiClient api = new ApiClient(http.port());
            Accounts.User reader = new Accounts(api).signUp("bulkhead");

            Future<Response> first = callers.submit(() -> api.get("/search?q=held").send());
            assertThat(held.entered.await(30, TimeUnit.SECONDS)).as("the first anonymous search is in flight").isTrue();

            Response shed = api.get("/search?q=second").send();
            Response otherRoute = api.get("/explore/latest").send();
            Response signedIn = api.get("/search?q=second").token(reader.token()).send();

            assertThat(shed.status()).as(shed.toString()).isEqualTo(503);
            assertThat(shed.problemType()).isEqualTo("urn:feedline:problem:overloaded");
            assertThat(shed.header("Content-Type")).startsWith("application/problem+json");
            assertThat(shed.header("Retry-After")).isNotBlank();
            assertThat(otherRoute.status()).as("explore shares the anonymous bulkhead").isEqualTo(503);
            assertThat(signedIn.status()).as("a signed-in caller is outside the bulkhead").isEqualTo(200);
            assertThat(held.calls.get()).as("the shed search never reached the use case").isEqualTo(2);

            held.release.countDown();
            assertThat(first.get().status()).isEqualTo(200);
            await("the slot freed").untilAsserted(() ->
                    assertThat(api.get("/search?q=after").send().status()).isEqualTo(200));
        }
    }

    @Test
    void anAnonymousReadWaitsInTheQueueAndIsServedWhenTheSlotFrees() throws Exception {
        HeldSearch held = new HeldSearch(TestApps.shared().useCases().search());
        HttpApi.Settings settings = TestApps.embedded(Map.of(
                "http.anonymous-reads.max-in-flight", 1, "http.anonymous-reads.queue", 1,
                "http.anonymous-reads.max-wait", "1h")).http();
        try (HttpApi http = HttpApi.create(settings, SwappedUseCases.withSearch(TestApps.shared().useCases(), held), TestApps.bearerTokens(),
                        TestApps.cursors(), List.of(), new PrometheusMeterRegistry(PrometheusConfig.DEFAULT)).start();
                ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            ApiClient api = new ApiClient(http.port());

            Future<Response> first = callers.submit(() -> api.get("/search?q=held").send());
            assertThat(held.entered.await(30, TimeUnit.SECONDS)).isTrue();
            Future<Response> queued = callers.submit(() -> api.get("/search?q=queued").send());
            await("the second search waiting").until(() -> http.anonymousReads().waiting() == 1);

            Response pastTheQueue = api.get("/search?q=third").send();
            assertThat(pastTheQueue.status()).as("the queue holds one").isEqualTo(503);

            held.release.countDown();
            assertThat(first.get().status()).isEqualTo(200);
            assertThat(queued.get().status()).as("the waiting search is served once the slot frees").isEqualTo(200);
        }
    }
}

package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.ApiClient.Response;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@code /health} and {@code /health/ready} answer the engines' state from a probe run in the background,
 * so no request waits on an engine; {@code /metrics} can be closed with a token.
 */
class OperationsHttpTest {

    @Test
    void livenessAndReadinessAnswerFromTheLastProbeWhileTheNextOneIsHeld() throws Exception {
        AtomicInteger pings = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        // The first ping answers at once; every later one hangs until the test ends.
        EngineProbe held = new EngineProbe("postgres", () -> {
            if (pings.incrementAndGet() > 1) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        App backing = TestApps.shared();
        // Each /health would probe afresh were it probing on the request's thread.
        HttpApi.Settings settings = TestApps.embedded(Map.of("http.health-cache", "1ns", "http.health-timeout", "1h")).http();
        try (HttpApi http = HttpApi.create(settings, backing.useCases(), TestApps.bearerTokens(), TestApps.cursors(), List.of(held),
                        new PrometheusMeterRegistry(PrometheusConfig.DEFAULT)).start();
                ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            ApiClient api = new ApiClient(http.port());
            assertThat(api.get("/health").send().status()).isEqualTo(200);
            Future<Response> during = callers.submit(() -> api.get("/health").send());
            await("a probe held in flight").until(() -> pings.get() >= 2);

            Future<Response> live = callers.submit(() -> api.get("/health").send());
            Future<Response> ready = callers.submit(() -> api.get("/health/ready").send());

            assertThat(answered(live).status()).as("liveness while the probe is held").isEqualTo(200);
            assertThat(answered(during).status()).isEqualTo(200);
            Response readiness = answered(ready);
            assertThat(readiness.status()).as("readiness while the probe is held").isEqualTo(200);
            assertThat(readiness.text("status")).isEqualTo("UP");
            assertThat(readiness.json().path("components").path("postgres").path("status").asText()).isEqualTo("UP");
            assertThat(pings.get()).as("requests start no probe; the one held is the background's").isEqualTo(2);
        } finally {
            release.countDown();
        }
    }

    /** The answer, or a failure naming what blocked: a guard against a hang, not a measurement. */
    private static Response answered(Future<Response> answer) throws Exception {
        try {
            return answer.get(20, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("no answer while the engines' probe was held", e);
        }
    }

    @Test
    void metricsNeedTheConfiguredBearerToken() {
        String token = "metrics-token-of-some-length-0123456789";
        try (App app = TestApps.start(Map.of("http.metrics.token", token))) {
            ApiClient api = new ApiClient(app.port());

            Response anonymous = api.get("/metrics").send();
            Response wrong = api.get("/metrics").token("not-the-token").send();
            Response right = api.get("/metrics").token(token).send();

            assertThat(anonymous.status()).isEqualTo(401);
            assertThat(wrong.status()).isEqualTo(401);
            assertThat(right.status()).isEqualTo(200);
            assertThat(right.body()).contains("jvm_");
        }
    }

    @Test
    void withoutATokenMetricsStayOpenAsDocumented() {
        assertThat(new ApiClient(TestApps.shared().port()).get("/metrics").send().status()).isEqualTo(200);
    }
}

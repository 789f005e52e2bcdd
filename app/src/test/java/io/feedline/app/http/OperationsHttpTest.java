package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.ApiClient.Response;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A flood of {@code /health} costs the engines one probe; {@code /metrics} can be closed with a token. */
class OperationsHttpTest {

    @Test
    void concurrentHealthRequestsShareOneProbeAndItsResultIsCachedBriefly() throws Exception {
        AtomicInteger pings = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        EngineProbe slow = new EngineProbe("postgres", () -> {
            pings.incrementAndGet();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        App backing = TestApps.shared();
        HttpApi.Settings settings = TestApps.embedded(Map.of("http.health-cache", "1h")).http();
        try (HttpApi http = HttpApi.create(settings, backing.useCases(), tokens(), cursors(), List.of(slow),
                        new PrometheusMeterRegistry(PrometheusConfig.DEFAULT)).start();
                ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            ApiClient api = new ApiClient(http.port());
            List<Future<Response>> answers = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                answers.add(callers.submit(() -> api.get("/health").send()));
            }
            while (pings.get() == 0) {
                Thread.onSpinWait();
            }
            release.countDown();
            for (Future<Response> answer : answers) {
                assertThat(answer.get().status()).isEqualTo(200);
            }
            assertThat(api.get("/health").send().status()).isEqualTo(200);

            assertThat(pings.get()).as("21 requests, one probe in flight, then the cached result").isEqualTo(1);
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

    private static BearerTokens tokens() {
        return new BearerTokens(TestApps.TOKEN_SECRET.getBytes(java.nio.charset.StandardCharsets.UTF_8), Duration.ofHours(1),
                java.time.Clock.systemUTC(), new TokenRevocations() {
                    @Override
                    public void revoke(String tokenId, java.time.Instant expiresAt) {
                        throw new UnsupportedOperationException("no route here revokes");
                    }

                    @Override
                    public boolean isRevoked(String tokenId) {
                        return false;
                    }
                });
    }

    private static Cursors cursors() {
        return new Cursors(TestApps.TOKEN_SECRET.getBytes(java.nio.charset.StandardCharsets.UTF_8), Duration.ofHours(1),
                java.time.Clock.systemUTC());
    }
}

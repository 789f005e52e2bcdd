package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.ApiClient.Response;
import io.feedline.ports.fakes.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A fan-out backlog shows on /metrics always and turns /health DEGRADED (still 200) once the oldest
 * waiting job is older than fanout.backlog-threshold; it clears when the workers catch up. No worker
 * runs in this app until the test drains the outbox, so the backlog is exactly what it published.
 */
class FanoutBacklogHttpTest {

    @Test
    void aBacklogOlderThanTheThresholdIsReportedAndClearsOnceDrained() {
        MutableClock clock = new MutableClock(Instant.now());
        // The probe runs in the background every 10 ms of real time; the test moves its clock, so it
        // waits for a probe made after each move.
        try (App app = TestApps.create(TestApps.embedded(Map.of(
                "fanout.backlog-threshold", "5s", "token.ttl", "1d", "http.health-cache", "10ms")), clock).start()) {
            ApiClient api = new ApiClient(app.port());
            Accounts.User author = new Accounts(api).signUp("backlog");
            for (int i = 0; i < 3; i++) {
                assertThat(api.post("/posts").token(author.token()).json("text", "waiting " + i).send().status()).isEqualTo(201);
            }

            // The watch reads the outbox at most once a second of the clock: the probe at the start read it empty.
            clock.advance(Duration.ofSeconds(1));
            Response fresh = api.get("/health").send();
            assertThat(fresh.status()).isEqualTo(200);
            assertThat(fresh.text("status")).isEqualTo("UP");
            // The account's search index job, and each post's delivery and search index job.
            assertThat(gauge(api, "feedline_fanout_backlog_jobs")).isEqualTo(7.0);

            clock.advance(Duration.ofSeconds(29));
            Response behind = await("/health DEGRADED by the backlog").until(() -> api.get("/health").send(),
                    health -> health.text("status").equals("DEGRADED"));
            assertThat(behind.status()).isEqualTo(200);
            assertThat(behind.text("status")).isEqualTo("DEGRADED");
            assertThat(behind.json().path("components").path("fanout").path("status").asText()).isEqualTo("DEGRADED");
            assertThat(behind.json().path("components").path("fanout").path("detail").asText())
                    .contains("7 jobs waiting").contains("threshold 5.0 s");
            assertThat(behind.json().path("components").path("dynamodb").path("status").asText()).isEqualTo("UP");
            assertThat(gauge(api, "feedline_fanout_backlog_jobs")).isEqualTo(7.0);
            // The clock moved 30 s on from a start a little before the sign-up and the posts.
            assertThat(gauge(api, "feedline_fanout_oldest_job_age_seconds")).isGreaterThan(20.0).isLessThanOrEqualTo(30.0);

            assertThat(app.drainFanout()).isEqualTo(7);
            clock.advance(Duration.ofSeconds(2));
            Response caughtUp = await("/health UP once drained").until(() -> api.get("/health").send(),
                    health -> health.text("status").equals("UP"));
            assertThat(caughtUp.text("status")).isEqualTo("UP");
            assertThat(caughtUp.json().path("components").has("fanout")).isFalse();
            assertThat(gauge(api, "feedline_fanout_backlog_jobs")).isZero();
            assertThat(gauge(api, "feedline_fanout_oldest_job_age_seconds")).isZero();
        }
    }

    private static double gauge(ApiClient api, String name) {
        String metrics = api.get("/metrics").send().body();
        Matcher line = Pattern.compile("(?m)^" + name + "(?:\\{[^}]*\\})? (\\S+)$").matcher(metrics);
        assertThat(line.find()).as("%s in /metrics", name).isTrue();
        return Double.parseDouble(line.group(1));
    }
}

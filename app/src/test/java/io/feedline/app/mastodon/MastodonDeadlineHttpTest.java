package io.feedline.app.mastodon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.feedline.app.bootstrap.App;
import io.feedline.app.http.StuckRead;
import io.feedline.app.http.TestApps;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code http.request-timeout} on the Mastodon API: a request whose storage call never returns is
 * answered at its deadline as Mastodon answers a 503 (an {@code error} and {@code Retry-After}),
 * the call is interrupted; a stream, which is meant to last, is not cut by it.
 */
// A guard, not a measurement: a request that hung would block the build instead of failing it.
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MastodonDeadlineHttpTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final Duration DEADLINE = Duration.ofSeconds(2);

    @Test
    void aStatusStuckInStorageIsAnswered503AtItsDeadlineAndAStreamOutlivesIt() throws Exception {
        StuckRead stuck = new StuckRead();
        App backing = TestApps.shared();
        MastodonApi.Settings settings = new MastodonApi.Settings(true, "127.0.0.1", 0, 1_048_576, Duration.ofHours(1),
                "admin@example.org", 64, 16, DEADLINE);
        MastodonTokens tokens = new MastodonTokens(TestApps.TOKEN_SECRET.getBytes(StandardCharsets.UTF_8), Duration.ofHours(1),
                Clock.systemUTC());
        try (MastodonApi api = MastodonApi.create(settings, TestApps.withReadPost(backing.useCases(), stuck), tokens, Limits.NONE)
                .start()) {
            String base = "http://127.0.0.1:" + api.port();

            HttpResponse<InputStream> stream = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/streaming/public")).build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            assertThat(stream.statusCode()).isEqualTo(200);

            HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/statuses/01ARZ3NDEKTSV4RRFFQ69G5FAV"))
                    .build(), HttpResponse.BodyHandlers.ofString());

            assertThat(stuck.entered.getCount()).as("the read reached storage").isZero();
            assertThat(answer.statusCode()).isEqualTo(503);
            assertThat(answer.headers().firstValue("Retry-After")).hasValue("1");
            assertThat(JSON.readTree(answer.body()).path("error").asText()).isEqualTo("The request took too long; retry later");
            assertThat(stuck.interrupted.await(30, TimeUnit.SECONDS)).as("the stuck call was interrupted").isTrue();
            assertThat(stuck.neverReleased.getCount()).as("the answer came from the deadline, not from storage").isEqualTo(1);
            // Past the deadline the stream is still open: after its opening comment, a read waits (for the
            // next event or heartbeat) rather than meeting the end of the response.
            InputStream events = stream.body();
            assertThat(new String(events.readNBytes(3), StandardCharsets.UTF_8)).isEqualTo(":)\n");
            try (ExecutorService reader = Executors.newVirtualThreadPerTaskExecutor()) {
                Future<Integer> next = reader.submit(() -> events.read());
                assertThatThrownBy(() -> next.get(1, TimeUnit.SECONDS)).as("no end of the stream, open %s past its deadline", DEADLINE)
                        .isInstanceOf(TimeoutException.class);
                events.close();
                next.cancel(true);
            }
        }
    }
}

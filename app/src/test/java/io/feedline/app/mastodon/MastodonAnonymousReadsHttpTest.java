package io.feedline.app.mastodon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.feedline.app.http.HeldSearch;
import io.feedline.app.http.SwappedUseCases;
import io.feedline.app.http.TestApps;
import io.feedline.app.web.Admission;
import io.feedline.app.web.AnonymousReads;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.SignedIn;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Mastodon API's expensive public reads share the process's bulkhead of anonymous reads: past
 * its bound an anonymous (or app-only) caller gets a 503 with Retry-After in Mastodon's shape, while
 * a user's token reads the same route.
 */
// A guard, not a measurement: a request that hung would block the build instead of failing it.
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MastodonAnonymousReadsHttpTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void anAnonymousSearchPastTheBulkheadIsShedWhileAUsersSearchPasses() throws Exception {
        HeldSearch held = new HeldSearch(TestApps.shared().useCases().search());
        MastodonTokens tokens = new MastodonTokens(TestApps.TOKEN_SECRET.getBytes(StandardCharsets.UTF_8), Duration.ofHours(1),
                Clock.systemUTC(), TestStamps.SESSIONS);
        MastodonApi.Settings settings = new MastodonApi.Settings(true, "127.0.0.1", 0, 1 << 20, Duration.ofHours(1),
                "admin@feedline.test", 64, 8, Duration.ofSeconds(30));
        AnonymousReads bulkhead = new AnonymousReads(new Admission.Bounds(1, 0, Duration.ZERO));
        MastodonApi api = MastodonApi.create(settings, SwappedUseCases.withSearch(TestApps.shared().useCases(), held), tokens,
                Limits.NONE, bulkhead).start();
        MastodonTokens.App app = tokens.register("client", List.of("urn:ietf:wg:oauth:2.0:oob"), Set.of("read"), Optional.empty()).app();
        UserAccount reader = new UserAccount(UserId.of("01HZZZZZZZZZZZZZZZZZZZZZZZ"), Username.of("bulkheadreader"),
                new Email("reader@example.org"), new DisplayName("Reader"), Bio.EMPTY, Instant.now());
        String userToken = tokens.issue(app, Optional.of(new SignedIn(reader, TestStamps.STAMP)), Set.of("read")).accessToken();
        String appToken = tokens.issue(app, Optional.empty(), Set.of("read")).accessToken();
        try (ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<HttpResponse<String>> first = callers.submit(() -> send(api, "/api/v2/search?q=held&type=statuses", null));
            assertThat(held.entered.await(30, TimeUnit.SECONDS)).as("the first anonymous search is in flight").isTrue();

            HttpResponse<String> shed = send(api, "/api/v2/search?q=second&type=statuses", null);
            HttpResponse<String> appOnly = send(api, "/api/v2/search?q=second&type=statuses", appToken);
            HttpResponse<String> publicTimeline = send(api, "/api/v1/timelines/public", null);
            HttpResponse<String> user = send(api, "/api/v2/search?q=second&type=statuses", userToken);

            assertThat(shed.statusCode()).as(shed.body()).isEqualTo(503);
            assertThat(shed.headers().firstValue("Retry-After")).isPresent();
            assertThat(JSON.readTree(shed.body()).path("error").asText()).contains("anonymous reads");
            assertThat(appOnly.statusCode()).as("an app's token carries no user: anonymous").isEqualTo(503);
            assertThat(publicTimeline.statusCode()).as("the public timeline shares the bulkhead").isEqualTo(503);
            assertThat(user.statusCode()).as(user.body()).isEqualTo(200);

            held.release.countDown();
            assertThat(first.get().statusCode()).isEqualTo(200);
        } finally {
            held.release.countDown();
            api.close();
        }
    }

    private static HttpResponse<String> send(MastodonApi api, String path, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + path)).GET();
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}

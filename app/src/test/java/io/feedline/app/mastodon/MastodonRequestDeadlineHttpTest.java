package io.feedline.app.mastodon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts;
import io.feedline.app.http.ApiClient;
import io.feedline.app.http.SwappedUseCases;
import io.feedline.app.http.TestApps;
import io.feedline.app.web.Admission;
import io.feedline.app.web.AnonymousReads;
import io.feedline.ports.in.UseCases;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code http.request-timeout} on the Mastodon API, as on the native one: a status read whose
 * storage call never returns is answered 503 with Retry-After, in Mastodon's error shape, and the
 * blocked call is interrupted; a server-sent-events stream, which stays open for as long as its
 * client listens, has no deadline.
 */
// A guard, not a measurement: a request that hung would block the build instead of failing it.
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MastodonRequestDeadlineHttpTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A Mastodon API of its own on {@code useCases}, with {@code timeout} as its deadline. */
    private static MastodonApi start(UseCases useCases, Duration timeout) {
        MastodonApi.Settings settings = new MastodonApi.Settings(true, "127.0.0.1", 0, 1 << 20, Duration.ofHours(1),
                "admin@feedline.test", 64, 8, timeout);
        MastodonTokens tokens = new MastodonTokens(TestApps.TOKEN_SECRET.getBytes(StandardCharsets.UTF_8), Duration.ofHours(1),
                Clock.systemUTC(), TestStamps.of(useCases));
        return MastodonApi.create(settings, useCases, tokens, Limits.NONE,
                new AnonymousReads(new Admission.Bounds(4, 16, Duration.ofMillis(500)))).start();
    }

    private static HttpRequest get(MastodonApi api, String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + path)).GET().build();
    }

    @Test
    void aStatusReadStuckInStoragePastItsDeadlineIs503InMastodonsShapeAndItsWorkIsInterrupted() throws Exception {
        SwappedUseCases.StuckRead stuck = new SwappedUseCases.StuckRead();
        MastodonApi api = start(SwappedUseCases.withPostRead(TestApps.shared().useCases(), stuck), Duration.ofSeconds(2));
        try (ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<HttpResponse<String>> slow = callers.submit(
                    () -> HTTP.send(get(api, "/api/v1/statuses/01ARZ3NDEKTSV4RRFFQ69G5FAV"), HttpResponse.BodyHandlers.ofString()));
            assertThat(stuck.entered.await(30, TimeUnit.SECONDS)).as("the read reached storage").isTrue();
            HttpResponse<String> beside = HTTP.send(get(api, "/api/v1/instance"), HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> answer = slow.get();

            assertThat(beside.statusCode()).as("a request beside the stuck one").isEqualTo(200);
            assertThat(answer.statusCode()).isEqualTo(503);
            assertThat(answer.headers().firstValue("Retry-After")).contains("1");
            assertThat(JSON.readTree(answer.body()).path("error").asText()).startsWith("The request did not complete within 2000 ms");
            assertThat(answer.body()).doesNotContainIgnoringCase("exception");
            assertThat(stuck.interrupted.await(30, TimeUnit.SECONDS)).as("the stuck call was interrupted").isTrue();
            assertThat(stuck.neverReleased.getCount()).as("the answer came from the deadline, not from storage").isEqualTo(1);
        } finally {
            api.close();
        }
    }

    @Test
    void aServerSentEventsStreamOutlivesTheDeadlineAndCarriesWhatIsPublishedAfterIt() throws Exception {
        App backing = TestApps.shared();
        ApiClient nativeApi = new ApiClient(backing.port());
        Accounts.User author = new Accounts(nativeApi).signUp("streamer");
        MastodonApi api = start(backing.useCases(), Duration.ofSeconds(1));
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        HttpResponse<Stream<String>> stream = HTTP.send(get(api, "/api/v1/streaming/public"), HttpResponse.BodyHandlers.ofLines());
        Thread reader = Thread.ofVirtual().start(() -> stream.body().forEach(lines::add));
        try {
            assertThat(stream.statusCode()).isEqualTo(200);
            assertThat(lines.poll(10, TimeUnit.SECONDS)).as("the stream's first line").isEqualTo(":)");
            // Twice the deadline: a stream under it would have been cut by now.
            Thread.sleep(2_000);

            String post = nativeApi.post("/posts").token(author.token()).json("text", "published past the deadline").send().text("id");

            JsonNode update = await("the post, on the stream opened before the deadline ran out").atMost(Duration.ofSeconds(10))
                    .until(() -> dataWith(lines, post), Objects::nonNull);
            assertThat(update.path("id").asText()).isEqualTo(post);
        } finally {
            api.close();
            reader.interrupt();
        }
    }

    /** The first data line among those arrived so far that names {@code post}, or null. */
    private static JsonNode dataWith(BlockingQueue<String> lines, String post) throws IOException {
        for (String line = lines.poll(); line != null; line = lines.poll()) {
            if (line.startsWith("data: ") && line.contains(post)) {
                return JSON.readTree(line.substring("data: ".length()));
            }
        }
        return null;
    }
}

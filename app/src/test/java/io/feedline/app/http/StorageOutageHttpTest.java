package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.bootstrap.FeedlineConfig;
import io.feedline.app.http.ApiClient.Response;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An engine that does not answer (here DynamoDB at an address where nothing listens) turns requests
 * into 503 problems with Retry-After, never a 500 or a driver's message, and /health into a 503.
 */
class StorageOutageHttpTest {
    private static App app;
    private static ApiClient api;

    @BeforeAll
    static void start() {
        app = App.create(FeedlineConfig.of(Map.of(
                "profile", "polyglot",
                "storage.users", "dynamodb",
                "storage.timelines", "memory",
                "storage.auto-init", false,
                "dynamodb.endpoint", "http://127.0.0.1:1",
                "http.host", "127.0.0.1",
                "http.port", 0,
                "http.health-timeout", "5s",
                "worker.in-process", 0,
                "token.secret", TestApps.TOKEN_SECRET))).start();
        api = new ApiClient(app.port());
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    @Test
    void requestsGet503WhenStorageIsDown() {
        Response login = api.post("/sessions").json("username", "someone", "password", "whatever it is").send();
        Response read = api.get("/posts/01ARZ3NDEKTSV4RRFFQ69G5FAV").send();

        for (Response refused : new Response[] {login, read}) {
            assertThat(refused.status()).isEqualTo(503);
            assertThat(refused.header("Retry-After")).isNotBlank();
            assertThat(refused.problemType()).isEqualTo("urn:feedline:problem:storage-unavailable");
            assertThat(refused.body()).doesNotContain("127.0.0.1").doesNotContainIgnoringCase("exception");
        }
    }

    @Test
    void healthIs503AndNamesTheEngineThatIsDown() {
        Response health = api.get("/health").send();

        assertThat(health.status()).isEqualTo(503);
        assertThat(health.text("status")).isEqualTo("DOWN");
        assertThat(health.json().path("components").path("dynamodb").path("status").asText()).isEqualTo("DOWN");
    }

    @Test
    void readinessIs503AndNamesTheEngineThatIsDown() {
        Response ready = api.get("/health/ready").send();

        assertThat(ready.status()).isEqualTo(503);
        assertThat(ready.text("status")).isEqualTo("DOWN");
        assertThat(ready.json().path("components").path("dynamodb").path("status").asText()).isEqualTo("DOWN");
    }
}

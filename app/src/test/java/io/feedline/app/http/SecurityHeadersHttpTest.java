package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Headers every answer carries, the ones credentials and signed-in answers add, and CORS. */
class SecurityHeadersHttpTest {
    private final ApiClient api = new ApiClient(TestApps.shared().port());

    @Test
    void everyAnswerSaysNosniffEvenAProblemOrAProbe() {
        User alice = new Accounts(api).signUp("nosniff");
        for (Response response : List.of(
                api.get("/users/" + alice.username()).send(),
                api.get("/users/nobody_here_at_all").send(),
                api.get("/health").send(),
                api.get("/openapi.yaml").send(),
                api.get("/feed").token(alice.token()).send())) {
            assertThat(response.header("X-Content-Type-Options")).as(response.toString()).isEqualTo("nosniff");
        }
    }

    @Test
    void credentialAndSignedInAnswersAreNeverStored() {
        String username = Accounts.freshName("nostore");
        Response registered = api.post("/users")
                .json("username", username, "email", username + "@example.com", "password", Accounts.PASSWORD).send();
        Response session = api.post("/sessions").json("username", username, "password", Accounts.PASSWORD).send();
        Response feed = api.get("/feed").token(session.text("token")).send();
        Response profileAsSignedIn = api.get("/users/" + username).token(session.text("token")).send();

        assertThat(registered.header("Cache-Control")).isEqualTo("no-store");
        assertThat(session.header("Cache-Control")).isEqualTo("no-store");
        assertThat(feed.header("Cache-Control")).isEqualTo("no-store");
        assertThat(profileAsSignedIn.header("Cache-Control")).isEqualTo("no-store");
        assertThat(api.get("/users/" + username).send().header("Cache-Control"))
                .as("an anonymous public read may be cached").isNull();
    }

    @Test
    void theDocsPageHasAContentSecurityPolicy() {
        Response docs = api.get("/docs").send();

        assertThat(docs.status()).isEqualTo(200);
        assertThat(docs.header("Content-Security-Policy"))
                .contains("default-src 'none'")
                .contains("script-src 'self'")
                .contains("frame-ancestors 'none'");
    }

    @Test
    void corsIsOffByDefault() {
        Response answer = api.get("/openapi.yaml").header("Origin", "https://evil.example").send();

        assertThat(answer.header("Access-Control-Allow-Origin")).isNull();
    }

    @Test
    void aConfiguredAllowListAnswersOnlyItsOrigins() throws Exception {
        try (App app = TestApps.start(Map.of("http.cors.allowed-origins", "https://app.example, https://other.example"))) {
            ApiClient client = new ApiClient(app.port());

            Response allowed = client.get("/openapi.yaml").header("Origin", "https://app.example").send();
            HttpResponse<Void> refused = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + "/openapi.yaml"))
                            .header("Origin", "https://evil.example").build(),
                    HttpResponse.BodyHandlers.discarding());

            assertThat(allowed.header("Access-Control-Allow-Origin")).isEqualTo("https://app.example");
            assertThat(refused.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
        }
    }
}

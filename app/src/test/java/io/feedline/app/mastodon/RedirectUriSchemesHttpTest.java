package io.feedline.app.mastodon;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.TestApps;
import io.feedline.app.web.Admission;
import io.feedline.app.web.AnonymousReads;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A redirect URI is where a browser is sent with a code: one that a browser would run or read
 * locally ({@code javascript:}, {@code data:}, {@code file:}, {@code vbscript:}, however spelled)
 * is refused at registration, and an app that carries one is never redirected to it.
 */
class RedirectUriSchemesHttpTest {
    private static App app;
    private static MastodonHttp mastodon;

    @BeforeAll
    static void start() {
        app = TestApps.start(Map.of("mastodon.enabled", true, "mastodon.port", 0));
        mastodon = new MastodonHttp(app);
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    @Test
    void schemesABrowserWouldRunOrReadLocallyAreRefusedAtRegistration() {
        for (String refused : List.of("javascript:alert(1)", "JavaScript:alert(1)", "  javascript:alert(1)",
                "\u0001javascript:alert(1)", "java\tscript:alert(1)", "data:text/html,<script>alert(1)</script>",
                "file:///etc/passwd", "FILE:///etc/passwd", "vbscript:msgbox(1)", "myapp://callback javascript:alert(1)")) {
            HttpResponse<String> answer = mastodon.registerApp(refused);

            assertThat(answer.statusCode()).as(refused + ": " + answer.body()).isEqualTo(422);
            assertThat(MastodonHttp.tree(answer.body()).path("error").asText()).as(refused)
                    .startsWith("Validation failed: ").contains("redirect_uris");
        }
    }

    @Test
    void outOfBandCustomSchemesAndWebAddressesAreRegistered() {
        for (String allowed : List.of(MastodonHttp.OUT_OF_BAND, "myapp://callback", "com.example.app:/oauth",
                "https://app.example/callback", "http://127.0.0.1:9/callback")) {
            HttpResponse<String> answer = mastodon.registerApp(allowed);

            assertThat(answer.statusCode()).as(allowed + ": " + answer.body()).isEqualTo(200);
            assertThat(MastodonHttp.tree(answer.body()).path("redirect_uri").asText()).isEqualTo(allowed);
        }
    }

    @Test
    void anAppRegisteredWithAScriptUriBeforeTheRefusalIsNeverSentThere() throws Exception {
        MastodonApi.Settings settings = new MastodonApi.Settings(true, "127.0.0.1", 0, 1 << 20, Duration.ofHours(1),
                "admin@feedline.test", 64, 8, Duration.ofSeconds(30));
        byte[] key = TestApps.TOKEN_SECRET.getBytes(StandardCharsets.UTF_8);
        MastodonTokens tokens = new MastodonTokens(key, Duration.ofHours(1), Clock.systemUTC(), TestStamps.of(app.useCases()));
        String script = "javascript:alert(document.domain)";
        String clientId = tokens.register("legacy", List.of(script), Set.of("read"), Optional.empty()).clientId();
        try (MastodonApi api = MastodonApi.create(settings, app.useCases(), tokens, Limits.NONE,
                new AnonymousReads(new Admission.Bounds(4, 16, Duration.ofMillis(500)))).start()) {
            Map<String, String> query = new LinkedHashMap<>();
            query.put("response_type", "code");
            query.put("client_id", clientId);
            query.put("redirect_uri", script);
            query.put("scope", "read");
            String url = "http://127.0.0.1:" + api.port() + "/oauth/authorize";

            HttpResponse<String> page = MastodonHttp.send(HttpRequest.newBuilder(java.net.URI.create(url + "?" + MastodonHttp.form(query))).GET());
            query.put("decision", "approve");
            HttpResponse<String> submitted = MastodonHttp.send(HttpRequest.newBuilder(java.net.URI.create(url))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(MastodonHttp.form(query))));

            assertThat(page.statusCode()).as("an error page, no form to approve").isEqualTo(400);
            assertThat(page.headers().firstValue("Content-Security-Policy").orElseThrow()).doesNotContainIgnoringCase("javascript");
            assertThat(page.body()).doesNotContain("name=\"csrf_token\"");
            assertThat(submitted.statusCode()).isEqualTo(400);
            assertThat(submitted.headers().firstValue("Location")).isEmpty();
        }
    }

    @Test
    void theConsentPageOfACustomSchemeAllowsThatSchemeAsAFormTarget() {
        String clientId = MastodonHttp.tree(mastodon.registerApp("myapp://callback").body()).path("client_id").asText();
        HttpResponse<String> page = mastodon.get("/oauth/authorize?" + MastodonHttp.form(Map.of("response_type", "code",
                "client_id", clientId, "redirect_uri", "myapp://callback", "scope", "read")), Optional.empty());

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Security-Policy").orElseThrow()).contains("form-action 'self' myapp:;");
    }
}

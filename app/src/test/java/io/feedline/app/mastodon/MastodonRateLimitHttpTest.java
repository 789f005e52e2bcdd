package io.feedline.app.mastodon;

import static io.feedline.app.mastodon.MastodonHttp.form;
import static io.feedline.app.mastodon.MastodonHttp.send;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.feedline.app.bootstrap.App;
import io.feedline.app.http.TestApps;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Mastodon port spends the native API's rate limits: the same buckets and rates, so a username's
 * wrong passwords count across both APIs, and a caller's requests share one budget.
 */
class MastodonRateLimitHttpTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern CSRF = Pattern.compile("name=\"csrf_token\" value=\"([^\"]+)\"");
    private static final String OUT_OF_BAND = "urn:ietf:wg:oauth:2.0:oob";

    private static HttpRequest.Builder post(String url, String contentType, String body) {
        return HttpRequest.newBuilder(URI.create(url)).header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofString(body));
    }

    private static String signUp(String nativeBase) throws Exception {
        String name = "r" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        assertThat(send(post(nativeBase + "/users", "application/json", JSON.writeValueAsString(Map.of("username", name,
                "email", name + "@example.org", "password", name + " secret words")))).statusCode()).isEqualTo(201);
        return name;
    }

    private static JsonNode app(String base) throws Exception {
        return JSON.readTree(send(post(base + "/api/v1/apps", "application/x-www-form-urlencoded", form(Map.of(
                "client_name", "limits", "redirect_uris", "urn:ietf:wg:oauth:2.0:oob", "scopes", "read")))).body());
    }

    private static HttpResponse<String> passwordGrant(String base, JsonNode app, String name, String password) throws Exception {
        return send(post(base + "/oauth/token", "application/x-www-form-urlencoded", form(Map.of("grant_type", "password",
                "client_id", app.path("client_id").asText(), "client_secret", app.path("client_secret").asText(),
                "username", name, "password", password, "scope", "read"))));
    }

    /** A server that allows each username two wrong passwords an hour, on either API. */
    private static App twoWrongPasswordsAllowed() {
        return TestApps.start(Map.of("mastodon.enabled", true, "mastodon.port", 0,
                "http.rate-limit.failed-logins.requests", 2, "http.rate-limit.failed-logins.period", "1h"));
    }

    /** The status of a native {@code POST /sessions}. */
    private static int nativeSignIn(String nativeBase, String name, String password) throws Exception {
        return send(post(nativeBase + "/sessions", "application/json",
                JSON.writeValueAsString(Map.of("username", name, "password", password)))).statusCode();
    }

    @Test
    void wrongPasswordsAreCountedPerUsernameAcrossBothApis() throws Exception {
        try (App app = twoWrongPasswordsAllowed()) {
            String base = "http://127.0.0.1:" + app.mastodonPort().orElseThrow();
            String nativeBase = "http://127.0.0.1:" + app.port();
            String name = signUp(nativeBase);
            JsonNode client = app(base);

            assertThat(passwordGrant(base, client, name, "wrong one").statusCode()).isEqualTo(400);
            assertThat(nativeSignIn(nativeBase, name, "wrong two")).isEqualTo(401);

            HttpResponse<String> limited = passwordGrant(base, client, name, name + " secret words");
            assertThat(limited.statusCode()).as("the right password, after two wrong ones on either API").isEqualTo(429);
            assertThat(limited.headers().firstValue("Retry-After")).isPresent();
            assertThat(JSON.readTree(limited.body()).path("error").asText()).isEqualTo("Too many requests");
            assertThat(nativeSignIn(nativeBase, name, name + " secret words")).isEqualTo(429);

            String other = signUp(nativeBase);
            assertThat(passwordGrant(base, client, other, other + " secret words").statusCode())
                    .as("another username is not limited").isEqualTo(200);
        }
    }

    /** Signs in on the authorize page as a browser would: opens it, then sends its form with its cookie. */
    private static HttpResponse<String> authorizePage(String base, JsonNode app, String name, String password) throws Exception {
        Map<String, String> query = new LinkedHashMap<>();
        query.put("response_type", "code");
        query.put("client_id", app.path("client_id").asText());
        query.put("redirect_uri", OUT_OF_BAND);
        query.put("scope", "read");
        HttpResponse<String> opened = send(HttpRequest.newBuilder(URI.create(base + "/oauth/authorize?" + form(query))).GET());
        assertThat(opened.statusCode()).as(opened.body()).isEqualTo(200);
        String cookie = opened.headers().firstValue("Set-Cookie").map(c -> c.substring(0, c.indexOf(';'))).orElseThrow();
        Matcher csrf = CSRF.matcher(opened.body());
        assertThat(csrf.find()).isTrue();
        Map<String, String> fields = new LinkedHashMap<>(query);
        fields.put("csrf_token", csrf.group(1));
        fields.put("username", name);
        fields.put("password", password);
        fields.put("decision", "approve");
        return send(post(base + "/oauth/authorize", "application/x-www-form-urlencoded", form(fields)).header("Cookie", cookie));
    }

    @Test
    void theAuthorizePagesSignInSpendsTheSameWrongPasswordBudget() throws Exception {
        try (App app = twoWrongPasswordsAllowed()) {
            String base = "http://127.0.0.1:" + app.mastodonPort().orElseThrow();
            String nativeBase = "http://127.0.0.1:" + app.port();
            String name = signUp(nativeBase);
            JsonNode client = app(base);

            assertThat(authorizePage(base, client, name, "wrong one").statusCode()).isEqualTo(401);
            assertThat(nativeSignIn(nativeBase, name, "wrong two")).isEqualTo(401);

            HttpResponse<String> limited = authorizePage(base, client, name, name + " secret words");
            assertThat(limited.statusCode()).as("the right password, after two wrong ones on either API").isEqualTo(429);
            assertThat(limited.headers().firstValue("Retry-After")).isPresent();
            assertThat(limited.body()).contains("Too many sign-in attempts").doesNotContain("id=\"code\"");

            String other = signUp(nativeBase);
            HttpResponse<String> approved = authorizePage(base, client, other, other + " secret words");
            assertThat(approved.statusCode()).as("another username is not limited").isEqualTo(200);
            assertThat(approved.body()).contains("id=\"code\"");
        }
    }

    @Test
    void requestsSpendTheCallersBudget() throws Exception {
        int limit = 5;
        try (App app = TestApps.start(Map.of("mastodon.enabled", true, "mastodon.port", 0,
                "http.rate-limit.requests", limit, "http.rate-limit.period", "1h"))) {
            String base = "http://127.0.0.1:" + app.mastodonPort().orElseThrow();
            int ok = 0;
            HttpResponse<String> last = null;
            for (int i = 0; i < limit + 1; i++) {
                last = send(HttpRequest.newBuilder(URI.create(base + "/api/v1/instance")).GET());
                if (last.statusCode() == 200) {
                    ok++;
                }
            }
            assertThat(ok).isEqualTo(limit);
            assertThat(last.statusCode()).isEqualTo(429);
            assertThat(last.headers().firstValue("Retry-After")).isPresent();
            assertThat(send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + "/health")).GET()).statusCode())
                    .as("operations routes are never limited").isEqualTo(200);
        }
    }
}

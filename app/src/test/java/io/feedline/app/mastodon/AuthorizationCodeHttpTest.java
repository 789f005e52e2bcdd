package io.feedline.app.mastodon;

import static io.feedline.app.mastodon.MastodonHttp.form;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.feedline.app.bootstrap.App;
import io.feedline.app.http.TestApps;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The authorization code grant with PKCE over real HTTP: the page, its CSRF token, the redirect and
 * the exchange, and every way a code must not be had or spent twice. (The same flow is driven in
 * a real browser by the Node suite.)
 */
class AuthorizationCodeHttpTest {
    private static final String REDIRECT = "http://127.0.0.1:9/callback";
    private static final String VERIFIER = "a-verifier-of-at-least-43-characters_0123456789abcdef";
    private static final Pattern CSRF = Pattern.compile("name=\"csrf_token\" value=\"([^\"]+)\"");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static App app;
    private static String base;
    private static String nativeBase;
    private static String clientId;
    private static String clientSecret;

    @BeforeAll
    static void start() throws Exception {
        app = TestApps.start(Map.of("mastodon.enabled", true, "mastodon.port", 0));
        base = "http://127.0.0.1:" + app.mastodonPort().orElseThrow();
        nativeBase = "http://127.0.0.1:" + app.port();
        JsonNode registered = JSON.readTree(post("/api/v1/apps", form(Map.of(
                "client_name", "<script>alert(1)</script> & co", "redirect_uris", REDIRECT, "scopes", "read write")),
                Optional.empty()).body());
        clientId = registered.path("client_id").asText();
        clientSecret = registered.path("client_secret").asText();
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    private record Page(int status, String body, String cookie, String csrf, HttpResponse<String> response) {}

    private static String user() throws Exception {
        String name = "u" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        HttpResponse<String> created = HTTP.send(HttpRequest.newBuilder(URI.create(nativeBase + "/users"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("username", name,
                        "email", name + "@example.org", "password", name + " secret words", "displayName", name))))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).isEqualTo(201);
        return name;
    }

    private static Map<String, String> authorizeQuery(String redirect, Optional<String> challenge) {
        Map<String, String> query = new LinkedHashMap<>();
        query.put("response_type", "code");
        query.put("client_id", clientId);
        query.put("redirect_uri", redirect);
        query.put("scope", "read write");
        query.put("state", "s-42");
        challenge.ifPresent(c -> {
            query.put("code_challenge", c);
            query.put("code_challenge_method", "S256");
        });
        return query;
    }

    private static Page open(Map<String, String> query) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/oauth/authorize?" + form(query)))
                .GET().build(), HttpResponse.BodyHandlers.ofString());
        String cookie = response.headers().firstValue("Set-Cookie").map(c -> c.substring(0, c.indexOf(';'))).orElse(null);
        Matcher csrf = CSRF.matcher(response.body());
        return new Page(response.statusCode(), response.body(), cookie, csrf.find() ? csrf.group(1) : null, response);
    }

    /** Submits the form as the browser would: the page's hidden fields, the cookie, the credentials. */
    private static HttpResponse<String> submit(Page page, Map<String, String> query, String username, String password,
            Optional<String> cookie, String csrf) throws Exception {
        Map<String, String> fields = new LinkedHashMap<>(query);
        fields.put("csrf_token", csrf);
        fields.put("username", username);
        fields.put("password", password);
        fields.put("decision", "approve");
        return post("/oauth/authorize", form(fields), cookie);
    }

    private static String code(HttpResponse<String> redirect) {
        assertThat(redirect.statusCode()).isEqualTo(302);
        String location = redirect.headers().firstValue("Location").orElseThrow();
        assertThat(location).startsWith(REDIRECT + "?code=").endsWith("&state=s-42");
        return location.substring((REDIRECT + "?code=").length(), location.indexOf("&state="));
    }

    /** A code for a fresh user, through the page, with the PKCE challenge of {@link #VERIFIER}. */
    private static String approvedCode() throws Exception {
        String name = user();
        Map<String, String> query = authorizeQuery(REDIRECT, Optional.of(MastodonTokens.s256(VERIFIER)));
        Page page = open(query);
        return code(submit(page, query, name, name + " secret words", Optional.of(page.cookie()), page.csrf()));
    }

    private static HttpResponse<String> exchange(String code, String redirect, Optional<String> verifier,
            Optional<String> secret) throws Exception {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("grant_type", "authorization_code");
        fields.put("code", code);
        fields.put("redirect_uri", redirect);
        fields.put("client_id", clientId);
        secret.ifPresent(s -> fields.put("client_secret", s));
        verifier.ifPresent(v -> fields.put("code_verifier", v));
        return post("/oauth/token", form(fields), Optional.empty());
    }

    private static String error(HttpResponse<String> response) throws IOException {
        return JSON.readTree(response.body()).path("error").asText();
    }

    @Test
    void theCodeIsExchangedOnceForATokenOfTheUserWhoSignedIn() throws Exception {
        String name = user();
        Map<String, String> query = authorizeQuery(REDIRECT, Optional.of(MastodonTokens.s256(VERIFIER)));
        Page page = open(query);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.response().headers().firstValue("Content-Security-Policy").orElseThrow())
                .contains("default-src 'none'").contains("form-action 'self' http://127.0.0.1:9")
                .contains("frame-ancestors 'none'");
        assertThat(page.cookie()).startsWith("feedline_oauth_csrf=");
        assertThat(page.response().headers().firstValue("Set-Cookie").orElseThrow()).contains("HttpOnly").contains("SameSite=Strict");
        assertThat(page.body()).as("the app's name is escaped").contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co")
                .doesNotContain("<script>");

        String code = code(submit(page, query, name, name + " secret words", Optional.of(page.cookie()), page.csrf()));
        HttpResponse<String> token = exchange(code, REDIRECT, Optional.of(VERIFIER), Optional.empty());

        assertThat(token.statusCode()).isEqualTo(200);
        JsonNode body = JSON.readTree(token.body());
        assertThat(body.path("scope").asText()).isEqualTo("read write");
        HttpResponse<String> me = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/accounts/verify_credentials"))
                .header("Authorization", "Bearer " + body.path("access_token").asText()).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(JSON.readTree(me.body()).path("username").asText()).isEqualTo(name);

        HttpResponse<String> again = exchange(code, REDIRECT, Optional.of(VERIFIER), Optional.of(clientSecret));
        assertThat(again.statusCode()).isEqualTo(400);
        assertThat(error(again)).isEqualTo("invalid_grant");
    }

    @Test
    void aWrongOrMissingVerifierGetsNoToken() throws Exception {
        String code = approvedCode();

        HttpResponse<String> wrong = exchange(code, REDIRECT, Optional.of(VERIFIER.replace('a', 'b')), Optional.empty());
        HttpResponse<String> missing = exchange(code, REDIRECT, Optional.empty(), Optional.of(clientSecret));

        assertThat(wrong.statusCode()).isEqualTo(400);
        assertThat(error(wrong)).isEqualTo("invalid_grant");
        assertThat(missing.statusCode()).isEqualTo(400);
        assertThat(error(missing)).isEqualTo("invalid_grant");
        assertThat(exchange(code, REDIRECT, Optional.of(VERIFIER), Optional.empty()).statusCode())
                .as("a failed attempt does not spend the code").isEqualTo(200);
    }

    @Test
    void aCodeIsBoundToItsRedirectUriAndAnUnregisteredOneNeverGetsOne() throws Exception {
        String code = approvedCode();
        HttpResponse<String> elsewhere = exchange(code, "http://127.0.0.1:9/other", Optional.of(VERIFIER), Optional.empty());
        assertThat(elsewhere.statusCode()).isEqualTo(400);
        assertThat(error(elsewhere)).isEqualTo("invalid_grant");

        Page unregistered = open(authorizeQuery("http://evil.example/callback", Optional.empty()));
        assertThat(unregistered.status()).isEqualTo(400);
        assertThat(unregistered.csrf()).as("no form").isNull();
        assertThat(unregistered.response().headers().firstValue("Location")).isEmpty();
    }

    @Test
    void aFormWithoutItsCookieOrWithAnotherTokenIsRefusedWithoutACode() throws Exception {
        String name = user();
        Map<String, String> query = authorizeQuery(REDIRECT, Optional.of(MastodonTokens.s256(VERIFIER)));
        Page page = open(query);
        Page other = open(authorizeQuery(REDIRECT, Optional.empty()));

        HttpResponse<String> noCookie = submit(page, query, name, name + " secret words", Optional.empty(), page.csrf());
        HttpResponse<String> forged = submit(page, query, name, name + " secret words", Optional.of(page.cookie()), "forged");
        HttpResponse<String> otherBrowser = submit(page, query, name, name + " secret words", Optional.of(other.cookie()), page.csrf());

        for (HttpResponse<String> refused : java.util.List.of(noCookie, forged, otherBrowser)) {
            assertThat(refused.statusCode()).isEqualTo(403);
            assertThat(refused.headers().firstValue("Location")).isEmpty();
        }
    }

    @Test
    void aWrongPasswordShowsTheFormAgainWithNoCode() throws Exception {
        String name = user();
        Map<String, String> query = authorizeQuery(REDIRECT, Optional.of(MastodonTokens.s256(VERIFIER)));
        Page page = open(query);

        HttpResponse<String> wrong = submit(page, query, name, "not the password", Optional.of(page.cookie()), page.csrf());

        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(wrong.headers().firstValue("Location")).isEmpty();
        assertThat(wrong.body()).contains("The username or password is wrong").contains("name=\"csrf_token\"");
    }

    @Test
    void withoutPkceTheSecretIsRequiredAndThePlainMethodIsRefused() throws Exception {
        String name = user();
        Map<String, String> query = authorizeQuery(REDIRECT, Optional.empty());
        Page page = open(query);
        String code = code(submit(page, query, name, name + " secret words", Optional.of(page.cookie()), page.csrf()));

        HttpResponse<String> publicClient = exchange(code, REDIRECT, Optional.empty(), Optional.empty());
        assertThat(publicClient.statusCode()).isEqualTo(401);
        assertThat(error(publicClient)).isEqualTo("invalid_client");
        assertThat(exchange(code, REDIRECT, Optional.empty(), Optional.of(clientSecret)).statusCode()).isEqualTo(200);

        Map<String, String> plain = authorizeQuery(REDIRECT, Optional.of(MastodonTokens.s256(VERIFIER)));
        plain.put("code_challenge_method", "plain");
        Page refused = open(plain);
        assertThat(refused.status()).isEqualTo(302);
        assertThat(refused.response().headers().firstValue("Location").orElseThrow())
                .startsWith(REDIRECT + "?error=invalid_request&state=s-42");
    }

    private static HttpResponse<String> post(String path, String form, Optional<String> cookie) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form));
        cookie.ifPresent(c -> request.header("Cookie", c));
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}

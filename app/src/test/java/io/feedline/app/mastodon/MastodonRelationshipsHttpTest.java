package io.feedline.app.mastodon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.feedline.app.bootstrap.App;
import io.feedline.app.http.TestApps;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code GET /api/v1/accounts/relationships} answers the native mutes and blocks in {@code muting}, {@code blocking} and {@code blocked_by}. */
class MastodonRelationshipsHttpTest {
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
        JsonNode registered = JSON.readTree(send(HttpRequest.newBuilder(URI.create(base + "/api/v1/apps"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form(Map.of(
                        "client_name", "relationships", "redirect_uris", "http://127.0.0.1:9/callback", "scopes", "read write"))))).body());
        clientId = registered.path("client_id").asText();
        clientSecret = registered.path("client_secret").asText();
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String form(Map<String, String> fields) {
        return fields.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    /** A new user, signed in natively; returns {name, native token}. */
    private static String[] user() throws Exception {
        String name = "u" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        String password = name + " secret words";
        HttpResponse<String> created = send(HttpRequest.newBuilder(URI.create(nativeBase + "/users"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("username", name,
                        "email", name + "@example.org", "password", password, "displayName", name)))));
        assertThat(created.statusCode()).isEqualTo(201);
        HttpResponse<String> session = send(HttpRequest.newBuilder(URI.create(nativeBase + "/sessions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("username", name, "password", password)))));
        assertThat(session.statusCode()).isEqualTo(201);
        return new String[] {name, JSON.readTree(session.body()).path("token").asText()};
    }

    private static String mastodonToken(String name) throws Exception {
        HttpResponse<String> token = send(HttpRequest.newBuilder(URI.create(base + "/oauth/token"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form(Map.of("grant_type", "password", "client_id", clientId,
                        "client_secret", clientSecret, "username", name, "password", name + " secret words", "scope", "read")))));
        assertThat(token.statusCode()).as(token.body()).isEqualTo(200);
        return JSON.readTree(token.body()).path("access_token").asText();
    }

    private static void nativePut(String path, String token) throws Exception {
        assertThat(send(HttpRequest.newBuilder(URI.create(nativeBase + path)).header("Authorization", "Bearer " + token)
                .PUT(HttpRequest.BodyPublishers.noBody())).statusCode()).isEqualTo(200);
    }

    private static JsonNode relationship(String token, String other) throws Exception {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(URI.create(base + "/api/v1/accounts/relationships?id[]=" + other))
                .header("Authorization", "Bearer " + token).GET());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return JSON.readTree(answer.body()).get(0);
    }

    @Test
    void mutesAndBlocksShowInTheRelationship() throws Exception {
        String[] alice = user();
        String[] bob = user();
        String[] carol = user();
        String aliceToken = mastodonToken(alice[0]);
        String bobToken = mastodonToken(bob[0]);
        assertThat(relationship(aliceToken, bob[0]).path("muting").asBoolean()).isFalse();

        nativePut("/users/" + bob[0] + "/mute", alice[1]);
        nativePut("/users/" + bob[0] + "/block", alice[1]);
        nativePut("/users/" + carol[0] + "/block", bob[1]);

        JsonNode aliceToBob = relationship(aliceToken, bob[0]);
        assertThat(aliceToBob.path("muting").asBoolean()).isTrue();
        assertThat(aliceToBob.path("muting_notifications").asBoolean()).isTrue();
        assertThat(aliceToBob.path("blocking").asBoolean()).isTrue();
        assertThat(aliceToBob.path("blocked_by").asBoolean()).isFalse();
        JsonNode bobToAlice = relationship(bobToken, alice[0]);
        assertThat(bobToAlice.path("blocked_by").asBoolean()).isTrue();
        assertThat(bobToAlice.path("blocking").asBoolean()).isFalse();
        assertThat(bobToAlice.path("muting").asBoolean()).isFalse();
        assertThat(relationship(bobToken, carol[0]).path("blocking").asBoolean()).isTrue();
    }
}

package io.feedline.app.mastodon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.feedline.app.bootstrap.App;
import io.feedline.app.http.TestApps;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Mastodon API takes only one spelling of a value: a token re-spelled in base64url, a Kelvin
 * sign standing for a {@code k}, and bytes that are not UTF-8 are refused, in Mastodon's error shape.
 */
class MastodonStrictInputHttpTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

    private static App app;
    private static String base;
    private static String name;
    private static String token;

    @BeforeAll
    static void start() throws Exception {
        app = TestApps.start(Map.of("mastodon.enabled", true, "mastodon.port", 0));
        base = "http://127.0.0.1:" + app.mastodonPort().orElseThrow();
        String nativeBase = "http://127.0.0.1:" + app.port();
        JsonNode registered = JSON.readTree(form(base + "/api/v1/apps", Map.of("client_name", "strict",
                "redirect_uris", "urn:ietf:wg:oauth:2.0:oob", "scopes", "read write")).body());
        name = "k" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        String password = name + " secret words";
        HttpResponse<String> created = send(HttpRequest.newBuilder(URI.create(nativeBase + "/users"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("username", name,
                        "email", name + "@example.org", "password", password)))));
        assertThat(created.statusCode()).isEqualTo(201);
        HttpResponse<String> granted = form(base + "/oauth/token", Map.of("grant_type", "password",
                "client_id", registered.path("client_id").asText(), "client_secret", registered.path("client_secret").asText(),
                "username", name, "password", password, "scope", "read write"));
        assertThat(granted.statusCode()).as(granted.body()).isEqualTo(200);
        token = JSON.readTree(granted.body()).path("access_token").asText();
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    @Test
    void anAccessTokenSpelledOtherwiseThanCanonicallyIsUnauthorized() throws Exception {
        assertThat(get("/api/v1/accounts/verify_credentials", token).statusCode()).isEqualTo(200);

        for (String respelled : List.of(lowBitSet(token), token + "=")) {
            HttpResponse<String> refused = get("/api/v1/accounts/verify_credentials", respelled);
            assertThat(refused.statusCode()).as(respelled).isEqualTo(401);
            assertThat(JSON.readTree(refused.body()).path("error").isTextual()).isTrue();
        }
    }

    @Test
    void anAcctWithAKelvinSignFindsNoAccount() throws Exception {
        assertThat(get("/api/v1/accounts/lookup?acct=" + name, null).statusCode()).isEqualTo(200);

        String kelvin = URLEncoder.encode("\u212A" + name.substring(1), StandardCharsets.UTF_8);
        assertThat(get("/api/v1/accounts/lookup?acct=" + kelvin, null).statusCode()).isEqualTo(404);
        assertThat(get("/api/v1/accounts/" + kelvin, null).statusCode()).isEqualTo(404);
    }

    @Test
    void aBodyThatIsNotUtf8IsRefusedNeverRepaired() throws Exception {
        for (String bytes : List.of("c0af", "eda080", "e282", "ff")) {
            byte[] invalid = HexFormat.of().parseHex(bytes);
            assertRefused(post("application/json", concat(ascii("{\"status\":\"a"), invalid, ascii("\"}"))), bytes + " in JSON");
            assertRefused(post("application/x-www-form-urlencoded", concat(ascii("status=a"), invalid)), bytes + " raw in a form");
            String escaped = bytes.replaceAll("(..)", "%$1");
            assertRefused(post("application/x-www-form-urlencoded", ascii("status=a" + escaped)), bytes + " escaped in a form");
        }
        HttpResponse<String> fine = post("application/x-www-form-urlencoded",
                ascii("status=" + URLEncoder.encode("caf\u00e9 \uD83D\uDE00", StandardCharsets.UTF_8)));
        assertThat(fine.statusCode()).as(fine.body()).isEqualTo(200);
    }

    private static void assertRefused(HttpResponse<String> response, String what) throws Exception {
        assertThat(response.statusCode()).as(what + ": " + response.body()).isEqualTo(400);
        assertThat(JSON.readTree(response.body()).path("error").asText()).as(what).contains("UTF-8");
    }

    private static HttpResponse<String> post(String contentType, byte[] body) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(base + "/api/v1/statuses"))
                .header("Authorization", "Bearer " + token).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    private static HttpResponse<String> get(String path, String bearer) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).GET();
        if (bearer != null) {
            request.header("Authorization", "Bearer " + bearer);
        }
        return send(request);
    }

    private static HttpResponse<String> form(String url, Map<String, String> fields) throws Exception {
        String body = fields.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The lowest bit of the last character set: in a 32-byte signature's 43 characters, an unused bit. */
    private static String lowBitSet(String text) {
        int last = text.length() - 1;
        return text.substring(0, last) + ALPHABET.charAt(ALPHABET.indexOf(text.charAt(last)) ^ 1);
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            all.writeBytes(part);
        }
        return all.toByteArray();
    }
}

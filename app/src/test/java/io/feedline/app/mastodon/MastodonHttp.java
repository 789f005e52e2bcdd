package io.feedline.app.mastodon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.feedline.app.bootstrap.App;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A plain HTTP client of one app's Mastodon port (and of its native port, where users sign up and
 * {@code /metrics} is read), for the Mastodon tests that need no more than requests and answers.
 */
final class MastodonHttp {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String OUT_OF_BAND = "urn:ietf:wg:oauth:2.0:oob";
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    final int port;
    final String base;
    final String nativeBase;

    MastodonHttp(App app) {
        this.port = app.mastodonPort().orElseThrow();
        this.base = "http://127.0.0.1:" + port;
        this.nativeBase = "http://127.0.0.1:" + app.port();
    }

    static String form(Map<String, String> fields) {
        return fields.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    static HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A request to the Mastodon port, with the token as a bearer when there is one. */
    HttpRequest.Builder request(String path, Optional<String> token) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path));
        token.ifPresent(t -> request.header("Authorization", "Bearer " + t));
        return request;
    }

    HttpResponse<String> get(String path, Optional<String> token) {
        return send(request(path, token).GET());
    }

    HttpResponse<String> postForm(String path, Map<String, String> fields, Optional<String> token) {
        return send(request(path, token).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form(fields))));
    }

    /** Registers an app with these redirect URIs; the answer as it came. */
    HttpResponse<String> registerApp(String redirectUris) {
        return postForm("/api/v1/apps", Map.of("client_name", "tests", "redirect_uris", redirectUris,
                "scopes", "read write follow"), Optional.empty());
    }

    /** A new user, signed up on the native port; the password is {@link #password}. */
    String signUp() {
        String name = "m" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        HttpResponse<String> created = send(HttpRequest.newBuilder(URI.create(nativeBase + "/users"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json(Map.of("username", name, "email", name + "@example.org",
                        "password", password(name))))));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return name;
    }

    static String password(String name) {
        return name + " secret words";
    }

    /** A native bearer token of the user. */
    String nativeToken(String name) {
        HttpResponse<String> session = send(HttpRequest.newBuilder(URI.create(nativeBase + "/sessions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json(Map.of("username", name, "password", password(name))))));
        assertThat(session.statusCode()).as(session.body()).isEqualTo(201);
        return tree(session.body()).path("token").asText();
    }

    /** A Mastodon access token of the user, through an out-of-band app and the password grant. */
    String token(String name, String scope) {
        JsonNode app = tree(registerApp(OUT_OF_BAND).body());
        HttpResponse<String> issued = postForm("/oauth/token", Map.of("grant_type", "password",
                "client_id", app.path("client_id").asText(), "client_secret", app.path("client_secret").asText(),
                "username", name, "password", password(name), "scope", scope), Optional.empty());
        assertThat(issued.statusCode()).as(issued.body()).isEqualTo(200);
        return tree(issued.body()).path("access_token").asText();
    }

    /** The value of an unlabelled sample in the native port's {@code /metrics}, as Prometheus text gives it. */
    String metric(String name) {
        String text = send(HttpRequest.newBuilder(URI.create(nativeBase + "/metrics")).GET()).body();
        Matcher sample = Pattern.compile("(?m)^" + Pattern.quote(name) + "(?:\\{[^}]*\\})? (\\S+)$").matcher(text);
        assertThat(sample.find()).as(name + " in /metrics").isTrue();
        return sample.group(1);
    }

    /** The head of an HTTP answer read from a raw socket: its status line and header lines. */
    static String head(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            head.append((char) b);
        }
        return head.toString();
    }

    static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package io.feedline.app.mastodon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.feedline.app.bootstrap.App;
import io.feedline.app.http.TestApps;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** An article as a Mastodon status: its title in bold, then its excerpt, linking to its native page. */
class MastodonArticlesHttpTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static App app;

    @BeforeAll
    static void start() {
        app = TestApps.start(Map.of("mastodon.enabled", true, "mastodon.port", 0));
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    private static JsonNode post(String url, String token, Map<String, Object> body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return JSON.readTree(HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString()).body());
    }

    @Test
    void anArticleStatusShowsItsTitleAndExcerptAndLinksToTheArticle() throws Exception {
        String nativeBase = "http://127.0.0.1:" + app.port();
        String base = "http://127.0.0.1:" + app.mastodonPort().orElseThrow();
        String name = "m" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        String password = name + " secret words";
        post(nativeBase + "/users", null, Map.of("username", name, "email", name + "@example.org", "password", password,
                "displayName", name));
        String token = post(nativeBase + "/sessions", null, Map.of("username", name, "password", password)).path("token").asText();
        String body = "word ".repeat(200).strip();
        String id = post(nativeBase + "/posts", token, Map.of("title", "Tom & <Jerry>", "text", body)).path("id").asText();

        JsonNode status = JSON.readTree(HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/statuses/" + id)).build(),
                HttpResponse.BodyHandlers.ofString()).body());

        assertThat(status.path("content").asText()).startsWith("<p><strong>Tom &amp; &lt;Jerry&gt;</strong></p><p>word word")
                .endsWith("…</p>");
        assertThat(status.path("content").asText().length()).isLessThan(body.length());
        assertThat(status.path("url").asText()).isEqualTo(base + "/users/" + name + "/articles/tom-jerry");
    }
}

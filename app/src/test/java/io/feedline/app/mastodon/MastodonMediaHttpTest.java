package io.feedline.app.mastodon;

import static io.feedline.app.mastodon.MastodonHttp.tree;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Images;
import io.feedline.app.http.TestApps;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Mastodon's media routes: {@code POST /api/v2/media} (and v1), one's own upload read and
 * described, {@code media_ids[]} on a status, and {@code media_attachments} valid against
 * Mastodon's schema wherever statuses are listed.
 */
class MastodonMediaHttpTest {
    private static App app;
    private static MastodonHttp http;

    @BeforeAll
    static void start() {
        app = TestApps.start(Map.of("mastodon.enabled", true, "mastodon.port", 0));
        http = new MastodonHttp(app);
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    private static HttpResponse<String> upload(String path, String token, byte[] body) {
        return MastodonHttp.send(http.request(path, Optional.of(token)).header("Content-Type", Images.MULTIPART)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    private static HttpResponse<String> postJson(String path, String token, Object body) {
        return MastodonHttp.send(http.request(path, Optional.of(token)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(MastodonHttp.json(body))));
    }

    private static HttpResponse<String> putForm(String path, String token, Map<String, String> fields) {
        return MastodonHttp.send(http.request(path, Optional.of(token)).header("Content-Type", "application/x-www-form-urlencoded")
                .PUT(HttpRequest.BodyPublishers.ofString(MastodonHttp.form(fields))));
    }

    private static String writer() {
        return http.token(http.signUp(), "read write");
    }

    @Test
    void anUploadAnswersAProcessedMediaAttachmentWhoseUrlsServeTheImage() throws Exception {
        String token = writer();

        HttpResponse<String> uploaded = upload("/api/v2/media", token,
                Images.upload(Images.png(320, 160), "description", "a flag", "focus", "0.5,-0.25"));

        assertThat(uploaded.statusCode()).as(uploaded.body()).isEqualTo(200);
        JsonNode media = tree(uploaded.body());
        MastodonSchema.assertValid("MediaAttachment", media);
        assertThat(media.path("type").asText()).isEqualTo("image");
        assertThat(media.path("description").asText()).isEqualTo("a flag");
        assertThat(media.path("remote_url").isNull()).isTrue();
        assertThat(media.path("meta").path("original").path("width").asInt()).isEqualTo(320);
        assertThat(media.path("meta").path("original").path("aspect").asDouble()).isEqualTo(2.0);
        assertThat(media.path("meta").path("small").path("width").asInt()).isLessThanOrEqualTo(640);
        assertThat(media.path("meta").path("focus").path("x").asDouble()).isEqualTo(0.5);
        assertThat(media.path("url").asText()).startsWith(http.base + "/media/");
        try (HttpClient client = HttpClient.newHttpClient()) {
            for (String url : List.of(media.path("url").asText(), media.path("preview_url").asText())) {
                HttpResponse<byte[]> file = client.send(HttpRequest.newBuilder(URI.create(url)).build(),
                        HttpResponse.BodyHandlers.ofByteArray());
                assertThat(file.statusCode()).as(url).isEqualTo(200);
                assertThat(file.headers().firstValue("Content-Type")).contains("image/png");
                assertThat(Images.size(file.body())[0]).isPositive();
            }
        }
        HttpResponse<String> old = upload("/api/v1/media", token, Images.upload(Images.jpeg(20, 20)));
        assertThat(old.statusCode()).as(old.body()).isEqualTo(200);
        MastodonSchema.assertValid("MediaAttachment", tree(old.body()));
    }

    @Test
    void anUploadIsReadAndDescribedByItsUploaderOnlyAndOnlyUntilPosted() {
        String token = writer();
        String other = writer();
        String id = tree(upload("/api/v2/media", token, Images.upload(Images.png(30, 30))).body()).path("id").asText();

        assertThat(http.get("/api/v1/media/" + id, Optional.of(other)).statusCode()).isEqualTo(404);
        assertThat(putForm("/api/v1/media/" + id, other, Map.of("description", "mine")).statusCode()).isEqualTo(404);
        HttpResponse<String> described = putForm("/api/v1/media/" + id, token, Map.of("description", "a square", "focus", "-1,1"));
        assertThat(described.statusCode()).as(described.body()).isEqualTo(200);
        assertThat(tree(described.body()).path("description").asText()).isEqualTo("a square");
        JsonNode read = tree(http.get("/api/v1/media/" + id, Optional.of(token)).body());
        assertThat(read.path("description").asText()).isEqualTo("a square");
        assertThat(read.path("meta").path("focus").path("y").asDouble()).isEqualTo(1.0);

        assertThat(http.postForm("/api/v1/statuses", Map.of("status", "posted", "media_ids[]", id), Optional.of(token)).statusCode())
                .isEqualTo(200);
        assertThat(putForm("/api/v1/media/" + id, token, Map.of("description", "too late")).statusCode()).isEqualTo(404);
        assertThat(tree(http.get("/api/v1/media/" + id, Optional.of(token)).body()).path("description").asText()).isEqualTo("a square");
    }

    @Test
    void aStatusOfMediaAloneCarriesItsAttachmentsOnTheHomeTimeline() {
        String name = http.signUp();
        String token = http.token(name, "read write follow");
        String first = tree(upload("/api/v2/media", token, Images.upload(Images.png(50, 25))).body()).path("id").asText();
        String second = tree(upload("/api/v2/media", token, Images.upload(Images.png(25, 50))).body()).path("id").asText();

        HttpResponse<String> posted = postJson("/api/v1/statuses", token, Map.of("media_ids", List.of(first, second)));
        app.drainFanout();

        assertThat(posted.statusCode()).as(posted.body()).isEqualTo(200);
        JsonNode status = tree(posted.body());
        MastodonSchema.assertValid("Status", status);
        assertThat(ids(status.path("media_attachments"))).containsExactly(first, second);
        JsonNode home = tree(http.get("/api/v1/timelines/home", Optional.of(token)).body());
        JsonNode listed = home.get(0);
        assertThat(listed.path("id").asText()).isEqualTo(status.path("id").asText());
        MastodonSchema.assertValid("Status", listed);
        assertThat(ids(listed.path("media_attachments"))).containsExactly(first, second);
        assertThat(listed.path("media_attachments").get(1).path("meta").path("original").path("height").asInt()).isEqualTo(50);
        JsonNode shown = tree(http.get("/api/v1/statuses/" + status.path("id").asText(), Optional.empty()).body());
        assertThat(ids(shown.path("media_attachments"))).containsExactly(first, second);
    }

    @Test
    void badUploadsAndBadMediaIdsAreRefusedInMastodonsShape() {
        String token = writer();
        String other = writer();
        String readOnly = http.token(http.signUp(), "read");
        String theirs = tree(upload("/api/v2/media", other, Images.upload(Images.png(12, 12))).body()).path("id").asText();
        List<String> five = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            five.add(tree(upload("/api/v2/media", token, Images.upload(Images.png(10 + i, 10))).body()).path("id").asText());
        }

        List<HttpResponse<String>> refused = List.of(
                upload("/api/v2/media", token, Images.multipart("picture", Images.png(10, 10))),
                upload("/api/v2/media", token, Images.upload("words, not pixels".getBytes(StandardCharsets.UTF_8))),
                upload("/api/v2/media", token, Images.upload(Images.mp4())),
                upload("/api/v2/media", token, Images.upload(Images.png(10, 10), "focus", "2,0")),
                postJson("/api/v1/statuses", token, Map.of("status", "five", "media_ids", five)),
                postJson("/api/v1/statuses", token, Map.of("status", "theirs", "media_ids", List.of(theirs))),
                postJson("/api/v1/statuses", token, Map.of("status", "nonsense", "media_ids", List.of("nonsense"))),
                postJson("/api/v1/statuses", token, Map.of("status", "")));

        for (HttpResponse<String> answer : refused) {
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(422);
            assertThat(tree(answer.body()).path("error").isTextual()).as(answer.body()).isTrue();
        }
        assertThat(upload("/api/v2/media", readOnly, Images.upload(Images.png(10, 10))).statusCode()).isEqualTo(403);
    }

    @Test
    void theInstanceAnnouncesImageUploadsOfUpToFourAPost() {
        JsonNode configuration = tree(http.get("/api/v2/instance", Optional.empty()).body()).path("configuration");

        assertThat(configuration.path("statuses").path("max_media_attachments").asInt()).isEqualTo(4);
        assertThat(configuration.path("media_attachments").path("supported_mime_types"))
                .extracting(JsonNode::asText).contains("image/jpeg", "image/png").noneMatch(type -> type.startsWith("video/"));
        assertThat(configuration.path("media_attachments").path("image_size_limit").asLong()).isPositive();
    }

    @Test
    void theSchemaCheckRefusesAnAttachmentOfTheWrongShape() {
        assertThatThrownBy(() -> MastodonSchema.assertValid("MediaAttachment", tree("{\"id\":\"1\",\"type\":\"picture\"}")))
                .isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> MastodonSchema.assertValid("MediaAttachment", tree("{\"type\":\"image\"}")))
                .isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> MastodonSchema.assertValid("MediaAttachment",
                tree("{\"id\":\"1\",\"type\":\"image\",\"meta\":{\"original\":{\"width\":\"wide\"}}}")))
                .isInstanceOf(AssertionError.class);
    }

    private static List<String> ids(JsonNode attachments) {
        List<String> ids = new ArrayList<>();
        attachments.forEach(a -> ids.add(a.path("id").asText()));
        return ids;
    }
}

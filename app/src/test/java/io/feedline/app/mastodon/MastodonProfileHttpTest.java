package io.feedline.app.mastodon;

import static io.feedline.app.mastodon.MastodonHttp.tree;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Images;
import io.feedline.app.http.TestApps;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code PATCH /api/v1/accounts/update_credentials}: a profile edit with an avatar, read back in
 * Mastodon's entities; the edit shows in the statuses others read; a password change on the native
 * API ends the Mastodon tokens issued before it.
 */
class MastodonProfileHttpTest {
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

    private static HttpResponse<String> patch(String token, String contentType, byte[] body) {
        return MastodonHttp.send(http.request("/api/v1/accounts/update_credentials", Optional.of(token))
                .header("Content-Type", contentType).method("PATCH", HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    @Test
    void anEditWithAnAvatarIsACredentialAccountAndShowsInVerifyCredentials() throws Exception {
        String name = http.signUp();
        String token = http.token(name, "read write");
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("avatar", Images.png(500, 500));

        HttpResponse<String> edited = patch(token, Images.MULTIPART, Images.multipart(files,
                "display_name", "Ada <Lovelace>", "note", "counts\nthings",
                "fields_attributes[0][name]", "Site", "fields_attributes[0][value]", "a&b",
                "fields_attributes[1][name]", "", "fields_attributes[1][value]", "",
                "locked", "false", "bot", "false"));

        assertThat(edited.statusCode()).as(edited.body()).isEqualTo(200);
        JsonNode account = tree(edited.body());
        MastodonSchema.assertValid("CredentialAccount", account);
        assertThat(account.path("display_name").asText()).isEqualTo("Ada <Lovelace>");
        assertThat(account.path("note").asText()).isEqualTo("<p>counts<br>things</p>");
        assertThat(account.path("source").path("note").asText()).isEqualTo("counts\nthings");
        assertThat(account.path("fields").size()).as("the blank row is dropped").isEqualTo(1);
        assertThat(account.path("fields").get(0).path("value").asText()).isEqualTo("a&amp;b");
        assertThat(account.path("source").path("fields").get(0).path("value").asText()).isEqualTo("a&b");
        String avatar = account.path("avatar").asText();
        assertThat(avatar).startsWith(http.base + "/media/profile-");
        try (HttpClient client = HttpClient.newHttpClient()) {
            HttpResponse<byte[]> image = client.send(HttpRequest.newBuilder(URI.create(avatar)).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertThat(image.statusCode()).isEqualTo(200);
            assertThat(Images.size(image.body())[0]).isLessThanOrEqualTo(640);
        }
        JsonNode verified = tree(http.get("/api/v1/accounts/verify_credentials", Optional.of(token)).body());
        MastodonSchema.assertValid("CredentialAccount", verified);
        assertThat(verified.path("avatar").asText()).isEqualTo(avatar);
        assertThat(verified.path("display_name").asText()).isEqualTo("Ada <Lovelace>");

        HttpResponse<String> textOnly = patch(token, "application/x-www-form-urlencoded",
                MastodonHttp.form(Map.of("note", "only the note")).getBytes());
        assertThat(textOnly.statusCode()).as(textOnly.body()).isEqualTo(200);
        assertThat(tree(textOnly.body()).path("display_name").asText()).as("not sent, so kept").isEqualTo("Ada <Lovelace>");
        assertThat(tree(textOnly.body()).path("avatar").asText()).isEqualTo(avatar);
    }

    @Test
    void jsonTakesProfileFieldsAsAnArrayOrAsNumberedRows() {
        String token = http.token(http.signUp(), "read write");

        HttpResponse<String> asArray = patch(token, "application/json",
                "{\"note\":\"by json\",\"fields_attributes\":[{\"name\":\"Site\",\"value\":\"x.example\"},{\"name\":\"\",\"value\":\"\"}]}"
                        .getBytes(StandardCharsets.UTF_8));
        assertThat(asArray.statusCode()).as(asArray.body()).isEqualTo(200);
        JsonNode account = tree(asArray.body());
        MastodonSchema.assertValid("CredentialAccount", account);
        assertThat(account.path("source").path("fields").size()).isEqualTo(1);
        assertThat(account.path("source").path("fields").get(0).path("name").asText()).isEqualTo("Site");
        assertThat(account.path("source").path("note").asText()).isEqualTo("by json");

        HttpResponse<String> asRows = patch(token, "application/json",
                "{\"fields_attributes\":{\"0\":{\"name\":\"Pronouns\",\"value\":\"she/her\"},\"1\":{\"name\":\"Home\",\"value\":\"Lyon\"}}}"
                        .getBytes(StandardCharsets.UTF_8));
        assertThat(asRows.statusCode()).as(asRows.body()).isEqualTo(200);
        JsonNode fields = tree(asRows.body()).path("source").path("fields");
        assertThat(fields.size()).isEqualTo(2);
        assertThat(fields.get(0).path("value").asText()).isEqualTo("she/her");
        assertThat(fields.get(1).path("name").asText()).isEqualTo("Home");
        assertThat(tree(asRows.body()).path("source").path("note").asText()).as("not sent, so kept").isEqualTo("by json");
    }

    @Test
    void anEditShowsInTheStatusesOthersReadWithinASecond() {
        String name = http.signUp();
        String token = http.token(name, "read write");
        String reader = http.token(http.signUp(), "read");
        String status = tree(http.postForm("/api/v1/statuses", Map.of("status", "before the rename"), Optional.of(token)).body())
                .path("id").asText();
        assertThat(tree(http.get("/api/v1/statuses/" + status, Optional.of(reader)).body())
                .path("account").path("display_name").asText()).isNotEqualTo("Renamed");

        HttpResponse<String> edited = patch(token, "application/x-www-form-urlencoded",
                MastodonHttp.form(Map.of("display_name", "Renamed")).getBytes());
        assertThat(edited.statusCode()).as(edited.body()).isEqualTo(200);

        await("the status shows its author's new name").atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            JsonNode read = tree(http.get("/api/v1/statuses/" + status, Optional.of(reader)).body());
            MastodonSchema.assertValid("Status", read);
            assertThat(read.path("account").path("display_name").asText()).isEqualTo("Renamed");
        });
    }

    @Test
    void badEditsAreMastodonValidationErrors() {
        String token = http.token(http.signUp(), "read write");

        HttpResponse<String> locked = patch(token, "application/x-www-form-urlencoded",
                MastodonHttp.form(Map.of("locked", "true")).getBytes());
        assertThat(locked.statusCode()).isEqualTo(422);
        assertThat(tree(locked.body()).path("error").asText()).contains("Locked");

        HttpResponse<String> bidi = patch(token, "application/x-www-form-urlencoded",
                MastodonHttp.form(Map.of("display_name", "evil\u202Eeman")).getBytes());
        assertThat(bidi.statusCode()).isEqualTo(422);

        HttpResponse<String> notAnImage = patch(token, Images.MULTIPART,
                Images.multipart(Map.of("header", "no image".getBytes())));
        assertThat(notAnImage.statusCode()).as(notAnImage.body()).isEqualTo(422);

        String readOnly = http.token(http.signUp(), "read");
        assertThat(patch(readOnly, "application/x-www-form-urlencoded", MastodonHttp.form(Map.of("note", "x")).getBytes())
                .statusCode()).as("write:accounts is needed").isEqualTo(403);
    }

    @Test
    void aPasswordChangeOnTheNativeApiEndsTheMastodonTokensIssuedBefore() {
        String name = http.signUp();
        String mastodon = http.token(name, "read");
        assertThat(http.get("/api/v1/accounts/verify_credentials", Optional.of(mastodon)).statusCode()).isEqualTo(200);

        HttpResponse<String> changed = MastodonHttp.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + app.port() + "/users/me/password"))
                .header("Authorization", "Bearer " + http.nativeToken(name))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(MastodonHttp.json(Map.of(
                        "currentPassword", MastodonHttp.password(name), "newPassword", "another long passphrase")))));
        assertThat(changed.statusCode()).as(changed.body()).isEqualTo(200);

        HttpResponse<String> after = http.get("/api/v1/accounts/verify_credentials", Optional.of(mastodon));
        assertThat(after.statusCode()).isEqualTo(401);
        assertThat(tree(after.body()).path("error").asText()).contains("password");
    }
}

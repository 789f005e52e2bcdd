package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code PATCH /users/me}: names, bio, fields, an avatar and a header, each set only when sent. */
class ProfileEditHttpTest {
    private static App app;
    private static ApiClient api;
    private static Accounts accounts;

    @BeforeAll
    static void start() {
        app = TestApps.shared();
        api = new ApiClient(app.port());
        accounts = new Accounts(api);
    }

    private static Response edit(User user, Object... membersAndValues) {
        return api.method("PATCH", "/users/me").token(user.token()).json(membersAndValues).send();
    }

    @Test
    void anEditShowsOnTheProfileAndWhatItLeavesOutIsKept() {
        User alice = accounts.signUp("editor");

        Response edited = edit(alice, "displayName", "Alice Ä", "bio", "line one\nline two",
                "fields", List.of(Map.of("name", "Pronouns", "value", "she/her"), Map.of("name", "Site", "value", "")));

        assertThat(edited.status()).as(edited.toString()).isEqualTo(200);
        assertThat(edited.text("displayName")).isEqualTo("Alice Ä");
        assertThat(edited.text("email")).isEqualTo(alice.username() + "@example.com");
        JsonNode profile = api.get("/users/" + alice.username()).send().json();
        assertThat(profile.path("displayName").asText()).isEqualTo("Alice Ä");
        assertThat(profile.path("bio").asText()).isEqualTo("line one\nline two");
        assertThat(profile.path("fields").get(0).path("name").asText()).isEqualTo("Pronouns");
        assertThat(profile.path("fields").get(0).path("value").asText()).isEqualTo("she/her");
        assertThat(profile.path("fields").size()).isEqualTo(2);
        assertThat(profile.has("avatar")).as("no avatar yet").isFalse();

        Response renamed = edit(alice, "displayName", "Alice B");

        assertThat(renamed.status()).isEqualTo(200);
        JsonNode after = api.get("/users/" + alice.username()).send().json();
        assertThat(after.path("displayName").asText()).isEqualTo("Alice B");
        assertThat(after.path("bio").asText()).as("the bio was not sent, so it stays").isEqualTo("line one\nline two");
        assertThat(after.path("fields").size()).as("the fields stay").isEqualTo(2);
    }

    @Test
    void anAvatarAndAHeaderAreProcessedStoredAndServed() {
        User bob = accounts.signUp("avatared");
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("avatar", Images.png(900, 900));
        files.put("header", Images.jpeg(1500, 500));

        Response edited = api.method("PATCH", "/users/me").token(bob.token())
                .raw(Images.MULTIPART, Images.multipart(files, "displayName", "Bob with a face")).send();

        assertThat(edited.status()).as(edited.toString()).isEqualTo(200);
        assertThat(edited.text("displayName")).isEqualTo("Bob with a face");
        JsonNode profile = api.get("/users/" + bob.username()).send().json();
        String avatar = profile.path("avatar").path("previewUrl").asText();
        String header = profile.path("header").path("url").asText();
        assertThat(avatar).startsWith("/media/profile-" + bob.id() + "-");
        HttpResponse<byte[]> small = fetch(avatar);
        assertThat(small.statusCode()).isEqualTo(200);
        assertThat(small.headers().firstValue("Content-Type")).contains("image/png");
        assertThat(Images.size(small.body())[0]).as("the preview is bounded").isLessThanOrEqualTo(640);
        HttpResponse<byte[]> wide = fetch(header);
        assertThat(wide.statusCode()).isEqualTo(200);
        assertThat(Images.size(wide.body())).containsExactly(1500, 500);
    }

    @Test
    void badInputNamesItsField() {
        User carol = accounts.signUp("badedit");

        Response bidi = edit(carol, "displayName", "evil\u202Eeman");
        assertThat(bidi.status()).isEqualTo(400);
        assertThat(bidi.text("field")).isEqualTo("displayName");

        Response longBio = edit(carol, "bio", "x".repeat(501));
        assertThat(longBio.status()).isEqualTo(400);
        assertThat(longBio.text("field")).isEqualTo("bio");

        Map<String, String> field = Map.of("name", "n", "value", "v");
        Response five = edit(carol, "fields", List.of(field, field, field, field, field));
        assertThat(five.status()).isEqualTo(400);
        assertThat(five.text("field")).isEqualTo("fields");

        Response notAnImage = api.method("PATCH", "/users/me").token(carol.token())
                .raw(Images.MULTIPART, Images.multipart(Map.of("avatar", "not an image at all".getBytes()))).send();
        assertThat(notAnImage.status()).as(notAnImage.toString()).isEqualTo(422);
        assertThat(notAnImage.text("field")).isEqualTo("avatar");

        assertThat(api.get("/users/" + carol.username()).send().json().path("displayName").asText())
                .as("nothing of a refused edit was written").isEqualTo(carol.username());
        assertThat(api.method("PATCH", "/users/me").json("displayName", "anonymous").send().status())
                .as("an edit needs a token").isEqualTo(401);
    }

    private static HttpResponse<byte[]> fetch(String path) {
        return MediaHttpTest.fetch(app.port(), path);
    }
}

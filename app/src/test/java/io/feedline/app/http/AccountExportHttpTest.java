package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code GET /users/me/export} on the embedded engines: everything the account holds, as its schema says. */
class AccountExportHttpTest {
    private static App app;
    private static ApiClient api;
    private static Accounts accounts;

    @BeforeAll
    static void start() {
        app = TestApps.shared();
        api = new ApiClient(app.port());
        accounts = new Accounts(api);
    }

    private static List<String> values(JsonNode list, String field) {
        List<String> values = new ArrayList<>();
        list.forEach(item -> values.add(item.path(field).asText()));
        return values;
    }

    @Test
    void theExportHoldsTheAccountsPostsMediaFollowsLikesMutesAndBlocks() {
        User alice = accounts.signUp("exporter");
        User bob = accounts.signUp("followed");
        User carol = accounts.signUp("follower");
        User dave = accounts.signUp("muted");
        User eve = accounts.signUp("blocked");
        String media = api.post("/media").token(alice.token()).raw(Images.MULTIPART, Images.upload(Images.png(30, 20))).send().text("id");
        String photoPost = api.post("/posts").token(alice.token()).json("text", "a photo", "mediaIds", List.of(media)).send().text("id");
        String bobsPost = api.post("/posts").token(bob.token()).json("text", "worth a like").send().text("id");
        assertThat(api.put("/users/" + bob.username() + "/follow").token(alice.token()).send().status()).isEqualTo(200);
        assertThat(api.put("/users/" + alice.username() + "/follow").token(carol.token()).send().status()).isEqualTo(200);
        assertThat(api.put("/posts/" + bobsPost + "/like").token(alice.token()).send().status()).isEqualTo(200);
        assertThat(api.put("/users/" + dave.username() + "/mute").token(alice.token()).send().status()).isIn(200, 204);
        assertThat(api.put("/users/" + eve.username() + "/block").token(alice.token()).send().status()).isIn(200, 204);
        app.drainFanout();

        Response export = api.get("/users/me/export").token(alice.token()).send();

        assertThat(export.status()).as(export.toString()).isEqualTo(200);
        assertThat(export.header("Content-Disposition")).isEqualTo("attachment; filename=\"feedline-" + alice.username() + ".json\"");
        assertThat(export.header("Cache-Control")).contains("no-store");
        JsonNode body = export.json();
        assertThat(body.path("account").path("username").asText()).isEqualTo(alice.username());
        assertThat(values(body.path("posts"), "id")).containsExactly(photoPost);
        assertThat(body.path("posts").get(0).path("media").get(0).path("url").asText()).startsWith("/media/");
        assertThat(values(body.path("following"), "username")).containsExactly(bob.username());
        assertThat(values(body.path("followers"), "username")).containsExactly(carol.username());
        assertThat(values(body.path("likes"), "id")).containsExactly(bobsPost);
        assertThat(values(body.path("mutes"), "username")).containsExactly(dave.username());
        assertThat(values(body.path("blocks"), "username")).containsExactly(eve.username());
    }

    @Test
    void theExportIsTheCallersOwnAndNeedsASession() {
        assertThat(api.get("/users/me/export").send().status()).isEqualTo(401);
        User other = accounts.signUp("nosy");
        Response own = api.get("/users/me/export").token(other.token()).send();
        assertThat(own.json().path("account").path("username").asText()).isEqualTo(other.username());
        assertThat(own.json().path("posts").isEmpty()).isTrue();
    }
}

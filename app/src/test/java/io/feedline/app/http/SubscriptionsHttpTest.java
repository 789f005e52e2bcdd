package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code /users/{username}/notify} and the {@code post} notifications it brings, every answer checked against openapi.yaml. */
class SubscriptionsHttpTest {
    private static App app;
    private static ApiClient api;
    private static Accounts accounts;

    @BeforeAll
    static void start() {
        app = TestApps.shared();
        api = new ApiClient(app.port());
        accounts = new Accounts(api);
    }

    private static String publish(User author, String text) {
        return api.post("/posts").token(author.token()).json("text", text).send().text("id");
    }

    @Test
    void aSubscriberGetsOnePostNotificationPerOriginalPostAndCanStop() {
        User author = accounts.signUp("author");
        User fan = accounts.signUp("fan");
        String path = "/users/" + author.username() + "/notify";

        Response on = api.put(path).token(fan.token()).send();
        assertThat(on.status()).isEqualTo(200);
        assertThat(on.json().path("notifying").asBoolean()).isTrue();
        assertThat(on.json().path("changed").asBoolean()).isTrue();
        assertThat(api.put(path).token(fan.token()).send().json().path("changed").asBoolean()).as("idempotent").isFalse();
        assertThat(api.get(path).token(fan.token()).send().json().path("notifying").asBoolean()).isTrue();

        String post = publish(author, "news");
        api.post("/posts").token(author.token()).json("text", "a reply", "inReplyTo", post).send();
        app.drainFanout();

        Response page = api.get("/notifications?types=post").token(fan.token()).send();
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.json().path("items")).hasSize(1);
        assertThat(page.json().path("items").get(0).path("type").asText()).isEqualTo("post");
        assertThat(page.json().path("items").get(0).path("postId").asText()).isEqualTo(post);
        assertThat(page.json().path("items").get(0).path("actors").get(0).path("username").asText()).isEqualTo(author.username());

        Response off = api.delete(path).token(fan.token()).send();
        assertThat(off.status()).isEqualTo(200);
        assertThat(off.json().path("notifying").asBoolean()).isFalse();
        assertThat(api.get(path).token(fan.token()).send().json().path("notifying").asBoolean()).isFalse();
        publish(author, "unheard");
        app.drainFanout();
        assertThat(api.get("/notifications?types=post").token(fan.token()).send().json().path("items")).hasSize(1);
    }

    @Test
    void subscribingToOneselfIsUnprocessableAndToNobodyNotFound() {
        User alice = accounts.signUp("self");

        Response self = api.put("/users/" + alice.username() + "/notify").token(alice.token()).send();
        assertThat(self.status()).isEqualTo(422);
        assertThat(self.problemType()).endsWith("self-notify");
        assertThat(self.field()).isEqualTo("username");

        assertThat(api.put("/users/nosuchuser42/notify").token(alice.token()).send().status()).isEqualTo(404);
        assertThat(api.put("/users/" + alice.username() + "/notify").send().status()).isEqualTo(401);
    }
}

package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The notifications feed over HTTP, every answer checked against openapi.yaml. */
class NotificationsHttpTest {
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

    private static Response notifications(User owner, String query) {
        return api.get("/notifications" + query).token(owner.token()).send();
    }

    private static int unread(User owner) {
        return api.get("/notifications/unread-count").token(owner.token()).send().json().path("unread").asInt();
    }

    @Test
    void likesBecomeOneGroupedNotificationOnceTheOutboxIsWorked() {
        User alice = accounts.signUp("liked");
        String post = publish(alice, "like me");
        List<User> likers = List.of(accounts.signUp("fan"), accounts.signUp("fan"), accounts.signUp("fan"));
        app.drainFanout();
        for (User liker : likers) {
            assertThat(api.put("/posts/" + post + "/like").token(liker.token()).send().status()).isEqualTo(200);
        }

        assertThat(notifications(alice, "").json().path("items")).as("not written in the request").isEmpty();
        app.drainFanout();
        Response page = notifications(alice, "");

        assertThat(page.status()).isEqualTo(200);
        assertThat(page.json().path("items")).hasSize(1);
        var group = page.json().path("items").get(0);
        assertThat(group.path("type").asText()).isEqualTo("like");
        assertThat(group.path("postId").asText()).isEqualTo(post);
        assertThat(group.path("count").asLong()).isEqualTo(3);
        List<String> actors = new ArrayList<>();
        group.path("actors").forEach(actor -> actors.add(actor.path("username").asText()));
        assertThat(actors).as("the worker may record them in any order")
                .containsExactlyInAnyOrderElementsOf(likers.stream().map(User::username).toList());
        assertThat(group.path("unread").asBoolean()).isTrue();
        assertThat(unread(alice)).isEqualTo(1);
        assertThat(notifications(likers.get(0), "").json().path("items")).as("only the owner's").isEmpty();
    }

    @Test
    void aDismissedGroupIsGoneAndDoesNotComeBackForItsActors() {
        User alice = accounts.signUp("dismisser");
        User fan = accounts.signUp("fan");
        String post = publish(alice, "dismiss me");
        assertThat(api.put("/posts/" + post + "/like").token(fan.token()).send().status()).isEqualTo(200);
        app.drainFanout();
        String id = notifications(alice, "").json().path("items").get(0).path("id").asText();

        assertThat(api.delete("/notifications/" + id).token(fan.token()).send().status()).as("someone else's").isEqualTo(404);
        assertThat(api.delete("/notifications/" + id).token(alice.token()).send().status()).isEqualTo(204);
        assertThat(notifications(alice, "").json().path("items")).isEmpty();
        assertThat(api.delete("/notifications/" + id).token(alice.token()).send().status()).isEqualTo(404);

        assertThat(api.delete("/posts/" + post + "/like").token(fan.token()).send().status()).isEqualTo(200);
        assertThat(api.put("/posts/" + post + "/like").token(fan.token()).send().status()).isEqualTo(200);
        app.drainFanout();
        assertThat(notifications(alice, "").json().path("items")).as("the same actor liking again").isEmpty();
        Response bad = api.delete("/notifications/yesterday").token(alice.token()).invalid().send();
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.field()).isEqualTo("id");
    }

    @Test
    void typesFilterPagesWithSignedCursorsAndTheReadMarker() {
        User alice = accounts.signUp("busy");
        User bob = accounts.signUp("busybee");
        assertThat(api.put("/users/" + alice.username() + "/follow").token(bob.token()).send().status()).isEqualTo(200);
        List<String> replies = new ArrayList<>();
        String root = publish(alice, "root");
        for (int i = 0; i < 3; i++) {
            replies.add(api.post("/posts").token(bob.token()).json("text", "reply " + i, "inReplyTo", root).send().text("id"));
        }
        app.drainFanout();

        Response first = notifications(alice, "?types=reply&limit=2");
        Response second = notifications(alice, "?types=reply&limit=2&cursor=" + first.nextCursor().orElseThrow());
        List<String> seen = new ArrayList<>();
        first.json().path("items").forEach(item -> seen.add(item.path("postId").asText()));
        second.json().path("items").forEach(item -> seen.add(item.path("postId").asText()));

        assertThat(seen).containsExactly(replies.get(2), replies.get(1), replies.get(0));
        assertThat(notifications(alice, "?types=follow").json().path("items")).hasSize(1);
        assertThat(unread(alice)).isEqualTo(4);

        String newestReply = first.json().path("items").get(0).path("id").asText();
        Response read = api.post("/notifications/read").token(alice.token()).json("upTo", newestReply).send();

        assertThat(read.status()).isEqualTo(204);
        assertThat(unread(alice)).as("the follow is older than every reply").isZero();
        assertThat(notifications(alice, "").json().path("items").get(0).path("unread").asBoolean()).isFalse();
        Response forged = notifications(alice, "?cursor=" + newestReply);
        assertThat(forged.status()).isEqualTo(400);
        assertThat(forged.field()).isEqualTo("cursor");
    }

    @Test
    void badInputIsAProblemNamingTheField() {
        User alice = accounts.signUp("careless");

        Response badType = api.get("/notifications?types=like,boost").token(alice.token()).invalid().send();
        Response badMarker = api.post("/notifications/read").token(alice.token()).json("upTo", "yesterday").invalid().send();
        Response anonymous = api.get("/notifications").send();

        assertThat(badType.status()).isEqualTo(400);
        assertThat(badType.field()).isEqualTo("types");
        assertThat(badMarker.status()).isEqualTo(400);
        assertThat(badMarker.field()).isEqualTo("upTo");
        assertThat(anonymous.status()).isEqualTo(401);
    }
}

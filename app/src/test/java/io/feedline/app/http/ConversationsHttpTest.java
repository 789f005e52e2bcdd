package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Replies over HTTP (publish one, page a thread, read a context, the home-feed rule) and mentions. */
class ConversationsHttpTest {
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

    private static Response reply(User author, String parent, String text) {
        return api.post("/posts").token(author.token()).json("text", text, "inReplyTo", parent).send();
    }

    @Test
    void aReplyIsAPostThatJoinsItsParentsThread() {
        User alice = accounts.signUp("asker");
        User bob = accounts.signUp("answerer");
        String question = publish(alice, "question");

        Response answer = reply(bob, question, "answer");

        assertThat(answer.status()).isEqualTo(201);
        assertThat(answer.text("inReplyTo")).isEqualTo(question);
        assertThat(answer.text("inReplyToAuthorId")).isEqualTo(alice.id());
        assertThat(answer.json().path("replyCount").asLong()).isZero();
        app.drainFanout();
        assertThat(api.get("/posts/" + question).send().json().path("replyCount").asLong()).isEqualTo(1);
        assertThat(api.get("/posts/" + question + "/replies").send().ids()).containsExactly(answer.text("id"));
        assertThat(api.get("/users/" + bob.username() + "/posts").send().ids()).containsExactly(answer.text("id"));
        assertThat(api.get("/posts/" + question).send().json().has("inReplyTo")).isFalse();
    }

    @Test
    void repliesPageOldestFirstWithSignedCursors() {
        User alice = accounts.signUp("thread");
        String root = publish(alice, "root");
        List<String> replies = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            replies.add(reply(alice, root, "reply " + i).text("id"));
        }

        Response first = api.get("/posts/" + root + "/replies?limit=3").send();
        Response second = api.get("/posts/" + root + "/replies?limit=3&cursor=" + first.nextCursor().orElseThrow()).send();

        assertThat(first.ids()).containsExactlyElementsOf(replies.subList(0, 3));
        assertThat(second.ids()).containsExactlyElementsOf(replies.subList(3, 5));
        assertThat(second.nextCursor()).isEmpty();
        Response forged = api.get("/posts/" + root + "/replies?cursor=" + replies.get(1)).send();
        assertThat(forged.status()).isEqualTo(400);
        assertThat(forged.field()).isEqualTo("cursor");
    }

    @Test
    void contextShowsTheChainAndTheDirectRepliesAndMarksADeletedParent() {
        User alice = accounts.signUp("ctx");
        User bob = accounts.signUp("ctx");
        String root = publish(alice, "root");
        String middle = reply(bob, root, "middle").text("id");
        String focus = reply(alice, middle, "focus").text("id");
        String below = reply(bob, focus, "below").text("id");

        Response context = api.get("/posts/" + focus + "/context").send();

        assertThat(context.status()).isEqualTo(200);
        List<String> ancestors = new ArrayList<>();
        context.json().path("ancestors").forEach(ancestor -> ancestors.add(ancestor.path("id").asText()));
        assertThat(ancestors).containsExactly(root, middle);
        assertThat(context.json().path("ancestors").get(1).path("post").path("text").asText()).isEqualTo("middle");
        assertThat(context.json().path("post").path("id").asText()).isEqualTo(focus);
        assertThat(context.json().path("replies").get(0).path("id").asText()).isEqualTo(below);
        assertThat(context.json().path("moreReplies").asBoolean()).isFalse();

        assertThat(api.delete("/posts/" + middle).token(alice.token()).send().status()).as("only the author deletes")
                .isEqualTo(403);
        assertThat(api.delete("/posts/" + middle).token(bob.token()).send().status()).isEqualTo(204);
        Response after = api.get("/posts/" + focus + "/context").send();

        assertThat(after.json().path("ancestors")).hasSize(1);
        assertThat(after.json().path("ancestors").get(0).path("id").asText()).isEqualTo(middle);
        assertThat(after.json().path("ancestors").get(0).path("deleted").asBoolean()).isTrue();
        assertThat(after.json().path("ancestors").get(0).has("post")).isFalse();
        assertThat(api.get("/posts/" + focus).send().status()).as("a reply outlives its parent").isEqualTo(200);
        assertThat(api.get("/posts/" + middle + "/replies").send().ids()).containsExactly(focus);
    }

    @Test
    void aReplyToAnUnknownPostIsNotFoundNamingInReplyTo() {
        User bob = accounts.signUp("lost");

        Response unknown = reply(bob, "01KDVDNA0118KFW4AG5SF0FVXP", "hello?");
        Response malformed = api.post("/posts").token(bob.token()).json("text", "hello?", "inReplyTo", "not-an-id")
                .invalid().send();

        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.field()).isEqualTo("inReplyTo");
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.field()).isEqualTo("inReplyTo");
        assertThat(api.get("/users/" + bob.username()).send().json().path("posts").asLong()).isZero();
        assertThat(api.get("/posts/01KDVDNA0118KFW4AG5SF0FVXP/context").send().status()).isEqualTo(404);
        assertThat(api.get("/posts/01KDVDNA0118KFW4AG5SF0FVXP/replies").send().status()).isEqualTo(404);
    }

    @Test
    void aReplyReachesTheHomeFeedOnlyOfReadersWhoFollowBothSides() {
        User alice = accounts.signUp("side");
        User bob = accounts.signUp("side");
        User both = accounts.signUp("both");
        User onlyBob = accounts.signUp("onlybob");
        api.put("/users/" + alice.username() + "/follow").token(both.token()).send();
        api.put("/users/" + bob.username() + "/follow").token(both.token()).send();
        api.put("/users/" + bob.username() + "/follow").token(onlyBob.token()).send();
        String question = publish(alice, "question");
        String answer = reply(bob, question, "answer").text("id");
        app.drainFanout();

        assertThat(api.get("/feed").token(both.token()).send().ids()).containsExactly(answer, question);
        assertThat(api.get("/feed").token(onlyBob.token()).send().ids()).isEmpty();

        api.delete("/posts/" + question).token(alice.token()).send();

        assertThat(api.get("/feed").token(both.token()).send().ids()).isEmpty();
    }

    @Test
    void mentionsAreRenderedAsStructuredUsers() {
        User alice = accounts.signUp("mentioner");
        User bob = accounts.signUp("mentioned");

        Response post = api.post("/posts").token(alice.token())
                .json("text", "hello @" + bob.username().toUpperCase() + " and @nobody_at_all").send();

        assertThat(post.status()).isEqualTo(201);
        assertThat(post.json().path("mentions")).hasSize(1);
        assertThat(post.json().path("mentions").get(0).path("id").asText()).isEqualTo(bob.id());
        assertThat(post.json().path("mentions").get(0).path("username").asText()).isEqualTo(bob.username());
        assertThat(api.get("/posts/" + post.text("id")).send().json().path("mentions").get(0).path("id").asText())
                .isEqualTo(bob.id());
    }
}

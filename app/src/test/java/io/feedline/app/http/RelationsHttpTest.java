package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Mutes and blocks over HTTP: the routes' states and refusals as problem+json, the caller's lists
 * with signed cursors, the profile's relation flags, and what each side of a block finds. Every
 * request and answer is checked against the OpenAPI document by the client.
 */
class RelationsHttpTest {
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

    private static Response follow(User follower, User followee) {
        return api.put("/users/" + followee.username() + "/follow").token(follower.token()).send();
    }

    @Test
    void muteAndUnmuteAnswerTheirStateAndAreIdempotent() {
        User alice = accounts.signUp("muter");
        User bob = accounts.signUp("muted");

        Response first = api.put("/users/" + bob.username() + "/mute").token(alice.token()).send();
        Response again = api.put("/users/" + bob.username() + "/mute").token(alice.token()).send();

        assertThat(first.status()).isEqualTo(200);
        assertThat(first.text("username")).isEqualTo(bob.username());
        assertThat(first.json().path("muting").asBoolean()).isTrue();
        assertThat(first.json().path("changed").asBoolean()).isTrue();
        assertThat(again.json().path("changed").asBoolean()).isFalse();
        Response profile = api.get("/users/" + bob.username()).token(alice.token()).send();
        assertThat(profile.json().path("muting").asBoolean()).isTrue();
        assertThat(profile.json().path("blocking").asBoolean()).isFalse();
        assertThat(api.get("/users/" + bob.username()).send().json().has("muting")).as("anonymous").isFalse();
        assertThat(api.get("/users/" + alice.username()).token(alice.token()).send().json().has("muting")).as("own profile").isFalse();

        Response undone = api.delete("/users/" + bob.username() + "/mute").token(alice.token()).send();
        assertThat(undone.json().path("muting").asBoolean()).isFalse();
        assertThat(undone.json().path("changed").asBoolean()).isTrue();
        assertThat(api.delete("/users/" + bob.username() + "/mute").token(alice.token()).send().json().path("changed").asBoolean()).isFalse();
    }

    @Test
    void refusalsAreProblemsNamingTheField() {
        User alice = accounts.signUp("self");

        Response self = api.put("/users/" + alice.username() + "/block").token(alice.token()).send();
        assertThat(self.status()).isEqualTo(400);
        assertThat(self.field()).isEqualTo("username");
        Response nobody = api.put("/users/no_such_user_zz/mute").token(alice.token()).send();
        assertThat(nobody.status()).isEqualTo(404);
        assertThat(nobody.problemType()).isEqualTo("urn:feedline:problem:not-found");
        assertThat(api.put("/users/" + alice.username() + "/mute").send().status()).as("signed out").isEqualTo(401);
        assertThat(api.get("/mutes").send().status()).isEqualTo(401);
    }

    @Test
    void aMutedAccountLeavesTheHomeFeed() {
        User reader = accounts.signUp("reader");
        User loud = accounts.signUp("loud");
        User quiet = accounts.signUp("quiet");
        follow(reader, loud);
        follow(reader, quiet);
        String loudPost = publish(loud, "LOUD");
        String quietPost = publish(quiet, "quiet");
        app.drainFanout();
        assertThat(api.get("/feed").token(reader.token()).send().ids()).containsExactly(quietPost, loudPost);

        api.put("/users/" + loud.username() + "/mute").token(reader.token()).send();

        assertThat(api.get("/feed").token(reader.token()).send().ids()).containsExactly(quietPost);
        assertThat(api.get("/posts/" + loudPost).token(reader.token()).send().status()).as("a mute keeps it reachable").isEqualTo(200);
    }

    @Test
    void aBlockRemovesFollowsRefusesFollowAndReplyAndHidesTheBlockerFromTheBlocked() {
        User alice = accounts.signUp("blocker");
        User bob = accounts.signUp("blocked");
        follow(alice, bob);
        follow(bob, alice);
        String alicePost = publish(alice, "mine");
        app.drainFanout();

        Response block = api.put("/users/" + bob.username() + "/block").token(alice.token()).send();
        app.drainFanout();

        assertThat(block.status()).isEqualTo(200);
        assertThat(block.json().path("blocking").asBoolean()).isTrue();
        assertThat(api.get("/users/" + alice.username() + "/follows/" + bob.username()).send().json().path("follows").asBoolean()).isFalse();
        assertThat(api.get("/users/" + bob.username() + "/follows/" + alice.username()).send().json().path("follows").asBoolean()).isFalse();
        assertThat(api.get("/users/" + alice.username()).send().json().path("followers").asLong()).isZero();
        assertThat(api.get("/feed").token(bob.token()).send().ids()).doesNotContain(alicePost);

        Response refollow = follow(bob, alice);
        assertThat(refollow.status()).isEqualTo(403);
        assertThat(refollow.problemType()).isEqualTo("urn:feedline:problem:forbidden");
        assertThat(refollow.json().path("detail").asText()).contains("blocks you");
        Response reply = api.post("/posts").token(bob.token()).json("text", "hey", "inReplyTo", alicePost).send();
        assertThat(reply.status()).isEqualTo(403);

        assertThat(api.get("/posts/" + alicePost).token(bob.token()).send().status()).isEqualTo(404);
        assertThat(api.get("/users/" + alice.username() + "/posts").token(bob.token()).send().status()).isEqualTo(404);
        assertThat(api.get("/users/" + alice.username()).token(bob.token()).send().status()).isEqualTo(404);
        assertThat(api.get("/posts/" + alicePost).send().status()).as("anonymous readers are not affected").isEqualTo(200);
        Response blockedProfile = api.get("/users/" + bob.username()).token(alice.token()).send();
        assertThat(blockedProfile.status()).as("the blocker finds the blocked, to unblock").isEqualTo(200);
        assertThat(blockedProfile.json().path("blocking").asBoolean()).isTrue();

        Response unblock = api.delete("/users/" + bob.username() + "/block").token(alice.token()).send();
        assertThat(unblock.json().path("blocking").asBoolean()).isFalse();
        assertThat(follow(bob, alice).status()).isEqualTo(200);
    }

    @Test
    void theCallersMutesAndBlocksArePagedWithSignedCursors() {
        User owner = accounts.signUp("lister");
        List<String> muted = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            User other = accounts.signUp("m" + i);
            muted.add(other.id());
            api.put("/users/" + other.username() + "/mute").token(owner.token()).send();
        }
        User blocked = accounts.signUp("b");
        api.put("/users/" + blocked.username() + "/block").token(owner.token()).send();

        List<String> seen = new ArrayList<>();
        Response page = api.get("/mutes?limit=2").token(owner.token()).send();
        seen.addAll(page.ids());
        while (page.nextCursor().isPresent()) {
            page = api.get("/mutes?limit=2&cursor=" + page.nextCursor().get()).token(owner.token()).send();
            assertThat(page.status()).isEqualTo(200);
            seen.addAll(page.ids());
        }
        assertThat(seen).isEqualTo(muted.stream().sorted().toList());
        assertThat(api.get("/blocks").token(owner.token()).send().ids()).containsExactly(blocked.id());

        Response forged = api.get("/mutes?limit=2&cursor=" + "AAAA" + "bm90LXNpZ25lZA").token(owner.token()).send();
        assertThat(forged.status()).isEqualTo(400);
        assertThat(forged.field()).isEqualTo("cursor");
    }
}

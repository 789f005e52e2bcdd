package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.auth0.jwt.JWT;
import com.auth0.jwt.algorithms.Algorithm;
import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Call;
import io.feedline.app.http.ApiClient.Response;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every write acts as the token's user only; only an author deletes a post; a feed is its owner's. */
class AuthorizationHttpTest {
    private static App app;
    private static ApiClient api;
    private static User alice;
    private static User bob;
    private static User carol;
    private static String alicesPost;

    @BeforeAll
    static void start() {
        app = TestApps.shared();
        api = new ApiClient(app.port());
        Accounts accounts = new Accounts(api);
        alice = accounts.signUp("alice");
        bob = accounts.signUp("bob");
        carol = accounts.signUp("carol");
        alicesPost = api.post("/posts").token(alice.token()).json("text", "alice's post").send().text("id");
    }

    @Test
    void everyWriteAndTheFeedRequireABearerToken() {
        List<Function<ApiClient, Call>> signedInOnly = List.of(
                a -> a.post("/posts").json("text", "anonymous?"),
                a -> a.delete("/posts/" + alicesPost),
                a -> a.put("/posts/" + alicesPost + "/like"),
                a -> a.delete("/posts/" + alicesPost + "/like"),
                a -> a.put("/users/" + alice.username() + "/follow"),
                a -> a.delete("/users/" + alice.username() + "/follow"),
                a -> a.get("/feed"));
        for (Function<ApiClient, Call> call : signedInOnly) {
            Response refused = call.apply(api).invalid().send();
            assertThat(refused.status()).as(refused.toString()).isEqualTo(401);
            assertThat(refused.header("WWW-Authenticate")).startsWith("Bearer");
        }
        assertThat(api.get("/posts/" + alicesPost).send().status()).isEqualTo(200);
    }

    @Test
    void badTokensAreRefusedEvenOnOpenRoutes() {
        Algorithm otherKey = Algorithm.HMAC256("another-secret-that-is-32-bytes-long!!");
        String foreign = JWT.create().withIssuer("feedline").withSubject(alice.id())
                .withExpiresAt(Instant.now().plusSeconds(600)).sign(otherKey);
        String tampered = alice.token().substring(0, alice.token().lastIndexOf('.') + 1) + "AAAA";
        String unsigned = JWT.create().withIssuer("feedline").withSubject(alice.id()).sign(Algorithm.none());

        for (String token : List.of("garbage", foreign, tampered, unsigned)) {
            Response refused = api.get("/users/" + alice.username()).token(token).invalid().send();
            assertThat(refused.status()).isEqualTo(401);
            assertThat(refused.header("WWW-Authenticate")).contains("error=\"invalid_token\"");
        }
        Response notBearer = api.get("/users/" + alice.username()).header("Authorization", "Basic YTpi").invalid().send();
        assertThat(notBearer.status()).isEqualTo(401);
    }

    @Test
    void onlyTheAuthorDeletesAPost() {
        Response refused = api.delete("/posts/" + alicesPost).token(bob.token()).send();

        assertThat(refused.status()).isEqualTo(403);
        assertThat(api.get("/posts/" + alicesPost).send().status()).isEqualTo(200);
    }

    @Test
    void followActsAsTheCallerOnly() {
        api.put("/users/" + carol.username() + "/follow").token(bob.token()).send();

        assertThat(api.get("/users/" + bob.username() + "/follows/" + carol.username()).send().json().path("follows").asBoolean())
                .isTrue();
        assertThat(api.get("/users/" + alice.username() + "/follows/" + carol.username()).send().json().path("follows").asBoolean())
                .isFalse();
    }

    @Test
    void unfollowActsAsTheCallerOnly() {
        api.put("/users/" + bob.username() + "/follow").token(alice.token()).send();

        Response unfollowed = api.delete("/users/" + bob.username() + "/follow").token(carol.token()).send();

        assertThat(unfollowed.json().path("changed").asBoolean()).isFalse();
        assertThat(api.get("/users/" + alice.username() + "/follows/" + bob.username()).send().json().path("follows").asBoolean())
                .isTrue();
    }

    @Test
    void theFeedIsAlwaysTheCallersOwn() {
        api.put("/users/" + alice.username() + "/follow").token(carol.token()).send();
        String post = api.post("/posts").token(alice.token()).json("text", "for my followers").send().text("id");
        app.drainFanout();

        assertThat(api.get("/feed").token(carol.token()).send().ids()).contains(post);
        Response someoneElses = api.get("/feed?user=" + carol.username()).token(bob.token()).invalid().send();
        assertThat(someoneElses.status()).isEqualTo(200);
        assertThat(someoneElses.ids()).doesNotContain(post);
    }

    @Test
    void likesAndUnlikesActAsTheCallerOnly() {
        String post = api.post("/posts").token(carol.token()).json("text", "like it").send().text("id");
        api.put("/posts/" + post + "/like").token(bob.token()).send();
        app.drainFanout();

        Response unlike = api.delete("/posts/" + post + "/like").token(alice.token()).send();

        assertThat(unlike.json().path("likeCount").asLong()).isEqualTo(1);
        assertThat(api.get("/posts/" + post).send().json().path("likeCount").asLong()).isEqualTo(1);
    }

    @Test
    void aPostCannotClaimAnotherAuthor() {
        Response refused = api.post("/posts").token(bob.token())
                .json("text", "I am alice", "authorId", alice.id()).invalid().send();

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.field()).isEqualTo("authorId");
        assertThat(api.post("/posts").token(bob.token()).json("text", "I am bob").send().text("authorId")).isEqualTo(bob.id());
    }
}

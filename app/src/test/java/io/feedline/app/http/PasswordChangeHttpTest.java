package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.feedline.app.bootstrap.App;
import io.feedline.app.bootstrap.FeedlineConfig;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import io.feedline.testsupport.DynamoLocal;
import io.feedline.testsupport.TestRedis;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code POST /users/me/password}: the current password checked, and every older token refused, on every server. */
class PasswordChangeHttpTest {
    private static final String NEW_PASSWORD = "a brand new passphrase";

    @Test
    void aChangeEndsEveryOlderTokenAndOnlyTheNewPasswordLogsIn() {
        ApiClient api = new ApiClient(TestApps.shared().port());
        User alice = new Accounts(api).signUp("changer");
        String second = api.post("/sessions").json("username", alice.username(), "password", Accounts.PASSWORD).send().text("token");

        Response changed = api.post("/users/me/password").token(alice.token())
                .json("currentPassword", Accounts.PASSWORD, "newPassword", NEW_PASSWORD).send();

        assertThat(changed.status()).as(changed.toString()).isEqualTo(200);
        String fresh = changed.text("token");
        assertThat(api.get("/feed").token(alice.token()).send().status()).as("the token that asked").isEqualTo(401);
        assertThat(api.get("/feed").token(second).send().status()).as("another older session").isEqualTo(401);
        assertThat(api.get("/feed").token(fresh).send().status()).as("the token the change answered").isEqualTo(200);
        assertThat(api.post("/sessions").json("username", alice.username(), "password", Accounts.PASSWORD).send().status())
                .isEqualTo(401);
        Response login = api.post("/sessions").json("email", alice.username() + "@example.com", "password", NEW_PASSWORD).send();
        assertThat(login.status()).isEqualTo(201);
        assertThat(api.get("/feed").token(login.text("token")).send().status()).isEqualTo(200);
    }

    @Test
    void aWrongCurrentPasswordChangesNothingAndNamesTheField() {
        ApiClient api = new ApiClient(TestApps.shared().port());
        User bob = new Accounts(api).signUp("wrongcurrent");

        Response refused = api.post("/users/me/password").token(bob.token())
                .json("currentPassword", "not the password", "newPassword", NEW_PASSWORD).send();

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.text("field")).isEqualTo("currentPassword");
        assertThat(api.get("/feed").token(bob.token()).send().status()).as("the session goes on").isEqualTo(200);
        assertThat(api.post("/sessions").json("username", bob.username(), "password", Accounts.PASSWORD).send().status())
                .isEqualTo(201);

        Response shortOne = api.post("/users/me/password").token(bob.token())
                .json("currentPassword", Accounts.PASSWORD, "newPassword", "short").send();
        assertThat(shortOne.status()).isEqualTo(400);
        assertThat(shortOne.text("field")).isEqualTo("newPassword");
        Response missing = api.post("/users/me/password").token(bob.token()).json("newPassword", NEW_PASSWORD).invalid().send();
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.text("field")).isEqualTo("currentPassword");
    }

    @Test
    void aChangeOnOneServerEndsTheOlderTokensOnAnotherWhenItHearsOfIt() {
        // The servers would read the stamp again only after ten minutes: what refuses the token on
        // the other server within this test is the word over Redis.
        Map<String, Object> settings = new HashMap<>();
        settings.put("profile", "polyglot");
        settings.put("storage.users", "dynamodb");
        settings.put("storage.timelines", "redis");
        settings.put("redis.uri", TestRedis.uri());
        settings.put("redis.key-prefix", "pw" + System.nanoTime() + ":");
        settings.put("dynamodb.endpoint", DynamoLocal.shared().endpoint().toString());
        settings.put("dynamodb.table", "password-" + System.nanoTime());
        settings.put("http.host", "127.0.0.1");
        settings.put("http.port", 0);
        settings.put("worker.in-process", 0);
        settings.put("token.secret", TestApps.TOKEN_SECRET);
        settings.put("token.revocation-recheck", "10m");
        try (App one = App.create(FeedlineConfig.of(settings)).start(); App two = App.create(FeedlineConfig.of(settings)).start()) {
            ApiClient first = new ApiClient(one.port());
            ApiClient second = new ApiClient(two.port());
            User carol = new Accounts(first).signUp("shared_change");
            assertThat(second.get("/feed").token(carol.token()).send().status()).isEqualTo(200);

            Response changed = first.post("/users/me/password").token(carol.token())
                    .json("currentPassword", Accounts.PASSWORD, "newPassword", NEW_PASSWORD).send();
            assertThat(changed.status()).as(changed.toString()).isEqualTo(200);

            await("the other server refuses the older token").atMost(Duration.ofSeconds(30))
                    .until(() -> second.get("/feed").token(carol.token()).send().status() == 401);
            assertThat(second.get("/feed").token(changed.text("token")).send().status()).isEqualTo(200);
        }
    }
}

package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.bootstrap.FeedlineConfig;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import io.feedline.testsupport.DynamoLocal;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code DELETE /sessions/current} revokes the token it bears, on every server that shares the table. */
class LogoutHttpTest {

    @Test
    void aLoggedOutTokenIsRefusedWhileAnotherSessionOfTheSameUserGoesOn() {
        ApiClient api = new ApiClient(TestApps.shared().port());
        User alice = new Accounts(api).signUp("logout");
        String secondSession = api.post("/sessions").json("username", alice.username(), "password", Accounts.PASSWORD)
                .send().text("token");

        Response loggedOut = api.delete("/sessions/current").token(alice.token()).send();

        assertThat(loggedOut.status()).isEqualTo(204);
        assertThat(loggedOut.header("Cache-Control")).isEqualTo("no-store");
        Response refused = api.get("/feed").token(alice.token()).send();
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.header("WWW-Authenticate")).contains("invalid_token");
        assertThat(api.delete("/sessions/current").token(alice.token()).send().status()).isEqualTo(401);
        assertThat(api.get("/feed").token(secondSession).send().status()).as("only that token").isEqualTo(200);
    }

    @Test
    void logoutNeedsAToken() {
        ApiClient api = new ApiClient(TestApps.shared().port());

        assertThat(api.delete("/sessions/current").send().status()).isEqualTo(401);
    }

    @Test
    void aLogoutOnOneServerHoldsOnAnotherThatSharesTheTable() {
        DynamoLocal dynamo = DynamoLocal.shared();
        Map<String, Object> settings = new HashMap<>();
        settings.put("profile", "polyglot");
        settings.put("storage.users", "dynamodb");
        settings.put("storage.timelines", "memory");
        settings.put("dynamodb.endpoint", dynamo.endpoint().toString());
        settings.put("dynamodb.table", "logout-" + System.nanoTime());
        settings.put("http.host", "127.0.0.1");
        settings.put("http.port", 0);
        settings.put("worker.in-process", 0);
        settings.put("token.secret", TestApps.TOKEN_SECRET);
        // Every request asks the shared store: the interval a server may remember "not revoked" is
        // CachedRevocationsTest's subject.
        settings.put("token.revocation-recheck", "0s");
        try (App one = App.create(FeedlineConfig.of(settings)).start(); App two = App.create(FeedlineConfig.of(settings)).start()) {
            ApiClient first = new ApiClient(one.port());
            ApiClient second = new ApiClient(two.port());
            User bob = new Accounts(first).signUp("shared_logout");
            assertThat(second.get("/feed").token(bob.token()).send().status()).isEqualTo(200);

            assertThat(first.delete("/sessions/current").token(bob.token()).send().status()).isEqualTo(204);

            assertThat(second.get("/feed").token(bob.token()).send().status()).isEqualTo(401);
        }
    }
}

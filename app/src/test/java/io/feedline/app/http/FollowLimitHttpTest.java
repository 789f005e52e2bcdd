package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** One account follows at most graph.max-following others; past it a follow is a 422 naming the limit. */
class FollowLimitHttpTest {
    private static App app;
    private static ApiClient api;

    @BeforeAll
    static void start() {
        app = TestApps.start(Map.of("graph.max-following", 2));
        api = new ApiClient(app.port());
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    @Test
    void aFollowPastTheLimitIsA422NamingTheLimit() {
        Accounts accounts = new Accounts(api);
        User reader = accounts.signUp("limited");
        User first = accounts.signUp("first");
        User second = accounts.signUp("second");
        User third = accounts.signUp("third");
        assertThat(api.put("/users/" + first.username() + "/follow").token(reader.token()).send().status()).isEqualTo(200);
        assertThat(api.put("/users/" + second.username() + "/follow").token(reader.token()).send().status()).isEqualTo(200);

        Response refused = api.put("/users/" + third.username() + "/follow").token(reader.token()).send();

        assertThat(refused.status()).as(refused.toString()).isEqualTo(422);
        assertThat(refused.field()).isEqualTo("username");
        assertThat(refused.json().path("type").asText()).endsWith("limit-reached");
        assertThat(refused.json().path("detail").asText()).contains("graph.max-following").contains("2");
        assertThat(api.get("/users/" + reader.username()).send().json().path("following").asLong()).isEqualTo(2);
    }
}

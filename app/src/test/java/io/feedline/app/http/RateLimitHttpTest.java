package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Each caller has a bucket: the user when signed in, the client address otherwise. */
class RateLimitHttpTest {
    private static final int LIMIT = 6;
    private static App app;
    private static ApiClient api;

    @BeforeAll
    static void start() {
        app = TestApps.start(Map.of("http.rate-limit.requests", LIMIT, "http.rate-limit.period", "1h"));
        api = new ApiClient(app.port());
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    @Test
    void aCallerPastTheLimitGets429WithRetryAfterWhileOthersAndProbesGoOn() {
        User alice = new Accounts(api).signUp("limited"); // two anonymous requests from this address

        for (int i = 0; i < LIMIT - 2; i++) {
            assertThat(api.get("/users/" + alice.username()).send().status()).isEqualTo(200);
        }
        Response limited = api.get("/users/" + alice.username()).send();

        assertThat(limited.status()).isEqualTo(429);
        assertThat(Long.parseLong(limited.header("Retry-After"))).isPositive();
        assertThat(limited.problemType()).isEqualTo("urn:feedline:problem:rate-limited");

        assertThat(api.get("/users/" + alice.username()).token(alice.token()).send().status())
                .as("a signed-in user has a bucket of their own").isEqualTo(200);
        assertThat(api.get("/health").send().status()).as("probes are not limited").isEqualTo(200);
    }
}

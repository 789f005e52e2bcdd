package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.ApiClient.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The limits that keep password hashing and address rotation from costing the server: a small bucket
 * per client address on the credential routes, a failed-login limit per username whatever the
 * address, a bound on concurrent hashes, and the client address read through trusted proxies only.
 */
class AbuseLimitsHttpTest {

    @Test
    void theCredentialRoutesHaveASmallBucketOfTheirOwnPerAddress() {
        try (App app = TestApps.start(Map.of("http.rate-limit.credentials.requests", 3, "http.rate-limit.credentials.period", "1h"))) {
            ApiClient api = new ApiClient(app.port());
            String name = Accounts.freshName("bucket");
            assertThat(api.post("/users").json("username", name, "email", name + "@example.com", "password", Accounts.PASSWORD)
                    .send().status()).isEqualTo(201);
            assertThat(api.post("/sessions").json("username", name, "password", Accounts.PASSWORD).send().status()).isEqualTo(201);
            assertThat(api.post("/sessions").json("username", name, "password", Accounts.PASSWORD).send().status()).isEqualTo(201);

            Response limited = api.post("/sessions").json("username", name, "password", Accounts.PASSWORD).send();

            assertThat(limited.status()).isEqualTo(429);
            assertThat(limited.problemType()).isEqualTo("urn:feedline:problem:rate-limited");
            assertThat(Long.parseLong(limited.header("Retry-After"))).isPositive();
            assertThat(api.get("/users/" + name).send().status()).as("other routes keep the general bucket").isEqualTo(200);
        }
    }

    @Test
    void failedLoginsAreLimitedPerUsernameWhateverTheAddress() {
        try (App app = TestApps.start(Map.of(
                "http.rate-limit.failed-logins.requests", 3,
                "http.rate-limit.failed-logins.period", "1h",
                "http.client-address.header", "X-Forwarded-For",
                "http.client-address.trusted-proxies", "127.0.0.1/32"))) {
            ApiClient api = new ApiClient(app.port());
            Accounts.User victim = new Accounts(api).signUp("stuffed");
            Accounts.User bystander = new Accounts(api).signUp("bystander");

            for (int i = 0; i < 3; i++) {
                Response wrong = api.post("/sessions").header("X-Forwarded-For", "198.51.100." + (i + 1))
                        .json("username", victim.username(), "password", "wrong password " + i).send();
                assertThat(wrong.status()).isEqualTo(401);
            }
            Response fromAFreshAddress = api.post("/sessions").header("X-Forwarded-For", "203.0.113.77")
                    .json("username", victim.username().toUpperCase(java.util.Locale.ROOT), "password", Accounts.PASSWORD).send();

            assertThat(fromAFreshAddress.status()).isEqualTo(429);
            assertThat(fromAFreshAddress.header("Retry-After")).isNotBlank();
            assertThat(api.post("/sessions").json("username", bystander.username(), "password", Accounts.PASSWORD).send().status())
                    .as("another username is not affected").isEqualTo(201);
        }
    }

    @Test
    void whenEveryHashingSlotIsTakenALoginGets503WithRetryAfter() throws Exception {
        try (App app = TestApps.start(Map.of("password.max-concurrent-hashes", 1, "password.max-wait", "1ms"));
                ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            ApiClient api = new ApiClient(app.port());
            List<Future<Response>> answers = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                int n = i;
                answers.add(callers.submit(() -> api.post("/sessions").json("username", "nobody_" + n, "password", "not the password").send()));
            }
            List<Response> overloaded = new ArrayList<>();
            for (Future<Response> answer : answers) {
                Response response = answer.get();
                assertThat(response.status()).as(response.toString()).isIn(401, 503);
                if (response.status() == 503) {
                    overloaded.add(response);
                }
            }

            assertThat(overloaded).as("16 logins at once on one hashing slot").isNotEmpty();
            assertThat(overloaded.getFirst().problemType()).isEqualTo("urn:feedline:problem:overloaded");
            assertThat(overloaded.getFirst().header("Retry-After")).isNotBlank();
        }
    }

    @Test
    void theForwardedHeaderIsIgnoredUnlessTheSocketPeerIsATrustedProxy() {
        try (App app = TestApps.start(Map.of(
                "http.rate-limit.requests", 2, "http.rate-limit.period", "1h",
                "http.client-address.header", "X-Forwarded-For",
                "http.client-address.trusted-proxies", "10.0.0.0/8"))) {
            ApiClient api = new ApiClient(app.port());
            for (int i = 0; i < 2; i++) {
                assertThat(api.get("/users/nobody_" + i).header("X-Forwarded-For", "198.51.100." + i).send().status()).isEqualTo(404);
            }

            assertThat(api.get("/users/nobody").header("X-Forwarded-For", "198.51.100.99").send().status())
                    .as("127.0.0.1 is no trusted proxy, so every request is keyed by the socket address").isEqualTo(429);
        }
    }

    @Test
    void addressRotationBehindATrustedProxyCannotFlushALimitedCallersBucket() {
        try (App app = TestApps.start(Map.of(
                "http.rate-limit.requests", 2, "http.rate-limit.period", "1h", "http.rate-limit.max-callers", 4,
                "http.client-address.header", "X-Forwarded-For",
                "http.client-address.trusted-proxies", "127.0.0.0/8"))) {
            ApiClient api = new ApiClient(app.port());
            String limited = "192.0.2.10";
            api.get("/users/nobody").header("X-Forwarded-For", limited).send();
            api.get("/users/nobody").header("X-Forwarded-For", limited).send();
            assertThat(api.get("/users/nobody").header("X-Forwarded-For", limited).send().status()).isEqualTo(429);

            for (int i = 0; i < 50; i++) {
                api.get("/users/nobody").header("X-Forwarded-For", "198.51.100." + i).send();
            }

            assertThat(api.get("/users/nobody").header("X-Forwarded-For", limited).send().status())
                    .as("fifty fresh addresses did not evict the limited caller's bucket").isEqualTo(429);
        }
    }

    @Test
    void ipv6CallersAreKeyedPerSlash64() {
        try (App app = TestApps.start(Map.of(
                "http.rate-limit.requests", 2, "http.rate-limit.period", "1h",
                "http.client-address.header", "X-Forwarded-For",
                "http.client-address.trusted-proxies", "127.0.0.1/32"))) {
            ApiClient api = new ApiClient(app.port());
            api.get("/users/nobody").header("X-Forwarded-For", "2001:db8:1:2::1").send();
            api.get("/users/nobody").header("X-Forwarded-For", "2001:db8:1:2:ffff::9").send();

            assertThat(api.get("/users/nobody").header("X-Forwarded-For", "2001:db8:1:2:abcd:1234:5678:9abc").send().status())
                    .as("the same /64").isEqualTo(429);
            assertThat(api.get("/users/nobody").header("X-Forwarded-For", "2001:db8:1:3::1").send().status())
                    .as("the next /64 is another caller").isEqualTo(404);
        }
    }

    @Test
    void aDisplayNameWithABidiOverrideIsA400NamingTheField() {
        ApiClient api = new ApiClient(TestApps.shared().port());
        String name = Accounts.freshName("bidi");
        Response refused = api.post("/users").json("username", name, "email", name + "@example.com",
                "password", Accounts.PASSWORD, "displayName", "Alice\u202Egnp.exe").send();

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.field()).isEqualTo("displayName");
    }
}

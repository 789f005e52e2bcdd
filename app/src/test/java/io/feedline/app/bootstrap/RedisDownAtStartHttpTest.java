package io.feedline.app.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.feedline.app.http.Accounts;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient;
import io.feedline.app.http.ApiClient.Response;
import io.feedline.app.http.TestApps;
import io.feedline.testsupport.DynamoLocal;
import io.feedline.testsupport.FreePorts;
import io.feedline.testsupport.PostgresServer;
import io.feedline.testsupport.TestPostgres;
import io.feedline.testsupport.ThrowawayRedis;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Redis is a cache, so the polyglot server starts without it: with {@code redis.uri} on a port where
 * nothing listens, the server comes up, says {@code DEGRADED} naming redis on {@code /health} (still
 * 200), and registers, publishes and serves feeds from DynamoDB and Postgres. Once a Redis starts on
 * that port, the server connects by itself, {@code /health} says {@code UP}, and feed reads go
 * through Redis again.
 */
class RedisDownAtStartHttpTest {
    private static final String RUN = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    private static final String SCHEMA = "feedline_redis_down_" + RUN;
    /** The longest each wait for the late Redis may take. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @Test
    void thePolyglotServerStartsWithoutRedisServesFromDynamoAndUsesRedisOnceItIsUp() {
        PostgresServer postgres = TestPostgres.server();
        int redisPort = FreePorts.next();
        try (DynamoLocal dynamo = DynamoLocal.start();
                App app = App.create(polyglot(dynamo, postgres, redisPort)).start()) {
            ApiClient api = new ApiClient(app.port());

            Response health = api.get("/health").send();
            assertThat(health.status()).isEqualTo(200);
            assertThat(health.text("status")).isEqualTo("DEGRADED");
            assertThat(health.json().path("components").path("redis").path("status").asText()).isEqualTo("DEGRADED");
            assertThat(health.json().path("components").path("dynamodb").path("status").asText()).isEqualTo("UP");
            assertThat(health.json().path("components").path("postgres").path("status").asText()).isEqualTo("UP");

            Accounts accounts = new Accounts(api);
            User alice = accounts.signUp("nocache");
            User bob = accounts.signUp("reader");
            assertThat(api.put("/users/" + alice.username() + "/follow").token(bob.token()).send().status()).isBetween(200, 204);
            Response published = api.post("/posts").token(alice.token()).json("text", "served without redis").send();
            assertThat(published.status()).isEqualTo(201);
            String post = published.text("id");
            app.drainFanout();

            Response feed = api.get("/feed").token(bob.token()).send();
            assertThat(feed.status()).isEqualTo(200);
            assertThat(feed.ids()).containsExactly(post);
            assertThat(feed.json().path("items").get(0).path("text").asText()).isEqualTo("served without redis");

            try (ThrowawayRedis redis = ThrowawayRedis.start(redisPort)) {
                await("/health UP once redis is there").atMost(PATIENCE).until(() -> {
                    Response now = api.get("/health").send();
                    return now.status() == 200 && now.text("status").equals("UP")
                            && now.json().path("components").path("redis").path("status").asText().equals("UP");
                });
                String window = "tl:{" + bob.id() + "}";
                await("bob's window rebuilt on redis by his reads").atMost(PATIENCE).until(() -> {
                    assertThat(api.get("/feed").token(bob.token()).send().ids()).containsExactly(post);
                    return redis.admin().exists(window);
                });
                assertThat(redis.admin().exists("p:" + post)).as("the post cached on redis").isTrue();

                redis.resetCommandStats();
                assertThat(api.get("/feed").token(bob.token()).send().ids()).containsExactly(post);
                assertThat(redis.commandCalls()).as("the page read its window on redis")
                        .containsKey("evalsha");
            }
        } finally {
            postgres.dropSchema(SCHEMA);
        }
    }

    private static FeedlineConfig polyglot(DynamoLocal dynamo, PostgresServer postgres, int redisPort) {
        Map<String, Object> config = new HashMap<>();
        config.put("profile", "polyglot");
        config.put("dynamodb.endpoint", dynamo.endpoint().toString());
        config.put("dynamodb.table", "redis-down-" + RUN);
        config.put("postgres.url", postgres.url());
        config.put("postgres.user", postgres.user() == null ? "" : postgres.user());
        config.put("postgres.password", postgres.password() == null ? "" : postgres.password());
        config.put("postgres.schema", SCHEMA);
        config.put("redis.uri", "redis://127.0.0.1:" + redisPort);
        config.put("redis.command-timeout", "5s");
        config.put("redis.connect-timeout", "5s");
        config.put("http.host", "127.0.0.1");
        config.put("http.port", 0);
        config.put("http.health-cache", "10ms");
        config.put("worker.in-process", 0);
        config.put("fanout.backlog-threshold", "1d");
        config.put("token.secret", TestApps.TOKEN_SECRET);
        config.put("http.rate-limit.credentials.requests", 1_000_000);
        return FeedlineConfig.of(config);
    }
}

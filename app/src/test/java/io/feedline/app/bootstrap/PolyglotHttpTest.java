package io.feedline.app.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.http.Accounts;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient;
import io.feedline.app.http.ApiClient.Response;
import io.feedline.app.http.TestApps;
import io.feedline.testsupport.DynamoLocal;
import io.feedline.testsupport.PostgresServer;
import io.feedline.testsupport.RedisAdmin;
import io.feedline.testsupport.TestPostgres;
import io.feedline.testsupport.TestRedis;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The polyglot profile end to end: posts, graph, feeds and outbox on DynamoDB (Local, in this JVM),
 * users on a real Postgres, timelines on a real Redis (the test servers every module uses). Each run
 * has its own DynamoDB table, Postgres schema and Redis key prefix, dropped afterwards.
 */
class PolyglotHttpTest {
    private static final String RUN = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    private static final String SCHEMA = "feedline_app_" + RUN;
    private static final String PREFIX = "feedline-app-test:" + RUN + ":";

    private static PostgresServer postgres;
    private static RedisAdmin redis;
    private static DynamoLocal dynamo;
    private static App app;
    private static ApiClient api;

    @BeforeAll
    static void start() {
        postgres = TestPostgres.server();
        redis = RedisAdmin.connect(TestRedis.uri());
        dynamo = DynamoLocal.start();
        app = App.create(polyglot("polyglot-" + RUN)).start();
        api = new ApiClient(app.port());
    }

    @AfterAll
    static void stop() {
        try {
            if (app != null) {
                app.close();
            }
            if (dynamo != null) {
                dynamo.close();
            }
        } finally {
            if (postgres != null) {
                postgres.dropSchema(SCHEMA);
            }
            if (redis != null) {
                redis.deleteMatching(PREFIX + "*");
                redis.close();
            }
        }
    }

    @Test
    void searchRunsOnPostgresFullTextSearchKeptByTheOutbox() throws Exception {
        Accounts accounts = new Accounts(api);
        User author = accounts.signUp("finder");
        String word = "zq" + RUN.replaceAll("[^a-f]", "") + "w";
        String kept = api.post("/posts").token(author.token()).json("text", "kept #" + word).send().text("id");
        String deleted = api.post("/posts").token(author.token()).json("text", "deleted " + word).send().text("id");
        assertThat(api.get("/search?q=" + word).send().ids()).as("the index trails the write").isEmpty();
        app.drainFanout();

        assertThat(api.get("/search?q=%23" + word).send().ids()).containsExactly(deleted, kept);
        try (var connection = postgres.connect(); var statement = connection.createStatement();
                var rows = statement.executeQuery("SELECT count(*) FROM " + SCHEMA + ".post_search WHERE post_id IN ('"
                        + kept + "', '" + deleted + "')")) {
            rows.next();
            assertThat(rows.getInt(1)).as("indexed in Postgres").isEqualTo(2);
        }
        assertThat(api.delete("/posts/" + deleted).token(author.token()).send().status()).isEqualTo(204);
        assertThat(api.get("/search?q=" + word).send().ids()).as("dropped at read at once").containsExactly(kept);
        assertThat(api.get("/search?type=accounts&q=" + author.username()).send().ids())
                .as("accounts straight from the users table").containsExactly(author.id());
    }

    @Test
    void theFeedWorksOverDynamoPostgresAndRedis() {
        Accounts accounts = new Accounts(api);
        User alice = accounts.signUp("poly");
        User bob = accounts.signUp("glot");
        api.put("/users/" + alice.username() + "/follow").token(bob.token()).send();
        String post = api.post("/posts").token(alice.token()).json("text", "over three engines").send().text("id");
        app.drainFanout();

        assertThat(api.get("/feed").token(bob.token()).send().ids()).containsExactly(post);
        assertThat(redis.exists(PREFIX + "tl:{" + bob.id() + "}")).as("bob's window on Redis").isTrue();
        assertThat(api.get("/users/" + alice.username()).send().json().path("followers").asLong()).isEqualTo(1);

        Response duplicate = api.post("/users")
                .json("username", alice.username().toUpperCase(), "email", "x" + alice.username() + "@example.com",
                        "password", Accounts.PASSWORD)
                .send();
        assertThat(duplicate.status()).isEqualTo(409);
        assertThat(duplicate.field()).isEqualTo("username");
    }

    @Test
    void aRepostTravelsThroughTheRedisWindowAndPostCache() {
        Accounts accounts = new Accounts(api);
        User alice = accounts.signUp("poly_orig");
        User bob = accounts.signUp("poly_rt");
        User carol = accounts.signUp("poly_rd");
        api.put("/users/" + bob.username() + "/follow").token(carol.token()).send();
        String post = api.post("/posts").token(alice.token()).json("text", "reposted over redis").send().text("id");
        assertThat(api.put("/posts/" + post + "/repost").token(bob.token()).send().json().path("repostCount").asLong())
                .isEqualTo(1);
        app.drainFanout();

        // The window holds the repost's own entry: its id and the reposter.
        List<String> window = redis.run(r -> r.zrange(PREFIX + "tl:{" + carol.id() + "}", 0, -1));
        assertThat(window).singleElement().satisfies(member -> {
            assertThat(member).endsWith(":" + bob.id());
            assertThat(member).doesNotStartWith(post);
        });
        // Read twice: the second page is hydrated from the post cache, which must keep the entry a repost.
        for (int read = 0; read < 2; read++) {
            Response feed = api.get("/feed").token(carol.token()).send();
            assertThat(feed.ids()).containsExactly(post);
            assertThat(feed.json().path("items").get(0).path("repostedBy").path("username").asText()).isEqualTo(bob.username());
            assertThat(feed.json().path("items").get(0).path("repostCount").asLong()).isEqualTo(1);
        }
    }

    @Test
    void accountsLiveInPostgresNotInDynamo() {
        User carol = new Accounts(api).signUp("carol");

        // A second app on the same Postgres schema but an empty DynamoDB table still knows carol.
        try (App other = App.create(polyglot("polyglot-empty-" + RUN)).start()) {
            ApiClient otherApi = new ApiClient(other.port());
            Response session = otherApi.post("/sessions").json("username", carol.username(), "password", Accounts.PASSWORD).send();
            assertThat(session.status()).isEqualTo(201);
            assertThat(session.json().path("user").path("id").asText()).isEqualTo(carol.id());
        }
    }

    @Test
    void healthPingsAllThreeEngines() {
        Response health = api.get("/health").send();

        assertThat(health.status()).isEqualTo(200);
        assertThat(health.json().path("components").fieldNames()).toIterable()
                .containsExactlyInAnyOrder("dynamodb", "postgres", "redis");
    }

    private static FeedlineConfig polyglot(String table) {
        Map<String, Object> config = new HashMap<>();
        config.put("profile", "polyglot");
        config.put("dynamodb.endpoint", dynamo.endpoint().toString());
        config.put("dynamodb.table", table);
        config.put("postgres.url", postgres.url());
        config.put("postgres.user", postgres.user() == null ? "" : postgres.user());
        config.put("postgres.password", postgres.password() == null ? "" : postgres.password());
        config.put("postgres.schema", SCHEMA);
        config.put("redis.uri", redis.uri());
        config.put("redis.key-prefix", PREFIX);
        config.put("redis.command-timeout", "5s");
        config.put("redis.connect-timeout", "5s");
        config.put("http.host", "127.0.0.1");
        config.put("http.port", 0);
        config.put("worker.in-process", 0);
        config.put("token.secret", TestApps.TOKEN_SECRET);
        // Sign-ups here are many and quick from one address; the limits have their own tests.
        config.put("http.rate-limit.credentials.requests", 1_000_000);
        return FeedlineConfig.of(config);
    }
}

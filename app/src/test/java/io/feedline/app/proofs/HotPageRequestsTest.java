package io.feedline.app.proofs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.feedline.app.bootstrap.App;
import io.feedline.app.bootstrap.FeedlineConfig;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.RegisterUser;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.Username;
import io.feedline.testsupport.DynamoLocal;
import io.feedline.testsupport.ThrowawayRedis;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What a hot push page costs, counted per engine over HTTP: in the polyglot profile one PING for
 * the feed (the window's first page and the posts come from the near caches once every
 * invalidation pushed before the page is applied: no range script, no HMGET) and no DynamoDB
 * request, not even about the token's revocation (a server that hears every
 * revocation remembers "not revoked" for minutes), the caller's shared rate-limit bucket being answered in the process
 * between its exchanges with Redis (a GET and bucket4j's compare-and-swap EVAL, about once a second
 * for a busy caller, not once a page); in the embedded profile no request to any engine at all. DynamoDB requests are counted on the wire by
 * the SDK (as {@code /metrics} reports them, less the outbox queries of the backlog gauge that the
 * scrape itself refreshes), Redis commands by the server itself.
 */
class HotPageRequestsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PASSWORD = "hot-page-requests";
    private static final int PAGES = 10;
    private static final Pattern DYNAMO_REQUESTS =
            Pattern.compile("(?m)^feedline_dynamodb_requests_total\\{([^}]*)\\} (\\S+)$");

    @Test
    void aHotPolyglotPageIsOnePingAndNoDynamoDbRequestWhileItsCallerIsAnsweredInTheProcess() throws Exception {
        try (ThrowawayRedis redis = ThrowawayRedis.start(); DynamoLocal dynamo = DynamoLocal.start()) {
            Map<String, Object> settings = base();
            settings.put("profile", "polyglot");
            settings.put("storage.users", "dynamodb");
            settings.put("dynamodb.endpoint", dynamo.endpoint().toString());
            settings.put("dynamodb.table", "hot-page-" + System.nanoTime());
            settings.put("redis.uri", redis.uri());
            // A server that could miss other servers' revocations would ask DynamoDB about the token
            // on nearly every page with this; one that hears them all keeps "not revoked" 10 minutes.
            settings.put("token.revocation-recheck", "1ms");
            // The engines' background probe PINGs Redis too; after its first probe it waits this long.
            settings.put("http.health-cache", "1h");
            try (App app = App.create(FeedlineConfig.of(settings)).start()) {
                Reader reader = warmReader(app);

                redis.resetCommandStats();
                double dynamoBefore = dynamoRequests(reader);
                assertThat(dynamoBefore).as("DynamoDB requests are counted at all").isPositive();
                long started = System.nanoTime();
                for (int i = 0; i < PAGES; i++) {
                    reader.readFeed();
                }
                long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
                double dynamoAfter = dynamoRequests(reader);
                Map<String, Long> redisCalls = new HashMap<>(redis.commandCalls());
                // The stats' own connection (hello, info, config) is not the page's.
                redisCalls.keySet().removeIf(command -> command.startsWith("info") || command.startsWith("config")
                        || command.equals("hello"));

                assertThat(dynamoAfter - dynamoBefore).as("DynamoDB requests for %d hot pages", PAGES).isZero();
                assertThat(redisCalls).as("Redis commands sent for %d hot pages one after another: a PING each", PAGES)
                        .containsEntry("ping", (long) PAGES).doesNotContainKeys("evalsha", "zrange", "hmget");
                // The 3 warm pages and these 10 are within the caller's share (300 a minute: 15), so only the
                // second passing since the bucket's last exchange sends the caller to Redis, a GET and the
                // compare-and-swap script (which the server counts with the reads and the write it runs).
                long exchanges = redisCalls.getOrDefault("eval", 0L);
                assertThat(exchanges).as("rate-limit exchanges with Redis for %d pages in %d s", PAGES, seconds)
                        .isLessThanOrEqualTo(2 + seconds).isLessThan(PAGES);
                assertThat(redisCalls.getOrDefault("psetex", 0L)).as("a bucket write per exchange").isEqualTo(exchanges);
                assertThat(redisCalls.keySet()).as("commands run for hot pages: those, and the rate limit's script's own read and write")
                        .isSubsetOf("ping", "get", "eval", "psetex");
            }
        }
    }

    @Test
    void aHotEmbeddedPageReadsNoEngine() throws Exception {
        Map<String, Object> settings = base();
        settings.put("dynamodb.in-memory", true);
        try (App app = App.create(FeedlineConfig.of(settings)).start()) {
            Reader reader = warmReader(app);

            double before = dynamoRequests(reader);
            assertThat(before).as("DynamoDB requests are counted at all").isPositive();
            reader.readFeed();

            assertThat(dynamoRequests(reader) - before).as("DynamoDB requests for a hot page").isZero();
            String metrics = reader.http().send(HttpRequest.newBuilder(URI.create(reader.base() + "/metrics")).GET().build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            assertThat(metrics).as("the caches' failures are counted on /metrics")
                    .containsPattern("(?m)^feedline_timeline_write_failures_total 0\\.0$")
                    .containsPattern("(?m)^feedline_post_cache_failures_total\\{operation=\"read\"\\} 0\\.0$");
        }
    }

    private static Map<String, Object> base() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        Map<String, Object> settings = new HashMap<>();
        settings.put("token.secret", HexFormat.of().formatHex(key));
        settings.put("http.host", "127.0.0.1");
        settings.put("http.port", 0);
        settings.put("worker.in-process", 0);
        settings.put("fanout.mode", "push");
        settings.put("fanout.backlog-threshold", "1d");
        return settings;
    }

    private record Reader(HttpClient http, String base, String token) {
        JsonNode readFeed() throws Exception {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(base + "/feed?limit=20"))
                    .header("Authorization", "Bearer " + token).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            JsonNode page = JSON.readTree(response.body());
            assertThat(page.get("items")).hasSize(20);
            return page;
        }
    }

    /** A reader following one author of 30 posts, whose feed was read until every cache in front of it is warm. */
    private static Reader warmReader(App app) throws Exception {
        UseCases feed = app.useCases();
        String run = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
        UserAccount author = register(feed, "w" + run);
        UserAccount reader = register(feed, "r" + run);
        feed.follow().follow(reader.id(), author.username());
        for (int i = 0; i < 30; i++) {
            feed.publishPost().publish(new PublishPost.Command(author.id(), PostText.of("post " + i), Optional.empty()));
        }
        app.drainFanout();
        HttpClient http = HttpClient.newHttpClient();
        String base = "http://127.0.0.1:" + app.port();
        HttpResponse<String> login = http.send(HttpRequest.newBuilder(URI.create(base + "/sessions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(
                        Map.of("username", reader.username().value(), "password", PASSWORD))))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(login.statusCode()).as(login.body()).isEqualTo(201);
        Reader hot = new Reader(http, base, JSON.readTree(login.body()).get("token").asText());
        for (int i = 0; i < 3; i++) {
            hot.readFeed();
        }
        return hot;
    }

    private static UserAccount register(UseCases app, String name) {
        return app.registerUser().register(new RegisterUser.Command(Username.of(name), Email.of(name + "@example.org"),
                new Password(PASSWORD), DisplayName.of(name), Bio.EMPTY));
    }

    private static double dynamoRequests(Reader reader) throws Exception {
        String metrics = reader.http().send(HttpRequest.newBuilder(URI.create(reader.base() + "/metrics")).GET().build(),
                HttpResponse.BodyHandlers.ofString()).body();
        Matcher line = DYNAMO_REQUESTS.matcher(metrics);
        double total = 0;
        while (line.find()) {
            // The backlog gauge behind /metrics itself queries the outbox index; the page does not.
            if (!line.group(1).contains("fanout_backlog")) {
                total += Double.parseDouble(line.group(2));
            }
        }
        return total;
    }
}

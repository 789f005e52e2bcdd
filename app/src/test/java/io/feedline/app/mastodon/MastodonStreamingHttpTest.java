package io.feedline.app.mastodon;

import static io.feedline.app.mastodon.MastodonHttp.form;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.feedline.app.bootstrap.App;
import io.feedline.app.bootstrap.FeedlineConfig;
import io.feedline.app.http.TestApps;
import io.feedline.testsupport.DynamoLocal;
import io.feedline.testsupport.TestRedis;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;

/**
 * The streaming API across processes: two servers share DynamoDB and Redis; a client streaming from
 * one sees what is published on the other and fanned out by its worker, because live events travel
 * over Redis. Also the WebSocket's refusals, as Mastodon's streaming server words them.
 */
class MastodonStreamingHttpTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static Map<String, Object> polyglot(String table, String prefix, int workers) {
        Map<String, Object> settings = new HashMap<>();
        settings.put("profile", "polyglot");
        settings.put("storage.users", "dynamodb");
        settings.put("storage.timelines", "redis");
        settings.put("redis.uri", TestRedis.uri());
        settings.put("redis.key-prefix", prefix);
        settings.put("dynamodb.endpoint", DynamoLocal.shared().endpoint().toString());
        settings.put("dynamodb.table", table);
        settings.put("http.host", "127.0.0.1");
        settings.put("http.port", 0);
        settings.put("mastodon.enabled", true);
        settings.put("mastodon.port", 0);
        settings.put("worker.in-process", workers);
        settings.put("token.secret", TestApps.TOKEN_SECRET);
        settings.put("http.rate-limit.credentials.requests", 1_000_000);
        return settings;
    }

    /** Messages a WebSocket receives, whole. */
    private static final class Inbox implements WebSocket.Listener {
        final BlockingQueue<JsonNode> messages = new LinkedBlockingQueue<>();
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                try {
                    messages.add(JSON.readTree(partial.toString()));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                partial.setLength(0);
            }
            socket.request(1);
            return null;
        }

        /** The next update whose status has {@code id}, skipping others, within 10 s; null if none came. */
        JsonNode update(String id) {
            try {
                return await().atMost(Duration.ofSeconds(10)).until(() -> arrivedUpdate(id), Objects::nonNull);
            } catch (ConditionTimeoutException none) {
                return null;
            }
        }

        /** The first update among the messages arrived so far whose status has {@code id}, or null. */
        private JsonNode arrivedUpdate(String id) throws IOException {
            for (JsonNode message = messages.poll(); message != null; message = messages.poll()) {
                if (message.path("event").asText().equals("update")
                        && JSON.readTree(message.path("payload").asText()).path("id").asText().equals(id)) {
                    return message;
                }
            }
            return null;
        }
    }

    private static JsonNode post(String url, String body, String contentType, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        HttpResponse<String> answer = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(url + ": " + answer.body()).isBetween(200, 201);
        return JSON.readTree(answer.body());
    }

    /** Signs a new user up on {@code nativeBase} and returns {name, native token}. */
    private static String[] user(String nativeBase) throws Exception {
        String name = "s" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        post(nativeBase + "/users", JSON.writeValueAsString(Map.of("username", name, "email", name + "@example.org",
                "password", name + " secret words", "displayName", name)), "application/json", null);
        JsonNode session = post(nativeBase + "/sessions", JSON.writeValueAsString(Map.of("username", name,
                "password", name + " secret words")), "application/json", null);
        return new String[] {name, session.path("token").asText()};
    }

    private static String mastodonToken(String base, String name, String scope) throws Exception {
        JsonNode app = post(base + "/api/v1/apps", form(Map.of("client_name", "streams", "redirect_uris",
                "urn:ietf:wg:oauth:2.0:oob", "scopes", "read write follow")), "application/x-www-form-urlencoded", null);
        return post(base + "/oauth/token", form(Map.of("grant_type", "password", "client_id", app.path("client_id").asText(),
                "client_secret", app.path("client_secret").asText(), "username", name, "password", name + " secret words",
                "scope", scope)), "application/x-www-form-urlencoded", null).path("access_token").asText();
    }

    private static WebSocket connect(int port, String query, String token, Inbox inbox) {
        WebSocket.Builder builder = HTTP.newWebSocketBuilder();
        if (token != null) {
            builder.subprotocols(token);
        }
        return builder.buildAsync(URI.create("ws://127.0.0.1:" + port + "/api/v1/streaming" + query), inbox).join();
    }

    @Test
    void aUserStreamOnOneServerShowsAPostPublishedOnAnotherAndFannedOutByItsWorker() throws Exception {
        String table = "streams-" + System.nanoTime();
        String prefix = "test:streams:" + UUID.randomUUID() + ":";
        try (App publishing = App.create(FeedlineConfig.of(polyglot(table, prefix, 1))).start();
                App streaming = App.create(FeedlineConfig.of(polyglot(table, prefix, 0))).start()) {
            String nativeA = "http://127.0.0.1:" + publishing.port();
            String[] author = user(nativeA);
            String[] reader = user(nativeA);
            HttpResponse<String> followed = HTTP.send(HttpRequest.newBuilder(URI.create(nativeA + "/users/" + author[0] + "/follow"))
                    .header("Authorization", "Bearer " + reader[1]).PUT(HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(followed.statusCode()).isEqualTo(200);
            int port = streaming.mastodonPort().orElseThrow();
            String token = mastodonToken("http://127.0.0.1:" + port, reader[0], "read");
            Inbox inbox = new Inbox();
            WebSocket socket = connect(port, "?stream=user", token, inbox);
            try {
                assertThat(socket.getSubprotocol()).as("the upgrade answers with the token, as Mastodon's does").isEqualTo(token);
                JsonNode update = null;
                // Nothing acknowledges a subscription, so the post is made again until one arrives
                // (the streaming server's own subscription to Redis may still be starting).
                for (int attempt = 0; attempt < 10 && update == null; attempt++) {
                    JsonNode published = post(nativeA + "/posts", JSON.writeValueAsString(Map.of("text", "across servers " + attempt)),
                            "application/json", author[1]);
                    update = inbox.update(published.path("id").asText());
                }

                assertThat(update).as("an update for a post published on the other server").isNotNull();
                assertThat(update.path("stream").get(0).asText()).isEqualTo("user");
                JsonNode status = JSON.readTree(update.path("payload").asText());
                assertThat(status.path("account").path("username").asText()).isEqualTo(author[0]);
                assertThat(status.path("url").asText()).startsWith("http://127.0.0.1:" + port + "/@" + author[0]);
            } finally {
                socket.abort();
            }
        }
    }

    @Test
    void aWebSocketUpgradeSpendsTheCallersRateLimitAsEveryRequestDoes() throws Exception {
        int limit = 3;
        try (App app = TestApps.start(Map.of("mastodon.enabled", true, "mastodon.port", 0,
                "http.rate-limit.requests", limit, "http.rate-limit.period", "1h"))) {
            int port = app.mastodonPort().orElseThrow();
            for (int i = 0; i < limit; i++) {
                connect(port, "?stream=public", null, new Inbox()).abort();
            }

            assertThatThrownBy(() -> connect(port, "?stream=public", null, new Inbox()))
                    .hasCauseInstanceOf(WebSocketHandshakeException.class)
                    .satisfies(e -> assertThat(((WebSocketHandshakeException) e.getCause()).getResponse().statusCode())
                            .as("the upgrade past the address's budget").isEqualTo(429));
        }
    }

    @Test
    void theWebSocketRefusesUnknownStreamsAUserStreamWithoutATokenAndABadToken() throws Exception {
        try (App app = TestApps.start(Map.of("mastodon.enabled", true, "mastodon.port", 0))) {
            int port = app.mastodonPort().orElseThrow();
            Inbox unknown = new Inbox();
            WebSocket first = connect(port, "?stream=list&list=1", null, unknown);
            assertThat(unknown.messages.poll(10, TimeUnit.SECONDS)).isEqualTo(JSON.readTree("{\"error\":\"Unknown stream type\",\"status\":400}"));
            first.abort();

            Inbox anonymous = new Inbox();
            WebSocket second = connect(port, "?stream=user", null, anonymous);
            assertThat(anonymous.messages.poll(10, TimeUnit.SECONDS)).isEqualTo(JSON.readTree("{\"error\":\"Missing access token\",\"status\":401}"));
            second.sendText("{\"type\":\"subscribe\",\"stream\":\"hashtag\"}", true).join();
            assertThat(anonymous.messages.poll(10, TimeUnit.SECONDS)).isEqualTo(JSON.readTree("{\"error\":\"No tag for stream provided\",\"status\":400}"));
            second.abort();

            assertThatThrownBy(() -> HTTP.newWebSocketBuilder().header("Authorization", "Bearer not-a-token")
                    .buildAsync(URI.create("ws://127.0.0.1:" + port + "/api/v1/streaming?stream=public"), new Inbox()).join())
                    .hasCauseInstanceOf(WebSocketHandshakeException.class)
                    .satisfies(e -> assertThat(((WebSocketHandshakeException) e.getCause()).getResponse().statusCode())
                            .as("a bad token is refused at the upgrade").isEqualTo(401));
        }
    }
}

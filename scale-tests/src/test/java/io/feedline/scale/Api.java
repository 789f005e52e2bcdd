package io.feedline.scale;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The native HTTP API of one server, as a client sees it. A server that cannot be reached (killed,
 * not yet up) is an {@link UncheckedIOException}, which a caller may answer by trying another server.
 */
final class Api {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One answer: the status and the JSON body (a null node when there is none). */
    record Answer(int status, JsonNode body) {
        String id() {
            return body.path("id").asText();
        }
    }

    /** A post in a list, as the test needs it. */
    record Item(String id, String authorId) {}

    private final HttpClient http;
    private final URI base;
    private final String name;

    Api(HttpClient http, FeedlineProcess server) {
        this.http = http;
        this.base = server.base();
        this.name = server.name();
    }

    String name() {
        return name;
    }

    Answer register(String username, String email, String password) {
        return send("POST", "/users", null, Map.of("username", username, "email", email, "password", password), null);
    }

    /** A sign-in as it is answered, right or wrong. */
    Answer attemptLogin(String username, String password) {
        return send("POST", "/sessions", null, Map.of("username", username, "password", password), null);
    }

    String login(String username, String password) {
        Answer answer = send("POST", "/sessions", null, Map.of("username", username, "password", password), null);
        expect(answer, 201, "login of " + username);
        return answer.body().get("token").asText();
    }

    Answer follow(String token, String username) {
        return send("PUT", "/users/" + username + "/follow", token, null, null);
    }

    Answer block(String token, String username) {
        return send("PUT", "/users/" + username + "/block", token, null, null);
    }

    Answer unblock(String token, String username) {
        return send("DELETE", "/users/" + username + "/block", token, null, null);
    }

    /** Whether {@code follower} follows {@code followee}, as this server reads the edge. */
    boolean follows(String follower, String followee) {
        return expect(send("GET", "/users/" + follower + "/follows/" + followee, null, null, null), 200,
                "follows " + follower + " " + followee).body().get("follows").asBoolean();
    }

    Answer publish(String token, String text, String idempotencyKey) {
        return send("POST", "/posts", token, Map.of("text", text), idempotencyKey);
    }

    Answer like(String token, String postId) {
        return send("PUT", "/posts/" + postId + "/like", token, null, null);
    }

    Answer unlike(String token, String postId) {
        return send("DELETE", "/posts/" + postId + "/like", token, null, null);
    }

    Answer repost(String token, String postId) {
        return send("PUT", "/posts/" + postId + "/repost", token, null, null);
    }

    Answer unrepost(String token, String postId) {
        return send("DELETE", "/posts/" + postId + "/repost", token, null, null);
    }

    /** The ids of the users who like {@code postId} (first page of 100). */
    List<String> likers(String postId) {
        return userIds(expect(send("GET", "/posts/" + postId + "/likes?limit=100", null, null, null), 200, "likers"));
    }

    /** The ids of the users whose reposts of {@code postId} stand (first page of 100). */
    List<String> reposters(String postId) {
        return userIds(expect(send("GET", "/posts/" + postId + "/reposts?limit=100", null, null, null), 200, "reposters"));
    }

    private static List<String> userIds(Answer page) {
        List<String> ids = new ArrayList<>();
        page.body().get("items").forEach(user -> ids.add(user.get("id").asText()));
        return ids;
    }

    Answer delete(String token, String postId) {
        return send("DELETE", "/posts/" + postId, token, null, null);
    }

    Answer post(String postId) {
        return send("GET", "/posts/" + postId, null, null, null);
    }

    Answer profile(String username) {
        return send("GET", "/users/" + username, null, null, null);
    }

    /** One page of the caller's home feed. */
    Answer feedPage(String token, int limit, Optional<String> cursor) {
        return send("GET", "/feed?limit=" + limit + cursor.map(c -> "&cursor=" + URLEncoder.encode(c, StandardCharsets.UTF_8)).orElse(""),
                token, null, null);
    }

    /** The caller's whole home feed, page after page until no {@code nextCursor}. */
    List<Item> wholeFeed(String token, int limit) {
        return all(cursor -> feedPage(token, limit, cursor), "feed");
    }

    /** The author's posts, newest first, every page. */
    List<Item> postsBy(String username) {
        return all(cursor -> send("GET", "/users/" + username + "/posts?limit=100"
                + cursor.map(c -> "&cursor=" + URLEncoder.encode(c, StandardCharsets.UTF_8)).orElse(""), null, null, null),
                "posts of " + username);
    }

    static List<Item> items(Answer page) {
        List<Item> items = new ArrayList<>();
        for (JsonNode item : page.body().get("items")) {
            items.add(new Item(item.get("id").asText(), item.get("authorId").asText()));
        }
        return items;
    }

    static Answer expect(Answer answer, int status, String what) {
        if (answer.status() != status) {
            throw new AssertionError(what + ": expected " + status + ", got " + answer.status() + " " + answer.body());
        }
        return answer;
    }

    private List<Item> all(Function<Optional<String>, Answer> page, String what) {
        List<Item> items = new ArrayList<>();
        Optional<String> cursor = Optional.empty();
        for (int pages = 0; pages < 1000; pages++) {
            Answer answer = expect(page.apply(cursor), 200, what + " on " + name);
            items.addAll(items(answer));
            JsonNode next = answer.body().get("nextCursor");
            if (next == null || next.isNull()) {
                return items;
            }
            cursor = Optional.of(next.asText());
        }
        throw new AssertionError(what + " on " + name + " did not end within 1000 pages");
    }

    private static JsonNode parse(String body) {
        if (body.isEmpty()) {
            return NullNode.getInstance();
        }
        try {
            return JSON.readTree(body);
        } catch (JsonProcessingException notJson) {
            // Not a connection failure: an answer that is not JSON, kept as text for the failure message.
            return TextNode.valueOf(body);
        }
    }

    private Answer send(String method, String path, String token, Object body, String idempotencyKey) {
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(90));
            if (token != null) {
                request.header("Authorization", "Bearer " + token);
            }
            if (idempotencyKey != null) {
                request.header("Idempotency-Key", idempotencyKey);
            }
            if (body != null) {
                request.header("Content-Type", "application/json")
                        .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
            } else {
                request.method(method, HttpRequest.BodyPublishers.noBody());
            }
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), parse(response.body()));
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path + " on " + name + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}

package io.feedline.app.mastodon;

import static io.feedline.app.mastodon.MastodonHttp.form;
import static io.feedline.app.mastodon.MastodonHttp.send;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.feedline.app.bootstrap.App;
import io.feedline.app.http.TestApps;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Mastodon's relationship routes over the native relations: {@code relationships} answers the
 * native mutes and blocks, and Mastodon's mute, block, their lists and {@code follow?notify=} change
 * them; tags, the tag and public timelines and {@code /api/v2/search} apply what they changed.
 */
class MastodonRelationshipsHttpTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static App app;
    private static String base;
    private static String nativeBase;
    private static String clientId;
    private static String clientSecret;

    @BeforeAll
    static void start() throws Exception {
        app = TestApps.start(Map.of("mastodon.enabled", true, "mastodon.port", 0));
        base = "http://127.0.0.1:" + app.mastodonPort().orElseThrow();
        nativeBase = "http://127.0.0.1:" + app.port();
        JsonNode registered = JSON.readTree(send(HttpRequest.newBuilder(URI.create(base + "/api/v1/apps"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form(Map.of(
                        "client_name", "relationships", "redirect_uris", "http://127.0.0.1:9/callback", "scopes", "read write follow"))))).body());
        clientId = registered.path("client_id").asText();
        clientSecret = registered.path("client_secret").asText();
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    /** A new user, signed in natively; returns {name, native token}. */
    private static String[] user() throws Exception {
        String name = "u" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        String password = name + " secret words";
        HttpResponse<String> created = send(HttpRequest.newBuilder(URI.create(nativeBase + "/users"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("username", name,
                        "email", name + "@example.org", "password", password, "displayName", name)))));
        assertThat(created.statusCode()).isEqualTo(201);
        HttpResponse<String> session = send(HttpRequest.newBuilder(URI.create(nativeBase + "/sessions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("username", name, "password", password)))));
        assertThat(session.statusCode()).isEqualTo(201);
        return new String[] {name, JSON.readTree(session.body()).path("token").asText()};
    }

    private static String mastodonToken(String name) throws Exception {
        return mastodonToken(name, "read");
    }

    private static String mastodonToken(String name, String scope) throws Exception {
        HttpResponse<String> token = send(HttpRequest.newBuilder(URI.create(base + "/oauth/token"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form(Map.of("grant_type", "password", "client_id", clientId,
                        "client_secret", clientSecret, "username", name, "password", name + " secret words", "scope", scope)))));
        assertThat(token.statusCode()).as(token.body()).isEqualTo(200);
        return JSON.readTree(token.body()).path("access_token").asText();
    }

    private static void nativePut(String path, String token) throws Exception {
        assertThat(send(HttpRequest.newBuilder(URI.create(nativeBase + path)).header("Authorization", "Bearer " + token)
                .PUT(HttpRequest.BodyPublishers.noBody())).statusCode()).isEqualTo(200);
    }

    private static HttpResponse<String> call(String method, String path, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).method(method, HttpRequest.BodyPublishers.noBody());
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return send(request);
    }

    private static JsonNode ok(String method, String path, String token) throws Exception {
        HttpResponse<String> answer = call(method, path, token);
        assertThat(answer.statusCode()).as(method + " " + path + ": " + answer.body()).isEqualTo(200);
        return JSON.readTree(answer.body());
    }

    private static java.util.List<String> ids(JsonNode array) {
        java.util.List<String> ids = new java.util.ArrayList<>();
        array.forEach(item -> ids.add(item.path("id").asText()));
        return ids;
    }

    private static String publish(String token, String text) throws Exception {
        return publish(token, Map.of("text", text));
    }

    private static String reply(String token, String parent, String text) throws Exception {
        return publish(token, Map.of("text", text, "inReplyTo", parent));
    }

    private static String publish(String token, Map<String, String> body) throws Exception {
        HttpResponse<String> posted = send(HttpRequest.newBuilder(URI.create(nativeBase + "/posts"))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
        assertThat(posted.statusCode()).isEqualTo(201);
        return JSON.readTree(posted.body()).path("id").asText();
    }

    @Test
    void muteBlockAndNotifyThroughMastodonsRoutes() throws Exception {
        String[] alice = user();
        String[] bob = user();
        String[] carol = user();
        String token = mastodonToken(alice[0], "read write follow");

        JsonNode muted = ok("POST", "/api/v1/accounts/" + bob[0] + "/mute", token);
        assertThat(muted.path("muting").asBoolean()).isTrue();
        assertThat(ids(ok("GET", "/api/v1/mutes", token))).containsExactly(bob[0]);
        assertThat(ok("POST", "/api/v1/accounts/" + bob[0] + "/unmute", token).path("muting").asBoolean()).isFalse();
        assertThat(ok("GET", "/api/v1/mutes", token)).isEmpty();

        assertThat(ok("POST", "/api/v1/accounts/" + carol[0] + "/block", token).path("blocking").asBoolean()).isTrue();
        assertThat(ids(ok("GET", "/api/v1/blocks", token))).containsExactly(carol[0]);
        assertThat(call("POST", "/api/v1/accounts/" + carol[0] + "/follow", token).statusCode()).as("following a blocked account").isEqualTo(403);
        assertThat(ok("POST", "/api/v1/accounts/" + carol[0] + "/unblock", token).path("blocking").asBoolean()).isFalse();

        assertThat(call("POST", "/api/v1/accounts/" + alice[0] + "/mute", token).statusCode()).as("muting oneself").isEqualTo(403);
        assertThat(call("POST", "/api/v1/accounts/" + bob[0] + "/block", mastodonToken(alice[0], "read")).statusCode())
                .as("a token without write:blocks").isEqualTo(403);
        assertThat(call("POST", "/api/v1/accounts/" + bob[0] + "/block", null).statusCode()).isEqualTo(401);

        JsonNode notifying = ok("POST", "/api/v1/accounts/" + bob[0] + "/follow?notify=true", token);
        assertThat(notifying.path("following").asBoolean()).isTrue();
        assertThat(notifying.path("notifying").asBoolean()).isTrue();
        assertThat(relationship(token, bob[0]).path("notifying").asBoolean()).isTrue();
        assertThat(ok("POST", "/api/v1/accounts/" + bob[0] + "/follow", token).path("notifying").asBoolean())
                .as("no notify leaves it as it was").isTrue();
        assertThat(ok("POST", "/api/v1/accounts/" + bob[0] + "/follow?notify=false", token).path("notifying").asBoolean()).isFalse();
    }

    @Test
    void tagsTimelinesAndSearchApplyTheCallersMutes() throws Exception {
        String[] alice = user();
        String[] bob = user();
        String[] carol = user();
        String token = mastodonToken(alice[0], "read write follow");
        String tag = "t" + UUID.randomUUID().toString().replaceAll("[^a-f]", "") + "zq";
        String fromBob = publish(bob[1], "from bob #" + tag);
        String fromCarol = publish(carol[1], "from carol #" + tag.toUpperCase(java.util.Locale.ROOT));
        app.drainFanout();

        JsonNode timeline = ok("GET", "/api/v1/timelines/tag/" + tag, null);
        assertThat(ids(timeline)).containsExactly(fromCarol, fromBob);
        assertThat(timeline.get(0).path("tags").get(0).path("name").asText()).isEqualTo(tag);
        assertThat(ids(ok("GET", "/api/v1/timelines/public?limit=40", null))).contains(fromCarol, fromBob);
        assertThat(ok("GET", "/api/v1/timelines/public?remote=true", null)).isEmpty();

        assertThat(ok("GET", "/api/v1/tags/" + tag, token).path("following").asBoolean()).isFalse();
        assertThat(ok("GET", "/api/v1/tags/" + tag, null).has("following")).as("anonymous: unknown").isFalse();
        assertThat(ok("POST", "/api/v1/tags/" + tag + "/follow", token).path("following").asBoolean()).isTrue();
        assertThat(ok("GET", "/api/v1/followed_tags", token).findValuesAsText("name")).containsExactly(tag);
        assertThat(call("GET", "/api/v1/tags/no-such-tag!", null).statusCode()).isEqualTo(404);

        JsonNode found = ok("GET", "/api/v2/search?q=" + tag, token);
        assertThat(ids(found.path("statuses"))).containsExactly(fromCarol, fromBob);
        assertThat(found.path("hashtags").findValuesAsText("name")).containsExactly(tag);
        assertThat(ids(ok("GET", "/api/v2/search?type=accounts&q=" + bob[0], null).path("accounts"))).containsExactly(bob[0]);
        assertThat(call("GET", "/api/v2/search?q=" + tag + "&offset=1", null).statusCode()).as("offset needs a token").isEqualTo(401);
        assertThat(call("GET", "/api/v2/search?q=x&type=people", token).statusCode()).isEqualTo(422);

        ok("POST", "/api/v1/accounts/" + bob[0] + "/mute", token);
        assertThat(ids(ok("GET", "/api/v1/timelines/tag/" + tag, token))).containsExactly(fromCarol);
        assertThat(ids(ok("GET", "/api/v2/search?type=statuses&q=" + tag, token).path("statuses"))).containsExactly(fromCarol);
        assertThat(ids(ok("GET", "/api/v1/timelines/public?limit=40", token))).contains(fromCarol).doesNotContain(fromBob);
        assertThat(ids(ok("GET", "/api/v1/timelines/tag/" + tag, null))).as("anonymous readers see everything").hasSize(2);
    }

    @Test
    void trendsRankTagsByUseAndStatusesByEngagement() throws Exception {
        String[] alice = user();
        String[] bob = user();
        String tag = "t" + UUID.randomUUID().toString().replaceAll("[^a-f]", "") + "zq";
        String liked = publish(alice[1], "liked #" + tag);
        publish(alice[1], "again #" + tag);
        assertThat(send(HttpRequest.newBuilder(URI.create(nativeBase + "/posts/" + liked + "/like"))
                .header("Authorization", "Bearer " + bob[1]).PUT(HttpRequest.BodyPublishers.noBody())).statusCode()).isEqualTo(200);
        app.drainFanout();
        app.rankTrendingTags();
        app.refreshExplore();

        JsonNode tags = ok("GET", "/api/v1/trends/tags?limit=20", null);
        assertThat(tags.findValuesAsText("name")).contains(tag);
        assertThat(tags.get(0).path("history").isArray()).isTrue();
        assertThat(ids(ok("GET", "/api/v1/trends/statuses?limit=40", null))).contains(liked);
        assertThat(call("GET", "/api/v1/trends/statuses?offset=-1", null).statusCode()).isEqualTo(422);
    }

    @Test
    void favouritedByAndRebloggedByListTheAccountsPagedWithLinks() throws Exception {
        String[] author = user();
        String[] ann = user();
        String[] bob = user();
        String post = publish(author[1], "favourite me");
        for (String[] fan : List.of(ann, bob)) {
            ok("POST", "/api/v1/statuses/" + post + "/favourite", mastodonToken(fan[0], "read write"));
        }
        ok("POST", "/api/v1/statuses/" + post + "/reblog", mastodonToken(ann[0], "read write"));

        HttpResponse<String> first = call("GET", "/api/v1/statuses/" + post + "/favourited_by?limit=1", null);
        assertThat(first.statusCode()).isEqualTo(200);
        String next = first.headers().firstValue("Link").orElseThrow();
        assertThat(next).contains("rel=\"next\"").contains("max_id=");
        String nextUrl = next.substring(next.indexOf('<') + 1, next.indexOf('>'));
        JsonNode second = JSON.readTree(send(HttpRequest.newBuilder(URI.create(nextUrl)).GET()).body());
        List<String> favourited = new java.util.ArrayList<>(ids(JSON.readTree(first.body())));
        favourited.addAll(ids(second));
        assertThat(favourited).containsExactlyInAnyOrder(ann[0], bob[0]);
        assertThat(ids(ok("GET", "/api/v1/statuses/" + post + "/reblogged_by", null))).containsExactly(ann[0]);
        assertThat(call("GET", "/api/v1/statuses/01ARZ3NDEKTSV4RRFFQ69G5FAV/favourited_by", null).statusCode()).isEqualTo(404);
    }

    private static JsonNode relationship(String token, String other) throws Exception {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(URI.create(base + "/api/v1/accounts/relationships?id[]=" + other))
                .header("Authorization", "Bearer " + token).GET());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return JSON.readTree(answer.body()).get(0);
    }

    @Test
    void mutesAndBlocksShowInTheRelationship() throws Exception {
        String[] alice = user();
        String[] bob = user();
        String[] carol = user();
        String aliceToken = mastodonToken(alice[0]);
        String bobToken = mastodonToken(bob[0]);
        assertThat(relationship(aliceToken, bob[0]).path("muting").asBoolean()).isFalse();

        nativePut("/users/" + bob[0] + "/mute", alice[1]);
        nativePut("/users/" + bob[0] + "/block", alice[1]);
        nativePut("/users/" + carol[0] + "/block", bob[1]);

        JsonNode aliceToBob = relationship(aliceToken, bob[0]);
        assertThat(aliceToBob.path("muting").asBoolean()).isTrue();
        assertThat(aliceToBob.path("muting_notifications").asBoolean()).isTrue();
        assertThat(aliceToBob.path("blocking").asBoolean()).isTrue();
        assertThat(aliceToBob.path("blocked_by").asBoolean()).isFalse();
        JsonNode bobToAlice = relationship(bobToken, alice[0]);
        assertThat(bobToAlice.path("blocked_by").asBoolean()).isTrue();
        assertThat(bobToAlice.path("blocking").asBoolean()).isFalse();
        assertThat(bobToAlice.path("muting").asBoolean()).isFalse();
        assertThat(relationship(bobToken, carol[0]).path("blocking").asBoolean()).isTrue();
    }

    @Test
    void aBlockHidesEachSidesStatusesAndTheBlockersAccountAsNatively() throws Exception {
        String[] alice = user();
        String[] bob = user();
        String[] carol = user();
        String root = publish(alice[1], "alice starts a thread");
        String carolsReply = reply(carol[1], root, "carol answers alice");
        String alicesAnswer = reply(alice[1], carolsReply, "alice answers carol");
        String bobsPost = publish(bob[1], "bob says hello");
        nativePut("/users/" + bob[0] + "/block", alice[1]);
        String bobToken = mastodonToken(bob[0]);
        String aliceToken = mastodonToken(alice[0]);
        String carolToken = mastodonToken(carol[0]);

        // The blocked side finds none of the blocker's statuses, nor the blocker's account.
        assertThat(call("GET", "/api/v1/statuses/" + root, bobToken).statusCode()).isEqualTo(404);
        assertThat(call("GET", "/api/v1/statuses/" + root + "/context", bobToken).statusCode()).isEqualTo(404);
        assertThat(call("GET", "/api/v1/accounts/" + alice[0], bobToken).statusCode()).isEqualTo(404);
        assertThat(call("GET", "/api/v1/accounts/lookup?acct=" + alice[0], bobToken).statusCode()).isEqualTo(404);
        assertThat(call("GET", "/api/v1/accounts/" + alice[0] + "/statuses", bobToken).statusCode()).isEqualTo(404);
        String bobWrites = mastodonToken(bob[0], "read write");
        assertThat(call("POST", "/api/v1/statuses/" + root + "/favourite", bobWrites).statusCode()).isEqualTo(404);
        assertThat(call("POST", "/api/v1/statuses/" + root + "/reblog", bobWrites).statusCode()).isEqualTo(404);
        // Carol's reply is there, without the blocker's root above it or the blocker's answer below it.
        JsonNode bobsView = ok("GET", "/api/v1/statuses/" + carolsReply + "/context", bobToken);
        assertThat(ids(bobsView.path("ancestors"))).isEmpty();
        assertThat(ids(bobsView.path("descendants"))).isEmpty();

        // The blocker still finds the blocked account, to unblock it, but not its statuses.
        assertThat(ok("GET", "/api/v1/accounts/" + bob[0], aliceToken).path("username").asText()).isEqualTo(bob[0]);
        assertThat(call("GET", "/api/v1/statuses/" + bobsPost, aliceToken).statusCode()).isEqualTo(404);
        assertThat(call("GET", "/api/v1/accounts/" + bob[0] + "/statuses", aliceToken).statusCode()).isEqualTo(404);

        // Nobody else is affected: a third account and an anonymous reader see the whole thread.
        for (String token : new String[] {carolToken, null}) {
            JsonNode whole = ok("GET", "/api/v1/statuses/" + carolsReply + "/context", token);
            assertThat(ids(whole.path("ancestors"))).containsExactly(root);
            assertThat(ids(whole.path("descendants"))).containsExactly(alicesAnswer);
            assertThat(ok("GET", "/api/v1/statuses/" + root, token).path("id").asText()).isEqualTo(root);
            assertThat(ids(ok("GET", "/api/v1/accounts/" + alice[0] + "/statuses", token))).contains(root, alicesAnswer);
            assertThat(ok("GET", "/api/v1/accounts/" + alice[0], token).path("username").asText()).isEqualTo(alice[0]);
        }

        // Unblocked, the blocked side reads them again.
        HttpResponse<String> unblocked = send(HttpRequest.newBuilder(URI.create(nativeBase + "/users/" + bob[0] + "/block"))
                .header("Authorization", "Bearer " + alice[1]).DELETE());
        assertThat(unblocked.statusCode()).isEqualTo(200);
        assertThat(ok("GET", "/api/v1/statuses/" + root, bobToken).path("id").asText()).isEqualTo(root);
        assertThat(ids(ok("GET", "/api/v1/statuses/" + carolsReply + "/context", bobToken).path("descendants")))
                .containsExactly(alicesAnswer);
        assertThat(ok("POST", "/api/v1/statuses/" + root + "/favourite", bobWrites).path("favourited").asBoolean()).isTrue();
    }
}

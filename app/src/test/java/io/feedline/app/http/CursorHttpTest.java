package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import io.feedline.ports.fakes.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * A cursor is signed and bound to its route, its list and its caller, and expires: a forged,
 * altered, foreign or expired one is a 400 naming {@code cursor}, with nothing else in it. Runs on
 * its own app with a hand-moved clock.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CursorHttpTest {
    private static final String REFUSAL = "cursor is invalid or has expired";
    private static final MutableClock clock = new MutableClock(Instant.now());
    private static App app;
    private static ApiClient api;
    private static User alice;
    private static User bob;
    private static User carol;

    @BeforeAll
    static void start() {
        app = TestApps.create(TestApps.embedded(Map.of("cursor.ttl", "1h", "token.ttl", "24h")), clock).start();
        api = new ApiClient(app.port());
        Accounts accounts = new Accounts(api);
        alice = accounts.signUp("alice");
        bob = accounts.signUp("bob");
        carol = accounts.signUp("carol");
        for (int i = 0; i < 3; i++) {
            api.post("/posts").token(alice.token()).json("text", "post " + i).send();
            clock.advance(Duration.ofMillis(5));
        }
        api.put("/users/" + bob.username() + "/follow").token(alice.token()).send();
        api.put("/users/" + carol.username() + "/follow").token(alice.token()).send();
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    @Test
    void aCursorContinuesTheListItCameFrom() {
        Response first = api.get(alicePosts("limit=1")).send();
        Response second = api.get(alicePosts("limit=1&cursor=" + first.nextCursor().orElseThrow())).send();

        assertThat(second.status()).isEqualTo(200);
        assertThat(second.ids()).hasSize(1).doesNotContainAnyElementsOf(first.ids());
    }

    @Test
    void forgedCursorIsRefused() {
        String forged = b64("hello") + "." + b64("x".repeat(32));
        assertRefused(api.get(alicePosts("cursor=" + forged)).send());
        assertRefused(api.get(alicePosts("cursor=not-a-cursor")).send());
        assertRefused(api.get(alicePosts("cursor=" + "A".repeat(2000))).invalid().send());
    }

    @Test
    void alteredCursorIsRefused() {
        String cursor = api.get(alicePosts("limit=1")).send().nextCursor().orElseThrow();
        int dot = cursor.indexOf('.');

        assertRefused(api.get(alicePosts("cursor=" + flip(cursor, dot - 2))).send());
        assertRefused(api.get(alicePosts("cursor=" + flip(cursor, cursor.length() - 2))).send());
        assertRefused(api.get(alicePosts("cursor=" + cursor.substring(0, dot))).send());
    }

    /** The same bytes spelled otherwise (a set unused bit in the last character, or padding) are refused. */
    @Test
    void aCursorOrTokenSpelledOtherwiseThanCanonicallyIsRefused() {
        String cursor = api.get(alicePosts("limit=1")).send().nextCursor().orElseThrow();
        assertThat(api.get(alicePosts("cursor=" + cursor)).send().status()).isEqualTo(200);

        assertRefused(api.get(alicePosts("cursor=" + CursorsTest.lowBitSet(cursor))).send());
        assertRefused(api.get(alicePosts("cursor=" + cursor + "%3D")).send());
        for (String token : new String[] {CursorsTest.lowBitSet(alice.token()), alice.token() + "="}) {
            Response refused = api.get("/feed").token(token).invalid().send();
            assertThat(refused.status()).as(token).isEqualTo(401);
            assertThat(refused.json().path("detail").asText()).contains("not valid");
        }
    }

    @Test
    void anotherCallersCursorIsRefused() {
        String anonymous = api.get(alicePosts("limit=1")).send().nextCursor().orElseThrow();
        String bobs = api.get(alicePosts("limit=1")).token(bob.token()).send().nextCursor().orElseThrow();

        assertRefused(api.get(alicePosts("cursor=" + anonymous)).token(bob.token()).send());
        assertRefused(api.get(alicePosts("cursor=" + bobs)).token(carol.token()).send());
        assertRefused(api.get(alicePosts("cursor=" + bobs)).send());
        assertThat(api.get(alicePosts("cursor=" + bobs)).token(bob.token()).send().status()).isEqualTo(200);
    }

    @Test
    void aCursorFromAnotherRouteOrListIsRefused() {
        String postsCursor = api.get(alicePosts("limit=1")).send().nextCursor().orElseThrow();
        String followingCursor = api.get("/users/" + alice.username() + "/following?limit=1").send().nextCursor().orElseThrow();

        assertRefused(api.get("/users/" + alice.username() + "/following?cursor=" + postsCursor).send());
        assertRefused(api.get("/users/" + alice.username() + "/followers?cursor=" + followingCursor).send());
        assertRefused(api.get("/users/" + bob.username() + "/posts?cursor=" + postsCursor).send());
        assertRefused(api.get("/feed?cursor=" + postsCursor).token(alice.token()).send());
    }

    @Test
    @Order(Order.DEFAULT + 1) // moves the clock on: after the tests that rely on fresh cursors
    void anExpiredCursorIsRefused() {
        String cursor = api.get(alicePosts("limit=1")).send().nextCursor().orElseThrow();
        assertThat(api.get(alicePosts("cursor=" + cursor)).send().status()).isEqualTo(200);

        clock.advance(Duration.ofHours(1).plusSeconds(1));

        assertRefused(api.get(alicePosts("cursor=" + cursor)).send());
    }

    @Test
    @Order(Order.DEFAULT + 2) // moves the clock past every token's lifetime: last
    void anExpiredTokenIsRefused() {
        User dave = new Accounts(api).signUp("dave");
        assertThat(api.get("/feed").token(dave.token()).send().status()).isEqualTo(200);

        clock.advance(Duration.ofDays(8));

        Response refused = api.get("/feed").token(dave.token()).invalid().send();
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.json().path("detail").asText()).contains("expired");
    }

    private static void assertRefused(Response response) {
        assertThat(response.status()).as(response.toString()).isEqualTo(400);
        assertThat(response.field()).isEqualTo("cursor");
        assertThat(response.json().path("detail").asText()).isEqualTo(REFUSAL);
    }

    private static String alicePosts(String query) {
        return "/users/" + alice.username() + "/posts?" + query;
    }

    private static String flip(String cursor, int index) {
        char c = cursor.charAt(index);
        return cursor.substring(0, index) + (c == 'A' ? 'B' : 'A') + cursor.substring(index + 1);
    }

    private static String b64(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes());
    }
}

package io.feedline.app.mastodon;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.TestApps;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Mastodon port's answers carry the native API's security headers: {@code nosniff} on every
 * answer, and {@code no-store} on signed-in answers and on those that hand out credentials.
 */
class MastodonSecurityHeadersHttpTest {
    private static App app;
    private static MastodonHttp mastodon;
    private static String token;

    @BeforeAll
    static void start() {
        app = TestApps.start(Map.of("mastodon.enabled", true, "mastodon.port", 0));
        mastodon = new MastodonHttp(app);
        token = mastodon.token(mastodon.signUp(), "read write follow");
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    private static List<HttpResponse<String>> signedIn() {
        Optional<String> bearer = Optional.of(token);
        return List.of(
                mastodon.get("/api/v1/timelines/home", bearer),
                mastodon.get("/api/v1/notifications", bearer),
                mastodon.get("/api/v1/accounts/verify_credentials", bearer),
                mastodon.get("/api/v1/mutes", bearer),
                mastodon.get("/api/v1/markers?timeline[]=home", bearer),
                mastodon.postForm("/api/v1/statuses", Map.of("status", "headers"), bearer),
                mastodon.get("/api/v1/timelines/public", bearer),
                mastodon.get("/api/v1/statuses/nothing-here", bearer),
                mastodon.get("/api/v1/timelines/home", Optional.of("not-a-token")),
                mastodon.get("/api/v1/timelines/home?access_token=" + token, Optional.empty()));
    }

    @Test
    void signedInAnswersAreNeverStoredNorSniffed() {
        for (HttpResponse<String> answer : signedIn()) {
            String what = answer.request().method() + " " + answer.uri().getPath() + " " + answer.statusCode();
            assertThat(answer.headers().firstValue("Cache-Control")).as(what).contains("no-store");
            assertThat(answer.headers().firstValue("X-Content-Type-Options")).as(what).contains("nosniff");
        }
    }

    @Test
    void answersThatHandOutCredentialsAreNeverStored() {
        HttpResponse<String> registered = mastodon.registerApp(MastodonHttp.OUT_OF_BAND);
        HttpResponse<String> revoked = mastodon.postForm("/oauth/revoke", Map.of("client_id", "x", "token", "y"), Optional.empty());

        assertThat(registered.statusCode()).isEqualTo(200);
        assertThat(registered.headers().firstValue("Cache-Control")).contains("no-store");
        assertThat(revoked.headers().firstValue("Cache-Control")).contains("no-store");
    }

    @Test
    void anAnonymousPublicReadIsNotSniffedAndMayBeCached() {
        HttpResponse<String> answer = mastodon.get("/api/v1/timelines/public", Optional.empty());
        HttpResponse<String> missing = MastodonHttp.send(mastodon.request("/api/v1/nothing/here", Optional.empty()).GET());

        assertThat(answer.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
        assertThat(answer.headers().firstValue("Cache-Control")).isEmpty();
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
    }

    @Test
    void aStreamSaysNoStoreToo() {
        HttpResponse<java.util.stream.Stream<String>> stream = null;
        try {
            stream = java.net.http.HttpClient.newHttpClient().send(
                    mastodon.request("/api/v1/streaming/public", Optional.of(token)).GET().build(),
                    HttpResponse.BodyHandlers.ofLines());
            assertThat(stream.statusCode()).isEqualTo(200);
            assertThat(stream.headers().firstValue("Cache-Control")).contains("no-store");
            assertThat(stream.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
        } catch (Exception e) {
            throw new AssertionError(e);
        } finally {
            if (stream != null) {
                stream.body().close();
            }
        }
    }
}

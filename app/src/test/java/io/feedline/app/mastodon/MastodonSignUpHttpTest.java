package io.feedline.app.mastodon;

import static io.feedline.app.mastodon.MastodonHttp.OUT_OF_BAND;
import static io.feedline.app.mastodon.MastodonHttp.tree;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.feedline.app.bootstrap.App;
import io.feedline.app.http.TestApps;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /api/v1/accounts} as Mastodon's clients sign people up: an app token in, the new
 * account's token out; refused fields named in {@code details} with Mastodon's codes; and the
 * password grant taking the email as its username.
 */
class MastodonSignUpHttpTest {
    private static App app;
    private static MastodonHttp http;

    @BeforeAll
    static void start() {
        app = TestApps.start(Map.of("mastodon.enabled", true, "mastodon.port", 0));
        http = new MastodonHttp(app);
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    @Test
    void anAppTokenSignsAPersonUpAndTheAnswerIsATokenOfTheNewAccount() {
        String name = freshName();

        HttpResponse<String> created = http.postForm("/api/v1/accounts", fields(name), Optional.of(appToken(http)));

        assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
        JsonNode token = tree(created.body());
        assertThat(token.path("token_type").asText()).isEqualTo("Bearer");
        assertThat(token.path("scope").asText()).isEqualTo("read write");
        assertThat(token.path("created_at").isNumber()).isTrue();
        HttpResponse<String> me = http.get("/api/v1/accounts/verify_credentials", Optional.of(token.path("access_token").asText()));
        assertThat(me.statusCode()).as(me.body()).isEqualTo(200);
        assertThat(tree(me.body()).path("username").asText()).isEqualTo(name);
    }

    @Test
    void everyRefusedFieldIsNamedInDetailsWithMastodonsCode() {
        Map<String, String> fields = new HashMap<>(Map.of("username", "no spaces allowed", "email", "not-an-address",
                "password", "short", "locale", "en"));

        HttpResponse<String> refused = http.postForm("/api/v1/accounts", fields, Optional.of(appToken(http)));

        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(422);
        JsonNode body = tree(refused.body());
        assertThat(body.path("error").asText()).startsWith("Validation failed: ");
        JsonNode details = body.path("details");
        assertThat(details.path("username").path(0).path("error").asText()).isEqualTo("ERR_INVALID");
        assertThat(details.path("email").path(0).path("error").asText()).isEqualTo("ERR_INVALID");
        assertThat(details.path("password").path(0).path("error").asText()).isEqualTo("ERR_TOO_SHORT");
        assertThat(details.path("agreement").path(0).path("error").asText()).isEqualTo("ERR_ACCEPTED");
        assertThat(details.has("locale")).isFalse();
        assertThat(details.path("password").path(0).path("description").asText()).isNotBlank();
    }

    @Test
    void aTakenUsernameOrEmailIsNamedAsTaken() {
        String taken = http.signUp();
        Map<String, String> sameName = fields(taken);
        sameName.put("email", freshName() + "@example.org");
        Map<String, String> sameEmail = fields(freshName());
        sameEmail.put("email", taken + "@EXAMPLE.org");
        String appToken = appToken(http);

        HttpResponse<String> nameTaken = http.postForm("/api/v1/accounts", sameName, Optional.of(appToken));
        HttpResponse<String> emailTaken = http.postForm("/api/v1/accounts", sameEmail, Optional.of(appToken));

        assertThat(nameTaken.statusCode()).isEqualTo(422);
        assertThat(tree(nameTaken.body()).path("details").path("username").path(0).path("error").asText()).isEqualTo("ERR_TAKEN");
        assertThat(emailTaken.statusCode()).isEqualTo(422);
        assertThat(tree(emailTaken.body()).path("details").path("email").path(0).path("error").asText()).isEqualTo("ERR_TAKEN");
    }

    @Test
    void aSignUpNeedsAToken() {
        HttpResponse<String> refused = http.postForm("/api/v1/accounts", fields(freshName()), Optional.empty());

        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(tree(refused.body()).path("error").isTextual()).isTrue();
    }

    @Test
    void thePasswordGrantTakesTheEmailAsItsUsername() {
        String name = http.signUp();
        JsonNode client = tree(http.registerApp(OUT_OF_BAND).body());

        HttpResponse<String> issued = http.postForm("/oauth/token", Map.of("grant_type", "password",
                "client_id", client.path("client_id").asText(), "client_secret", client.path("client_secret").asText(),
                "username", name + "@Example.org", "password", MastodonHttp.password(name), "scope", "read"), Optional.empty());

        assertThat(issued.statusCode()).as(issued.body()).isEqualTo(200);
        String token = tree(issued.body()).path("access_token").asText();
        assertThat(tree(http.get("/api/v1/accounts/verify_credentials", Optional.of(token)).body()).path("username").asText())
                .isEqualTo(name);
    }

    @Test
    void withRegistrationsClosedASignUpIsForbiddenAndTheInstanceSaysSo() {
        try (App closed = TestApps.start(Map.of("mastodon.enabled", true, "mastodon.port", 0, "registrations.open", false))) {
            MastodonHttp client = new MastodonHttp(closed);

            HttpResponse<String> refused = client.postForm("/api/v1/accounts", fields(freshName()), Optional.of(appToken(client)));

            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(403);
            assertThat(tree(refused.body()).path("error").asText()).isNotBlank();
            assertThat(tree(client.get("/api/v1/instance", Optional.empty()).body()).path("registrations").asBoolean()).isFalse();
            String name = freshName();
            HttpResponse<String> nativeRefused = MastodonHttp.send(java.net.http.HttpRequest.newBuilder(
                            java.net.URI.create(client.nativeBase + "/users"))
                    .header("Content-Type", "application/json")
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString(MastodonHttp.json(Map.of("username", name,
                            "email", name + "@example.org", "password", name + " secret words")))));
            assertThat(nativeRefused.statusCode()).as("native POST /users too").isEqualTo(403);
            assertThat(tree(nativeRefused.body()).path("type").asText()).contains("forbidden");
            assertThat(tree(client.get("/api/v2/instance", Optional.empty()).body()).path("registrations").path("enabled").asBoolean())
                    .isFalse();
        }
        assertThat(tree(http.get("/api/v2/instance", Optional.empty()).body()).path("registrations").path("enabled").asBoolean())
                .as("open by default").isTrue();
    }

    /** A client-credentials token of a new app with read and write, as a client signing people up holds. */
    private static String appToken(MastodonHttp client) {
        JsonNode registered = tree(client.postForm("/api/v1/apps", Map.of("client_name", "sign-ups",
                "redirect_uris", OUT_OF_BAND, "scopes", "read write"), Optional.empty()).body());
        HttpResponse<String> issued = client.postForm("/oauth/token", Map.of("grant_type", "client_credentials",
                "client_id", registered.path("client_id").asText(), "client_secret", registered.path("client_secret").asText(),
                "scope", "read write"), Optional.empty());
        assertThat(issued.statusCode()).as(issued.body()).isEqualTo(200);
        return tree(issued.body()).path("access_token").asText();
    }

    private static Map<String, String> fields(String name) {
        return new HashMap<>(Map.of("username", name, "email", name + "@example.org", "password", name + " secret words",
                "agreement", "true", "locale", "en"));
    }

    private static String freshName() {
        return "s" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }
}

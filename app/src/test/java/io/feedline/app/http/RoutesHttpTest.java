package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The happy path of the API's routes, end to end on the embedded profile. */
class RoutesHttpTest {
    private static App app;
    private static ApiClient api;
    private static Accounts accounts;

    @BeforeAll
    static void start() {
        app = TestApps.shared();
        api = new ApiClient(app.port());
        accounts = new Accounts(api);
    }

    @Test
    void registrationAnswersTheAccountWithItsEmailAndLocation() {
        String username = Accounts.freshName("Reg");
        Response created = api.post("/users")
                .json("username", username.toUpperCase(), "email", username + "@Example.com", "password", Accounts.PASSWORD,
                        "displayName", "Reg Istered", "bio", "hello")
                .send();

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("Location")).isEqualTo("/users/" + username);
        assertThat(created.text("username")).isEqualTo(username);
        assertThat(created.text("email")).isEqualTo(username + "@example.com");
        assertThat(created.text("displayName")).isEqualTo("Reg Istered");
        assertThat(created.text("bio")).isEqualTo("hello");
    }

    @Test
    void loginIssuesABearerTokenThatActsAsTheUser() {
        User alice = accounts.signUp("login");
        Response session = api.post("/sessions").json("username", alice.username(), "password", Accounts.PASSWORD).send();

        assertThat(session.status()).isEqualTo(201);
        assertThat(session.text("tokenType")).isEqualTo("Bearer");
        assertThat(session.json().path("expiresIn").asLong()).isEqualTo(3600);
        assertThat(session.json().path("user").path("id").asText()).isEqualTo(alice.id());
        assertThat(session.header("Cache-Control")).isEqualTo("no-store");

        Response published = api.post("/posts").token(session.text("token")).json("text", "signed in").send();
        assertThat(published.text("authorId")).isEqualTo(alice.id());
    }

    @Test
    void profileShowsExactCountsAndNoEmail() {
        User alice = accounts.signUp("profile");
        User bob = accounts.signUp("profile");
        api.put("/users/" + alice.username() + "/follow").token(bob.token()).send();
        api.post("/posts").token(alice.token()).json("text", "one").send();
        api.post("/posts").token(alice.token()).json("text", "two").send();

        Response profile = api.get("/users/" + alice.username().toUpperCase()).send();

        assertThat(profile.status()).isEqualTo(200);
        assertThat(profile.text("id")).isEqualTo(alice.id());
        assertThat(profile.json().path("followers").asLong()).isEqualTo(1);
        assertThat(profile.json().path("following").asLong()).isZero();
        assertThat(profile.json().path("posts").asLong()).isEqualTo(2);
        assertThat(profile.json().has("email")).isFalse();
        assertThat(api.get("/users/" + bob.username()).send().json().path("following").asLong()).isEqualTo(1);
    }

    @Test
    void publishedPostIsReadableAndListedOnItsAuthorsTimeline() {
        User alice = accounts.signUp("author");
        Response published = api.post("/posts").token(alice.token()).json("text", "  hello, world  ").send();

        assertThat(published.status()).isEqualTo(201);
        String id = published.text("id");
        assertThat(published.header("Location")).isEqualTo("/posts/" + id);
        assertThat(published.text("text")).isEqualTo("hello, world");
        assertThat(published.text("authorUsername")).isEqualTo(alice.username());

        Response read = api.get("/posts/" + id).send();
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json()).isEqualTo(published.json());

        assertThat(api.get("/users/" + alice.username() + "/posts").send().ids()).containsExactly(id);
    }

    @Test
    void authorTimelinePagesNewestFirstWithCursors() {
        User alice = accounts.signUp("pager");
        List<String> published = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            published.add(0, api.post("/posts").token(alice.token()).json("text", "post " + i).send().text("id"));
        }

        List<String> seen = new ArrayList<>();
        Response page = api.get("/users/" + alice.username() + "/posts?limit=2").send();
        int pages = 1;
        seen.addAll(page.ids());
        while (page.nextCursor().isPresent()) {
            page = api.get("/users/" + alice.username() + "/posts?limit=2&cursor=" + page.nextCursor().get()).send();
            seen.addAll(page.ids());
            pages++;
        }

        assertThat(seen).containsExactlyElementsOf(published);
        assertThat(pages).isEqualTo(3);
    }

    @Test
    void followingIsListedBothWaysAndCheckable() {
        User alice = accounts.signUp("star");
        User bob = accounts.signUp("fan");

        Response followed = api.put("/users/" + alice.username() + "/follow").token(bob.token()).send();
        assertThat(followed.status()).isEqualTo(200);
        assertThat(followed.json().path("following").asBoolean()).isTrue();
        assertThat(followed.json().path("changed").asBoolean()).isTrue();
        Response again = api.put("/users/" + alice.username() + "/follow").token(bob.token()).send();
        assertThat(again.json().path("changed").asBoolean()).isFalse();

        assertThat(usernames(api.get("/users/" + bob.username() + "/following").send())).containsExactly(alice.username());
        assertThat(usernames(api.get("/users/" + alice.username() + "/followers").send())).containsExactly(bob.username());
        assertThat(api.get("/users/" + bob.username() + "/follows/" + alice.username()).send().json().path("follows").asBoolean())
                .isTrue();
        assertThat(api.get("/users/" + alice.username() + "/follows/" + bob.username()).send().json().path("follows").asBoolean())
                .isFalse();
    }

    @Test
    void unfollowRemovesTheEdge() {
        User alice = accounts.signUp("left");
        User bob = accounts.signUp("leaver");
        api.put("/users/" + alice.username() + "/follow").token(bob.token()).send();

        Response unfollowed = api.delete("/users/" + alice.username() + "/follow").token(bob.token()).send();

        assertThat(unfollowed.status()).isEqualTo(200);
        assertThat(unfollowed.json().path("following").asBoolean()).isFalse();
        assertThat(unfollowed.json().path("changed").asBoolean()).isTrue();
        assertThat(api.get("/users/" + bob.username() + "/follows/" + alice.username()).send().json().path("follows").asBoolean())
                .isFalse();
        assertThat(api.get("/users/" + alice.username() + "/followers").send().ids()).isEmpty();
    }

    @Test
    void homeFeedShowsFollowedAuthorsAndOwnPostsAfterFanout() {
        User alice = accounts.signUp("poster");
        User bob = accounts.signUp("reader");
        api.put("/users/" + alice.username() + "/follow").token(bob.token()).send();
        String first = api.post("/posts").token(alice.token()).json("text", "first").send().text("id");
        String own = api.post("/posts").token(bob.token()).json("text", "mine").send().text("id");
        String second = api.post("/posts").token(alice.token()).json("text", "second").send().text("id");
        app.drainFanout();

        Response feed = api.get("/feed").token(bob.token()).send();

        assertThat(feed.status()).isEqualTo(200);
        assertThat(feed.ids()).containsExactly(second, own, first);
        assertThat(feed.nextCursor()).isEmpty();
    }

    @Test
    void likesCountTheCallersOwnChangeAtOnceAndConvergeThroughTheWorker() {
        User alice = accounts.signUp("liked");
        User bob = accounts.signUp("liker");
        String post = api.post("/posts").token(alice.token()).json("text", "like me").send().text("id");

        Response liked = api.put("/posts/" + post + "/like").token(bob.token()).send();
        assertThat(liked.status()).isEqualTo(200);
        assertThat(liked.json().path("liked").asBoolean()).isTrue();
        assertThat(liked.json().path("likeCount").asLong()).as("bob's own like, not applied yet").isEqualTo(1);
        app.drainFanout();
        assertThat(api.put("/posts/" + post + "/like").token(bob.token()).send().json().path("likeCount").asLong()).isEqualTo(1);
        assertThat(api.put("/posts/" + post + "/like").token(alice.token()).send().json().path("likeCount").asLong()).isEqualTo(2);
        assertThat(api.get("/posts/" + post).send().json().path("likeCount").asLong())
                .as("alice's like trails until the worker applies it").isEqualTo(1);
        app.drainFanout();
        assertThat(api.get("/posts/" + post).send().json().path("likeCount").asLong()).isEqualTo(2);

        Response unliked = api.delete("/posts/" + post + "/like").token(bob.token()).send();
        assertThat(unliked.json().path("liked").asBoolean()).isFalse();
        assertThat(unliked.json().path("likeCount").asLong()).isEqualTo(1);
        app.drainFanout();
        assertThat(api.delete("/posts/" + post + "/like").token(bob.token()).send().json().path("likeCount").asLong()).isEqualTo(1);
        assertThat(api.get("/posts/" + post).send().json().path("likeCount").asLong()).isEqualTo(1);
    }

    @Test
    void deletedPostIsGoneFromReadsTimelinesAndFeeds() {
        User alice = accounts.signUp("deleter");
        User bob = accounts.signUp("watcher");
        api.put("/users/" + alice.username() + "/follow").token(bob.token()).send();
        String post = api.post("/posts").token(alice.token()).json("text", "regret").send().text("id");
        app.drainFanout();
        assertThat(api.get("/feed").token(bob.token()).send().ids()).contains(post);

        Response deleted = api.delete("/posts/" + post).token(alice.token()).send();

        assertThat(deleted.status()).isEqualTo(204);
        assertThat(api.get("/posts/" + post).send().status()).isEqualTo(404);
        assertThat(api.get("/users/" + alice.username() + "/posts").send().ids()).doesNotContain(post);
        assertThat(api.get("/feed").token(bob.token()).send().ids()).doesNotContain(post);
        assertThat(api.get("/users/" + alice.username()).send().json().path("posts").asLong()).isZero();
    }

    @Test
    void healthReportsEveryEngineUp() {
        Response health = api.get("/health").send();

        assertThat(health.status()).isEqualTo(200);
        assertThat(health.text("status")).isEqualTo("UP");
        assertThat(health.json().path("components").path("dynamodb").path("status").asText()).isEqualTo("UP");
    }

    @Test
    void metricsExposeLatencyByRouteTemplateAndCapacityByAccessPattern() {
        User alice = accounts.signUp("metered");
        api.get("/users/" + alice.username()).send();
        api.get("/nothing-here-" + alice.username()).send();

        Response metrics = api.get("/metrics").send();

        assertThat(metrics.status()).isEqualTo(200);
        assertThat(metrics.header("Content-Type")).startsWith("text/plain");
        assertThat(metrics.body())
                .contains("http_server_requests_seconds_count{method=\"GET\",route=\"/users/{username}\",status=\"200\"}")
                .contains("route=\"unmatched\",status=\"404\"")
                .doesNotContain(alice.username())
                .containsPattern("feedline_dynamodb_capacity_units_total\\{access_pattern=\"[^\"]+\",kind=\"write\"\\} [1-9]")
                .contains("feedline_dynamodb_requests_total{access_pattern=")
                .containsPattern("feedline_dynamodb_request_duration_seconds_sum\\{access_pattern=\"[^\"]+\"\\} [0-9.E-]*[1-9]")
                .contains("feedline_dynamodb_request_duration_seconds_count{access_pattern=");
    }

    @Test
    void eachRequestIsCountedInItsRoutesSeries() {
        String series = "http_server_requests_seconds_count{method=\"GET\",route=\"/users/{username}/followers\",status=\"404\"}";
        double before = seriesValue(api.get("/metrics").send().body(), series);

        api.get("/users/nobody-counted-one/followers").send();
        api.get("/users/nobody-counted-two/followers").send();

        assertThat(seriesValue(api.get("/metrics").send().body(), series)).isEqualTo(before + 2);
    }

    private static double seriesValue(String exposition, String series) {
        return exposition.lines()
                .filter(line -> line.startsWith(series + " "))
                .mapToDouble(line -> Double.parseDouble(line.substring(series.length() + 1).strip()))
                .findFirst()
                .orElse(0);
    }

    @Test
    void openApiDocumentAndSwaggerUiAreServed() {
        Response document = api.get("/openapi.yaml").send();
        assertThat(document.status()).isEqualTo(200);
        assertThat(document.body()).isEqualTo(ApiClient.openApiDocument());

        Response docs = api.get("/docs").send();
        assertThat(docs.status()).isEqualTo(200);
        assertThat(docs.body()).contains("SwaggerUIBundle").contains("/openapi.yaml");
        String bundle = docs.body().replaceAll("(?s).*src=\"([^\"]+swagger-ui-bundle\\.js)\".*", "$1");
        assertThat(bundle).startsWith("/webjars/swagger-ui/");
    }

    private static List<String> usernames(Response page) {
        List<String> names = new ArrayList<>();
        page.json().path("items").forEach(user -> names.add(user.path("username").asText()));
        return names;
    }
}

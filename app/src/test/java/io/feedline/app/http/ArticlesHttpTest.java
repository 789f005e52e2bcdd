package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Articles over HTTP: a titled post with a slug route, an excerpt in lists and the body read alone,
 * drafts for their author only, publishing, and problems naming the field at fault.
 */
class ArticlesHttpTest {
    private static App app;
    private static ApiClient api;
    private static Accounts accounts;
    private static final String BODY = "Paragraph one of a long article body. ".repeat(40);

    @BeforeAll
    static void start() {
        app = TestApps.shared();
        api = new ApiClient(app.port());
        accounts = new Accounts(api);
    }

    private static Response write(User author, Object... members) {
        return api.post("/posts").token(author.token()).json(members).send();
    }

    private static List<String> ids(Response page) {
        return StreamSupport.stream(page.json().path("items").spliterator(), false).map(n -> n.path("id").asText()).toList();
    }

    @Test
    void anArticleIsReadWholeByItsSlugAndShowsItsExcerptInLists() {
        User alice = accounts.signUp("writer");
        User bob = accounts.signUp("reader");
        assertThat(api.put("/users/" + alice.username() + "/follow").token(bob.token()).send().status()).isEqualTo(200);

        Response made = write(alice, "title", "  Hello, Wörld!  ", "text", BODY);
        app.drainFanout();

        assertThat(made.status()).isEqualTo(201);
        assertThat(made.json().path("text").asText()).isEqualTo(BODY.strip());
        assertThat(made.json().path("article").path("slug").asText()).isEqualTo("hello-world");
        assertThat(made.json().path("article").path("status").asText()).isEqualTo("published");
        assertThat(made.json().path("article").path("url").asText()).isEqualTo("/users/" + alice.username() + "/articles/hello-world");
        Response bySlug = api.get("/users/" + alice.username() + "/articles/hello-world").send();
        assertThat(bySlug.status()).isEqualTo(200);
        assertThat(bySlug.text("id")).isEqualTo(made.text("id"));
        assertThat(bySlug.json().path("text").asText()).isEqualTo(BODY.strip());
        assertThat(bySlug.json().path("article").path("title").asText()).isEqualTo("Hello, Wörld!");

        Response feed = api.get("/feed").token(bob.token()).send();
        assertThat(ids(feed)).containsExactly(made.text("id"));
        String listed = feed.json().path("items").get(0).path("text").asText();
        assertThat(listed).endsWith("…").hasSizeLessThan(300);
        assertThat(feed.json().path("items").get(0).path("article").path("excerpt").asText()).isEqualTo(listed);
        assertThat(ids(api.get("/users/" + alice.username() + "/articles").send())).containsExactly(made.text("id"));

        Response second = write(alice, "title", "Hello world", "text", "short body");
        assertThat(second.json().path("article").path("slug").asText()).isEqualTo("hello-world-2");
        assertThat(api.get("/users/" + alice.username() + "/articles/no-such-article").send().status()).isEqualTo(404);
    }

    @Test
    void aDraftIsItsAuthorsAloneUntilPublished() {
        User alice = accounts.signUp("drafter");
        User bob = accounts.signUp("snoop");
        assertThat(api.put("/users/" + alice.username() + "/follow").token(bob.token()).send().status()).isEqualTo(200);

        Response draft = write(alice, "title", "Not yet", "text", BODY, "status", "draft");
        app.drainFanout();
        String id = draft.text("id");

        assertThat(draft.status()).isEqualTo(201);
        assertThat(draft.json().path("article").path("status").asText()).isEqualTo("draft");
        assertThat(api.get("/posts/" + id).token(alice.token()).send().status()).isEqualTo(200);
        assertThat(api.get("/posts/" + id).token(bob.token()).send().status()).isEqualTo(404);
        assertThat(api.get("/posts/" + id).send().status()).isEqualTo(404);
        assertThat(api.get("/users/" + alice.username() + "/articles/not-yet").token(bob.token()).send().status()).isEqualTo(404);
        assertThat(api.get("/users/" + alice.username() + "/articles/not-yet").token(alice.token()).send().status()).isEqualTo(200);
        assertThat(ids(api.get("/users/" + alice.username() + "/articles?status=draft").token(alice.token()).send())).containsExactly(id);
        assertThat(api.get("/users/" + alice.username() + "/articles?status=draft").token(bob.token()).send().status()).isEqualTo(403);
        assertThat(api.get("/users/" + alice.username() + "/articles?status=draft").send().status()).isEqualTo(401);
        assertThat(ids(api.get("/users/" + alice.username() + "/articles").send())).isEmpty();
        assertThat(ids(api.get("/feed").token(bob.token()).send())).isEmpty();
        assertThat(api.post("/posts/" + id + "/publish").token(bob.token()).send().status()).isEqualTo(404);

        Response published = api.post("/posts/" + id + "/publish").token(alice.token()).send();
        Response again = api.post("/posts/" + id + "/publish").token(alice.token()).send();
        app.drainFanout();

        assertThat(published.status()).isEqualTo(200);
        assertThat(published.text("id")).isNotEqualTo(id);
        assertThat(published.json().path("article").path("status").asText()).isEqualTo("published");
        assertThat(published.json().path("article").path("slug").asText()).isEqualTo("not-yet");
        assertThat(again.text("id")).isEqualTo(published.text("id"));
        assertThat(ids(api.get("/feed").token(bob.token()).send())).containsExactly(published.text("id"));
        assertThat(api.get("/users/" + alice.username() + "/articles/not-yet").send().text("id")).isEqualTo(published.text("id"));
        assertThat(ids(api.get("/users/" + alice.username() + "/articles?status=draft").token(alice.token()).send())).isEmpty();
        assertThat(api.post("/posts/" + published.text("id") + "/publish").token(bob.token()).send().status()).isEqualTo(403);
    }

    @Test
    void badTitlesStatusesAndBodiesAreProblemsNamingTheirField() {
        User alice = accounts.signUp("careless");
        String longPost = "x".repeat(501);

        Response statusAlone = api.post("/posts").token(alice.token()).json("text", "hi", "status", "draft").invalid().send();
        assertThat(statusAlone.status()).isEqualTo(422);
        assertThat(statusAlone.field()).isEqualTo("status");
        assertThat(statusAlone.header("Content-Type")).isEqualTo("application/problem+json");

        List<Object[]> bad = List.of(
                new Object[] {"title", "   ", "text", "body"},
                new Object[] {"title", "t".repeat(201), "text", "body"},
                new Object[] {"title", "ok", "text", "body", "status", "live"},
                new Object[] {"text", longPost},
                new Object[] {"title", "Too long", "text", "y".repeat(20_001)});
        List<String> fields = List.of("title", "title", "status", "text", "text");
        for (int i = 0; i < bad.size(); i++) {
            Response refused = api.post("/posts").token(alice.token()).json(bad.get(i)).invalid().send();
            assertThat(refused.status()).as(fields.get(i)).isEqualTo(400);
            assertThat(refused.field()).as(fields.get(i)).isEqualTo(fields.get(i));
            assertThat(refused.header("Content-Type")).isEqualTo("application/problem+json");
        }
        assertThat(write(alice, "title", "Fits", "text", longPost).status()).as("an article may pass 500").isEqualTo(201);
        Response plain = write(alice, "text", "no article");
        assertThat(plain.json().has("article")).isFalse();
        Response notAnArticle = api.post("/posts/" + plain.text("id") + "/publish").token(alice.token()).send();
        assertThat(notAnArticle.status()).isEqualTo(400);
        assertThat(notAnArticle.field()).isEqualTo("id");
    }
}

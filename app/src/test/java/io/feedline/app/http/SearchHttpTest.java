package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** GET /search on the embedded profile (Lucene), every answer checked against openapi.yaml. */
class SearchHttpTest {
    private static App app;
    private static ApiClient api;
    private static Accounts accounts;

    @BeforeAll
    static void start() {
        app = TestApps.shared();
        api = new ApiClient(app.port());
        accounts = new Accounts(api);
    }

    /** A word no other test uses: letters only, so every engine sees it as one word. */
    private static String word() {
        return UUID.randomUUID().toString().replaceAll("[^a-f]", "") + "zq";
    }

    private static String publish(User author, String text) {
        Response published = api.post("/posts").token(author.token()).json("text", text).send();
        assertThat(published.status()).isEqualTo(201);
        return published.text("id");
    }

    private static Response search(String query) {
        return api.get("/search?q=" + URLEncoder.encode(query, StandardCharsets.UTF_8)).send();
    }

    @Test
    void aPublishedPostIsFoundOnceTheWorkerHasIndexedItAndADeletedOneIsGoneAtOnce() {
        User author = accounts.signUp("searched");
        String word = word();
        String kept = publish(author, "Kept #" + word + " post");
        String deleted = publish(author, "Deleted " + word + " post");
        app.drainFanout();

        Response found = search("#" + word);
        assertThat(found.status()).isEqualTo(200);
        assertThat(found.ids()).containsExactly(deleted, kept);
        assertThat(found.json().path("items").get(1).path("authorUsername").asText()).isEqualTo(author.username());

        assertThat(api.delete("/posts/" + deleted).token(author.token()).send().status()).isEqualTo(204);

        assertThat(search(word).ids()).as("before the worker removed it from the index").containsExactly(kept);
        app.drainFanout();
        assertThat(search(word).ids()).containsExactly(kept);
    }

    @Test
    void aSignedInReaderDoesNotFindPostsOfAccountsTheyMuteOrAccountsThatBlockThem() {
        User reader = accounts.signUp("search_reader");
        User muted = accounts.signUp("search_muted");
        User blocker = accounts.signUp("search_blocker");
        User other = accounts.signUp("search_other");
        String word = word();
        publish(muted, "muted " + word);
        publish(blocker, "blocking " + word);
        String shown = publish(other, "shown " + word);
        assertThat(api.put("/users/" + muted.username() + "/mute").token(reader.token()).send().status()).isEqualTo(200);
        assertThat(api.put("/users/" + reader.username() + "/block").token(blocker.token()).send().status()).isEqualTo(200);
        app.drainFanout();

        Response forReader = api.get("/search?q=" + word).token(reader.token()).send();
        assertThat(forReader.status()).isEqualTo(200);
        assertThat(forReader.ids()).containsExactly(shown);
        assertThat(search(word).ids()).hasSize(3);
        Response people = api.get("/search?type=accounts&q=" + blocker.username()).token(reader.token()).send();
        assertThat(people.json().path("items")).isEmpty();
        assertThat(api.get("/search?type=accounts&q=" + blocker.username()).send().json().path("items")).hasSize(1);
    }

    @Test
    void resultsPageWithASignedCursor() {
        User author = accounts.signUp("pager");
        String word = word();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(publish(author, word + " number " + i));
        }
        app.drainFanout();

        Response first = api.get("/search?type=posts&limit=2&q=" + word).send();
        Response second = api.get("/search?type=posts&limit=2&q=" + word + "&cursor=" + first.nextCursor().orElseThrow()).send();
        Response tampered = api.get("/search?q=" + word + "&limit=2&cursor=" + first.nextCursor().orElseThrow() + "x")
                .invalid().send();

        assertThat(first.ids()).containsExactly(ids.get(4), ids.get(3));
        assertThat(second.ids()).containsExactly(ids.get(2), ids.get(1));
        assertThat(tampered.status()).isEqualTo(400);
        assertThat(tampered.field()).isEqualTo("cursor");
    }

    @Test
    void accountsAreFoundByUsernamePrefixOnceIndexed() {
        User user = accounts.signUp("findme");
        app.drainFanout();

        Response found = api.get("/search?type=accounts&limit=100&q=" + user.username()).send();

        assertThat(found.status()).isEqualTo(200);
        assertThat(found.ids()).containsExactly(user.id());
        assertThat(found.json().path("items").get(0).path("username").asText()).isEqualTo(user.username());
    }

    @Test
    void aMissingEmptyOrOverlongQueryIsAProblemNamingQ() {
        Response missing = api.get("/search").invalid().send();
        Response blank = api.get("/search?q=%20%20").invalid().send();
        Response overlong = api.get("/search?q=" + "a".repeat(201)).invalid().send();
        Response badType = api.get("/search?q=jazz&type=tags").invalid().send();

        assertThat(List.of(missing, blank, overlong)).allSatisfy(response -> {
            assertThat(response.status()).isEqualTo(400);
            assertThat(response.header("Content-Type")).startsWith("application/problem+json");
            assertThat(response.field()).isEqualTo("q");
        });
        assertThat(badType.status()).isEqualTo(400);
        assertThat(badType.field()).isEqualTo("type");
        assertThat(api.get("/search?q=" + "a".repeat(200)).send().status()).isEqualTo(200);
    }
}

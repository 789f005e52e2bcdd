package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Tags over HTTP: tags on posts, following a tag, tag pages, trending and autocomplete, and bad names. */
class TagsHttpTest {
    private static App app;
    private static ApiClient api;
    private static Accounts accounts;

    @BeforeAll
    static void start() {
        app = TestApps.shared();
        api = new ApiClient(app.port());
        accounts = new Accounts(api);
    }

    /** A tag name no other test (or run) uses. */
    private static String freshTag(String stem) {
        return Accounts.freshName(stem);
    }

    private static String publish(User author, String text) {
        return api.post("/posts").token(author.token()).json("text", text).send().text("id");
    }

    private static List<String> names(JsonNode items) {
        List<String> names = new ArrayList<>();
        items.forEach(item -> names.add(item.path("name").asText()));
        return names;
    }

    @Test
    void aPostShowsItsNormalisedTags() {
        User author = accounts.signUp("tagger");
        String tag = freshTag("mixed");
        Response published = api.post("/posts").token(author.token())
                .json("text", "hello #" + tag.toUpperCase(java.util.Locale.ROOT) + " and #" + tag + " and C#").send();

        assertThat(published.status()).isEqualTo(201);
        List<String> tags = new ArrayList<>();
        published.json().path("tags").forEach(t -> tags.add(t.asText()));
        assertThat(tags).containsExactly(tag);
        assertThat(api.get("/posts/" + published.text("id")).send().json().path("tags").get(0).asText()).isEqualTo(tag);
    }

    @Test
    void aFollowedTagsPostsReachTheFeedOnceAndLeaveItOnUnfollow() {
        User reader = accounts.signUp("tag_reader");
        User author = accounts.signUp("tag_author");
        User stranger = accounts.signUp("tag_stranger");
        String tag = freshTag("feed");
        Response followed = api.put("/tags/%23" + tag.toUpperCase(java.util.Locale.ROOT) + "/follow").token(reader.token()).send();
        Response again = api.put("/tags/" + tag + "/follow").token(reader.token()).send();
        assertThat(followed.status()).isEqualTo(200);
        assertThat(followed.text("name")).isEqualTo(tag);
        assertThat(followed.json().path("changed").asBoolean()).isTrue();
        assertThat(again.json().path("changed").asBoolean()).isFalse();
        api.put("/users/" + author.username() + "/follow").token(reader.token()).send();

        String fromStranger = publish(stranger, "via the tag #" + tag);
        String fromAuthor = publish(author, "both ways #" + tag);
        publish(stranger, "not followed #other_" + tag);
        app.drainFanout();

        assertThat(api.get("/feed").token(reader.token()).send().ids()).containsExactly(fromAuthor, fromStranger);
        Response list = api.get("/users/" + reader.username() + "/followed-tags").send();
        assertThat(names(list.json().path("items"))).containsExactly(tag);
        JsonNode summary = api.get("/tags/" + tag).token(reader.token()).send().json();
        assertThat(summary.path("followers").asLong()).isEqualTo(1);
        assertThat(summary.path("uses").asLong()).isEqualTo(2);
        assertThat(summary.path("following").asBoolean()).isTrue();
        assertThat(api.get("/tags/" + tag).send().json().path("following").asBoolean()).as("anonymous").isFalse();

        Response unfollowed = api.delete("/tags/" + tag + "/follow").token(reader.token()).send();
        assertThat(unfollowed.json().path("following").asBoolean()).isFalse();
        app.drainFanout();

        assertThat(api.get("/feed").token(reader.token()).send().ids()).containsExactly(fromAuthor);
        assertThat(api.get("/users/" + reader.username() + "/followed-tags").send().json().path("items")).isEmpty();
    }

    @Test
    void aTagPageListsItsPostsNewestFirstWithASignedCursor() {
        User author = accounts.signUp("tag_pager");
        String tag = freshTag("page");
        String first = publish(author, "one #" + tag);
        String second = publish(author, "two #" + tag);
        String third = publish(author, "three #" + tag);
        api.delete("/posts/" + second).token(author.token()).send();

        Response page = api.get("/tags/" + tag + "/posts?limit=1").send();
        assertThat(page.ids()).containsExactly(third);
        String cursor = page.nextCursor().orElseThrow();
        assertThat(api.get("/tags/" + tag + "/posts?limit=5&cursor=" + cursor).send().ids()).containsExactly(first);
        Response elsewhere = api.get("/tags/other_" + tag + "/posts?limit=5&cursor=" + cursor).invalid().send();
        assertThat(elsewhere.status()).isEqualTo(400);
        assertThat(elsewhere.field()).isEqualTo("cursor");
    }

    @Test
    void aSignedInReadersTagPageLeavesOutTheAccountsTheyMute() {
        User reader = accounts.signUp("tag_muter");
        User muted = accounts.signUp("tag_muted");
        User other = accounts.signUp("tag_other");
        String tag = freshTag("muted");
        String hidden = publish(muted, "hidden #" + tag);
        String shown = publish(other, "shown #" + tag);
        assertThat(api.put("/users/" + muted.username() + "/mute").token(reader.token()).send().status()).isEqualTo(200);

        assertThat(api.get("/tags/" + tag + "/posts").token(reader.token()).send().ids()).containsExactly(shown);
        assertThat(api.get("/tags/" + tag + "/posts").send().ids()).containsExactly(shown, hidden);
    }

    @Test
    void autocompleteRanksNamesOfAPrefixByUse() {
        User author = accounts.signUp("tag_typist");
        String stem = freshTag("ac");
        publish(author, "#" + stem + "_b #" + stem + "_a");
        publish(author, "#" + stem + "_b");
        publish(author, "#" + stem + "_c");
        app.drainFanout();

        Response completions = api.get("/tags?prefix=%23" + stem.toUpperCase(java.util.Locale.ROOT) + "&limit=2").send();
        assertThat(completions.status()).isEqualTo(200);
        assertThat(names(completions.json().path("items"))).containsExactly(stem + "_b", stem + "_a");
        assertThat(completions.json().path("items").get(0).path("uses").asLong()).isEqualTo(2);
    }

    @Test
    void trendingListsTheTagsTheWorkerRanked() {
        User author = accounts.signUp("tag_trender");
        String one = freshTag("trend");
        String two = freshTag("trend");
        // Used more often than any other test's tags on the shared table, so both rank in the top 20.
        for (int i = 0; i < 6; i++) {
            publish(author, "#" + one + " #" + two + " " + i);
        }
        app.drainFanout();
        // A worker ranks at most once a minute per process (another test may have just had it rank): rank now.
        app.rankTrendingTags();

        Response trending = api.get("/tags/trending").send();
        assertThat(trending.status()).isEqualTo(200);
        List<String> ranked = names(trending.json().path("items"));
        assertThat(ranked).contains(one, two);
        assertThat(trending.json().path("items").get(ranked.indexOf(one)).path("uses").asLong()).isEqualTo(6);
    }

    @Test
    void badNamesAreProblemsNamingTheInput() {
        User caller = accounts.signUp("tag_bad");
        Response badTag = api.put("/tags/no%20spaces/follow").token(caller.token()).invalid().send();
        assertThat(badTag.status()).isEqualTo(400);
        assertThat(badTag.field()).isEqualTo("tag");
        assertThat(api.get("/tags/12345").invalid().send().field()).isEqualTo("tag");

        for (String query : List.of("", "?prefix=", "?prefix=" + "a".repeat(31), "?prefix=a-b")) {
            Response bad = api.get("/tags" + query).invalid().send();
            assertThat(bad.status()).as(query).isEqualTo(400);
            assertThat(bad.field()).as(query).isEqualTo("prefix");
        }
        assertThat(api.get("/tags?prefix=ab&limit=21").invalid().send().field()).isEqualTo("limit");
        assertThat(api.put("/tags/anything/follow").invalid().send().status()).isEqualTo(401);
    }
}

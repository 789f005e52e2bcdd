package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Explore over HTTP, every answer checked against openapi.yaml. The app is shared with other
 * suites, so explore holds their posts too: each test looks at its own posts among them.
 */
class ExploreHttpTest {
    private static App app;
    private static ApiClient api;
    private static Accounts accounts;

    @BeforeAll
    static void start() {
        app = TestApps.shared();
        api = new ApiClient(app.port());
        accounts = new Accounts(api);
    }

    private static String publish(User author, String text) {
        return api.post("/posts").token(author.token()).json("text", text).send().text("id");
    }

    private static List<String> ids(JsonNode items, Set<String> mine) {
        List<String> ids = new ArrayList<>();
        items.forEach(item -> {
            if (mine.contains(item.path("id").asText())) {
                ids.add(item.path("id").asText());
            }
        });
        return ids;
    }

    @Test
    void latestListsNewPostsOfEveryoneNewestFirstToAnyoneAndPagesWithASignedCursor() {
        User ann = accounts.signUp("explorer");
        User bob = accounts.signUp("explorer");
        String first = publish(ann, "first for explore");
        String second = publish(bob, "second for explore");
        String reply = api.post("/posts").token(ann.token()).json("text", "a reply", "inReplyTo", second).send().text("id");
        String third = publish(ann, "third for explore");

        Response page = api.get("/explore/latest?limit=100").send();

        assertThat(page.status()).isEqualTo(200);
        assertThat(ids(page.json().path("items"), Set.of(first, second, third, reply))).containsExactly(third, second, first);

        Response small = api.get("/explore/latest?limit=1").token(bob.token()).send();
        assertThat(small.json().path("items")).hasSize(1);
        String cursor = small.json().path("nextCursor").asText();
        assertThat(cursor).isNotEmpty();
        Response next = api.get("/explore/latest?limit=1&cursor=" + cursor).token(bob.token()).send();
        assertThat(next.status()).isEqualTo(200);
        assertThat(next.json().path("items").get(0).path("id").asText())
                .isLessThan(small.json().path("items").get(0).path("id").asText());

        Response forged = api.get("/explore/latest?cursor=" + cursor + "x").send();
        assertThat(forged.status()).isEqualTo(400);
        assertThat(forged.json().path("field").asText()).isEqualTo("cursor");
    }

    @Test
    void aDeletedPostLeavesLatestAtOnce() {
        User ann = accounts.signUp("explorer");
        String kept = publish(ann, "kept in explore");
        String deleted = publish(ann, "deleted from explore");
        assertThat(api.delete("/posts/" + deleted).token(ann.token()).send().status()).isEqualTo(204);

        Response page = api.get("/explore/latest?limit=100").send();

        assertThat(ids(page.json().path("items"), Set.of(kept, deleted))).containsExactly(kept);
    }

    @Test
    void popularShowsAPostByEngagementOnceItsCountsAreAppliedAndTheRankingRefreshed() {
        User author = accounts.signUp("popular");
        String post = publish(author, "like me for explore");
        for (int i = 0; i < 3; i++) {
            User fan = accounts.signUp("fan");
            assertThat(api.put("/posts/" + post + "/like").token(fan.token()).send().status()).isEqualTo(200);
        }
        app.drainFanout();
        app.refreshExplore();

        for (String window : List.of("", "?window=1h", "?window=24h", "?window=7d")) {
            Response page = api.get("/explore/popular" + window + (window.isEmpty() ? "?" : "&") + "limit=100").send();
            assertThat(page.status()).isEqualTo(200);
            JsonNode found = null;
            for (JsonNode item : page.json().path("items")) {
                if (item.path("id").asText().equals(post)) {
                    found = item;
                }
            }
            assertThat(found).as("in popular%s", window).isNotNull();
            assertThat(found.path("likeCount").asLong()).isEqualTo(3);
        }
    }

    @Test
    void anUnknownWindowIsRefusedNamingWindow() {
        Response refused = api.get("/explore/popular?window=2h").invalid().send();

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.header("Content-Type")).startsWith("application/problem+json");
        assertThat(refused.json().path("field").asText()).isEqualTo("window");
    }

    @Test
    void usersRanksTheMostFollowedAndTheNewestAccounts() {
        User star = accounts.signUp("star");
        List<User> fans = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            fans.add(accounts.signUp("fan"));
        }
        for (User fan : fans) {
            assertThat(api.put("/users/" + star.username() + "/follow").token(fan.token()).send().status()).isEqualTo(200);
        }
        User newest = accounts.signUp("newest");
        app.refreshExplore();

        Response users = api.get("/explore/users?limit=100").send();

        assertThat(users.status()).isEqualTo(200);
        assertThat(users.json().path("newest").get(0).path("username").asText()).isEqualTo(newest.username());
        JsonNode ranked = null;
        for (JsonNode user : users.json().path("popular")) {
            if (user.path("username").asText().equals(star.username())) {
                ranked = user;
            }
        }
        assertThat(ranked).isNotNull();
        assertThat(ranked.path("followers").asLong()).isEqualTo(3);
        assertThat(api.get("/explore/users?limit=0").invalid().send().json().path("field").asText()).isEqualTo("limit");
    }
}

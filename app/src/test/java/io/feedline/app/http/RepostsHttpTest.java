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

/** Reposts over HTTP: the repost state, the feed entry with {@code repostedBy}, once per post, and the notification. */
class RepostsHttpTest {
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

    private static void follow(User follower, User followee) {
        assertThat(api.put("/users/" + followee.username() + "/follow").token(follower.token()).send().status()).isEqualTo(200);
    }

    @Test
    void aRepostAnswersItsStateAndCountsOnceOnThePost() {
        User alice = accounts.signUp("reposted");
        User bob = accounts.signUp("reposter");
        String post = publish(alice, "share me");

        Response first = api.put("/posts/" + post + "/repost").token(bob.token()).send();
        // The count moves through the outbox: a repeat answers the stored count once it is applied.
        app.drainFanout();
        Response again = api.put("/posts/" + post + "/repost").token(bob.token()).send();

        assertThat(first.status()).isEqualTo(200);
        assertThat(first.text("postId")).isEqualTo(post);
        assertThat(first.json().path("reposted").asBoolean()).isTrue();
        assertThat(first.json().path("repostCount").asLong()).isEqualTo(1);
        assertThat(again.json().path("repostCount").asLong()).as("idempotent").isEqualTo(1);
        assertThat(api.get("/posts/" + post).send().json().path("repostCount").asLong()).isEqualTo(1);

        Response undone = api.delete("/posts/" + post + "/repost").token(bob.token()).send();
        app.drainFanout();
        Response undoneAgain = api.delete("/posts/" + post + "/repost").token(bob.token()).send();

        assertThat(undone.status()).isEqualTo(200);
        assertThat(undone.json().path("reposted").asBoolean()).isFalse();
        assertThat(undone.json().path("repostCount").asLong()).isZero();
        assertThat(undoneAgain.json().path("repostCount").asLong()).isZero();
        assertThat(api.get("/posts/" + post).send().json().path("repostCount").asLong()).isZero();
    }

    @Test
    void whoLikesAndWhoRepostedArePagedListsThatABlockThins() {
        User author = accounts.signUp("engaged");
        List<User> fans = List.of(accounts.signUp("fan"), accounts.signUp("fan"), accounts.signUp("fan"));
        String post = publish(author, "like and share");
        for (User fan : fans) {
            assertThat(api.put("/posts/" + post + "/like").token(fan.token()).send().status()).isEqualTo(200);
        }
        assertThat(api.put("/posts/" + post + "/repost").token(fans.get(0).token()).send().status()).isEqualTo(200);
        assertThat(api.put("/users/" + author.username() + "/block").token(fans.get(2).token()).send().status()).isEqualTo(200);

        Response first = api.get("/posts/" + post + "/likes?limit=2").send();
        Response rest = api.get("/posts/" + post + "/likes?limit=2&cursor=" + first.nextCursor().orElseThrow()).send();
        List<String> likers = new java.util.ArrayList<>(names(first));
        likers.addAll(names(rest));
        assertThat(likers).containsExactlyInAnyOrderElementsOf(fans.stream().map(User::username).toList());
        assertThat(rest.nextCursor()).isEmpty();
        assertThat(names(api.get("/posts/" + post + "/likes").token(author.token()).send()))
                .as("the author does not see the fan who blocks them").doesNotContain(fans.get(2).username()).hasSize(2);
        assertThat(names(api.get("/posts/" + post + "/reposts").send())).containsExactly(fans.get(0).username());
        assertThat(api.get("/posts/01ARZ3NDEKTSV4RRFFQ69G5FAV/likes").send().status()).isEqualTo(404);
    }

    private static List<String> names(Response page) {
        List<String> names = new java.util.ArrayList<>();
        page.json().path("items").forEach(item -> names.add(item.path("username").asText()));
        return names;
    }

    @Test
    void aFeedShowsARepostedPostOnceAtItsNewestRepostWithWhoReposted() {
        User alice = accounts.signUp("author");
        User bob = accounts.signUp("first_rt");
        User carol = accounts.signUp("second_rt");
        User reader = accounts.signUp("reader");
        follow(reader, alice);
        follow(reader, bob);
        follow(reader, carol);
        String post = publish(alice, "worth it");
        String later = publish(alice, "later");
        api.put("/posts/" + post + "/repost").token(bob.token()).send();
        api.put("/posts/" + post + "/repost").token(carol.token()).send();
        app.drainFanout();

        Response feed = api.get("/feed").token(reader.token()).send();

        assertThat(feed.status()).isEqualTo(200);
        assertThat(feed.ids()).containsExactly(post, later);
        JsonNode entry = feed.json().path("items").get(0);
        assertThat(entry.path("authorId").asText()).isEqualTo(alice.id());
        assertThat(entry.path("repostCount").asLong()).isEqualTo(2);
        assertThat(entry.path("repostedBy").path("username").asText()).isEqualTo(carol.username());
        assertThat(entry.path("repostedBy").path("id").asText()).isEqualTo(carol.id());
        assertThat(feed.json().path("items").get(1).has("repostedBy")).isFalse();

        // One entry a page: the post still appears once, and the pages end.
        List<String> paged = new ArrayList<>();
        Response page = api.get("/feed?limit=1").token(reader.token()).send();
        paged.addAll(page.ids());
        while (page.nextCursor().isPresent()) {
            page = api.get("/feed?limit=1&cursor=" + page.nextCursor().get()).token(reader.token()).send();
            paged.addAll(page.ids());
        }
        assertThat(paged).containsExactly(post, later);
    }

    @Test
    void anUnrepostAndADeletedOriginalTakeTheEntryOutOfTheFeed() {
        User alice = accounts.signUp("gone");
        User bob = accounts.signUp("rt_gone");
        User reader = accounts.signUp("rd_gone");
        follow(reader, bob);
        String kept = publish(alice, "unreposted later");
        String deleted = publish(alice, "deleted later");
        api.put("/posts/" + kept + "/repost").token(bob.token()).send();
        api.put("/posts/" + deleted + "/repost").token(bob.token()).send();
        app.drainFanout();
        assertThat(api.get("/feed").token(reader.token()).send().ids()).containsExactly(deleted, kept);

        api.delete("/posts/" + kept + "/repost").token(bob.token()).send();
        api.delete("/posts/" + deleted).token(alice.token()).send();
        app.drainFanout();

        assertThat(api.get("/feed").token(reader.token()).send().ids()).isEmpty();
        assertThat(api.get("/users/" + bob.username() + "/posts").send().ids()).isEmpty();
    }

    @Test
    void theAuthorIsNotifiedOfRepostsInOneGroup() {
        User alice = accounts.signUp("notified");
        User bob = accounts.signUp("rt_one");
        User carol = accounts.signUp("rt_two");
        String post = publish(alice, "notice");
        api.put("/posts/" + post + "/repost").token(bob.token()).send();
        api.put("/posts/" + post + "/repost").token(carol.token()).send();
        app.drainFanout();

        Response notifications = api.get("/notifications?types=repost").token(alice.token()).send();

        assertThat(notifications.status()).isEqualTo(200);
        assertThat(notifications.json().path("items")).hasSize(1);
        JsonNode row = notifications.json().path("items").get(0);
        assertThat(row.path("type").asText()).isEqualTo("repost");
        assertThat(row.path("postId").asText()).isEqualTo(post);
        assertThat(row.path("count").asLong()).isEqualTo(2);
    }

    @Test
    void repostsOfNoPostAndAnonymousRepostsAreProblems() {
        User bob = accounts.signUp("rt_bad");

        Response unknown = api.put("/posts/01KDVDNA0118KFW4AG5SF0FVXP/repost").token(bob.token()).send();
        Response malformed = api.put("/posts/not-an-id/repost").token(bob.token()).send();
        Response unknownUndo = api.delete("/posts/01KDVDNA0118KFW4AG5SF0FVXP/repost").token(bob.token()).send();
        Response anonymous = api.put("/posts/01KDVDNA0118KFW4AG5SF0FVXP/repost").send();

        // A malformed id names no post, as on GET /posts/{id}; each answer is problem+json (the client checks).
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().path("status").asInt()).isEqualTo(404);
        assertThat(malformed.status()).isEqualTo(404);
        assertThat(unknownUndo.status()).isEqualTo(404);
        assertThat(anonymous.status()).isEqualTo(401);
    }
}

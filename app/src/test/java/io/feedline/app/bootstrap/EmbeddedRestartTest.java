package io.feedline.app.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.feedline.app.http.Accounts;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient;
import io.feedline.app.http.ApiClient.Response;
import io.feedline.app.http.TestApps;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.RegisterUser;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.Username;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded default keeps its data in files: what one run wrote, the next one reads. Its hot
 * windows live in the process's memory, so a restart leaves them empty, and feeds are answered from
 * the durable feed items until they are rebuilt.
 */
class EmbeddedRestartTest {

    @Test
    void dataSurvivesARestartOnTheSameDirectory(@TempDir Path dataDir) {
        Map<String, Object> config = Map.of("dynamodb.in-memory", false, "dynamodb.data-dir", dataDir.toString());
        User alice;
        String post;
        try (App first = TestApps.start(config)) {
            ApiClient api = new ApiClient(first.port());
            alice = new Accounts(api).signUp("durable");
            post = api.post("/posts").token(alice.token()).json("text", "still here tomorrow").send().text("id");
        }
        assertThat(dataDir).isNotEmptyDirectory();
        assertThat(Files.exists(dataDir)).isTrue();

        try (App second = TestApps.start(config)) {
            ApiClient api = new ApiClient(second.port());
            Response session = api.post("/sessions").json("username", alice.username(), "password", Accounts.PASSWORD).send();

            assertThat(session.status()).isEqualTo(201);
            assertThat(session.json().path("user").path("id").asText()).isEqualTo(alice.id());
            assertThat(api.get("/posts/" + post).send().text("text")).isEqualTo("still here tomorrow");
            assertThat(api.get("/feed").token(alice.token()).send().status())
                    .as("the token key is configured, so tokens outlive the restart too").isEqualTo(200);
        }
    }

    @Test
    void afterARestartTheWindowIsColdAndTheFeedIsServedFromTheDurableFeedItems(@TempDir Path dataDir) {
        FeedlineConfig config = TestApps.embedded(Map.of("dynamodb.in-memory", false, "dynamodb.data-dir", dataDir.toString()));
        assertThat(config.timelines()).isEqualTo(FeedlineConfig.TimelinesStore.MEMORY);
        UserAccount reader;
        Post post;
        try (Assembly first = Assembly.open(config, Clock.systemUTC())) {
            UseCases app = first.core.useCases();
            UserAccount author = register(app, "restart_author");
            reader = register(app, "restart_reader");
            app.follow().follow(reader.id(), author.username());
            // The reader's first read leaves a whole (empty) window, which the fan-out then fills.
            assertThat(feed(app, reader)).isEmpty();
            awaitWindow(first, reader, List.of());
            post = app.publishPost().publish(new PublishPost.Command(author.id(), PostText.of("before the restart"), Optional.empty()));
            first.core.worker("before-restart").drain();

            assertThat(first.storage.timelines.range(reader.id(), Optional.empty(), 10))
                    .as("the fan-out filled the reader's window").contains(List.of(post.ref()));
            assertThat(feed(app, reader)).containsExactly(post.id());
        }

        try (Assembly second = Assembly.open(config, Clock.systemUTC())) {
            assertThat(second.storage.timelines.range(reader.id(), Optional.empty(), 10))
                    .as("the in-process window did not survive the restart").isEmpty();

            assertThat(feed(second.core.useCases(), reader))
                    .as("answered from the durable feed items").containsExactly(post.id());
            awaitWindow(second, reader, List.of(post.ref()));
        }
    }

    private static UserAccount register(UseCases app, String name) {
        return app.registerUser().register(new RegisterUser.Command(Username.of(name), Email.of(name + "@example.org"),
                new Password("correct horse battery"), DisplayName.of(name), Bio.EMPTY));
    }

    private static List<PostId> feed(UseCases app, UserAccount reader) {
        return app.readHomeFeed().read(reader.id(), reader.id(), PageRequest.first(20)).items().stream()
                .map(Post::id).toList();
    }

    /** The read that found no window refills it in the background; wait until it holds {@code expected}. */
    private static void awaitWindow(Assembly assembly, UserAccount reader, Object expected) {
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(assembly.storage.timelines.range(reader.id(), Optional.empty(), 10))
                .as("the window rebuilt from the durable feed").isEqualTo(Optional.of(expected)));
    }
}

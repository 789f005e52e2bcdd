package io.feedline.app.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.http.Accounts;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient;
import io.feedline.app.http.ApiClient.Response;
import io.feedline.app.http.TestApps;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded default keeps its data in files: what one run wrote, the next one reads. */
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
}

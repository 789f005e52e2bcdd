package io.feedline.app.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.app.http.Accounts;
import io.feedline.app.http.ApiClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Token lifetime bounds, and the embedded profile's generated key kept across restarts. */
class TokenSettingsTest {

    @Test
    void aTokenLifetimeOverTheMaximumStopsTheStart() {
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("token.ttl", "30d")))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("token.ttl").hasMessageContaining("24h");
        assertThat(FeedlineConfig.of(Map.of("token.ttl", "24h")).tokenTtl()).hasHours(24);
    }

    @Test
    void theEmbeddedProfilesGeneratedKeyIsKeptUnderItsDataDirectoryAndTokensSurviveARestart(@TempDir Path dataDir) throws Exception {
        Map<String, Object> overrides = new HashMap<>();
        overrides.put("http.host", "127.0.0.1");
        overrides.put("http.port", 0);
        overrides.put("worker.in-process", 0);
        overrides.put("dynamodb.in-memory", false);
        overrides.put("dynamodb.data-dir", dataDir.toString());
        FeedlineConfig config = FeedlineConfig.of(overrides);
        assertThat(config.secrets().tokenSecret()).as("no secret configured").isEmpty();

        Accounts.User alice;
        try (App first = App.create(config).start()) {
            alice = new Accounts(new ApiClient(first.port())).signUp("keykeeper");
        }
        Path keyFile = dataDir.resolve("signing.key");
        assertThat(keyFile).exists();
        assertThat(Files.getPosixFilePermissions(keyFile))
                .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

        try (App second = App.create(config).start()) {
            assertThat(new ApiClient(second.port()).get("/feed").token(alice.token()).send().status())
                    .as("the old token still verifies after the restart").isEqualTo(200);
        }
        assertThat(Set.copyOf(Files.readAllLines(keyFile))).hasSize(1);
    }
}

package io.feedline.app.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KeysTest {
    private static final String SECRET = "a-token-secret-that-is-long-enough-to-use";

    @Test
    void tokenAndCursorKeysDifferAndNeitherIsTheSecret() {
        Keys keys = Keys.from(FeedlineConfig.of(Map.of("token.secret", SECRET)));

        assertThat(keys.token()).hasSize(32).isNotEqualTo(keys.cursor()).isNotEqualTo(SECRET.getBytes(StandardCharsets.UTF_8));
        assertThat(Keys.from(FeedlineConfig.of(Map.of("token.secret", SECRET))).token()).isEqualTo(keys.token());
    }

    @Test
    void aSeparateCursorSecretChangesOnlyTheCursorKey() {
        Keys shared = Keys.from(FeedlineConfig.of(Map.of("token.secret", SECRET)));
        Keys separate = Keys.from(FeedlineConfig.of(Map.of("token.secret", SECRET, "cursor.secret", "x" + SECRET)));

        assertThat(separate.token()).isEqualTo(shared.token());
        assertThat(separate.cursor()).isNotEqualTo(shared.cursor());
    }

    @Test
    void theEmbeddedProfileInMemoryGeneratesARandomKeyPerRunWhenNoneIsSet() {
        Keys first = Keys.from(FeedlineConfig.of(Map.of("dynamodb.in-memory", true)));
        Keys second = Keys.from(FeedlineConfig.of(Map.of("dynamodb.in-memory", true)));

        assertThat(first.token()).isNotEqualTo(second.token());
    }
}

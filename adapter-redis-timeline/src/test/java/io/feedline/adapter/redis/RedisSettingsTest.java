package io.feedline.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RedisSettingsTest {

    @Test
    void aPrefixThatWouldMoveTheHashTagIsRejected() {
        assertThatThrownBy(() -> RedisSettings.of("redis://localhost").withKeyPrefix("app{1}:"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("prefix");
        assertThatThrownBy(() -> RedisSettings.of("redis://localhost").withKeyPrefix("app*"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(RedisSettings.of("redis://localhost").withKeyPrefix("feedline-prod:").keyPrefix())
                .isEqualTo("feedline-prod:");
    }

    @Test
    void defaultsAreTheDocumentedOnes() {
        RedisSettings settings = RedisSettings.of("redis://localhost");

        assertThat(settings.cap()).isEqualTo(800);
        assertThat(settings.commandTimeout()).hasMillis(500);
        assertThat(settings.keyPrefix()).isEmpty();
    }

    @Test
    void printedSettingsHideThePassword() {
        RedisSettings settings = RedisSettings.of("redis://default:s3cret@cache.internal:6379/2");

        assertThat(settings.toString()).doesNotContain("s3cret").contains("cache.internal:6379/2");
    }
}

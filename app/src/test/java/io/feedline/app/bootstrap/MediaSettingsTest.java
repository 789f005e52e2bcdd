package io.feedline.app.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The media keys: filesystem by default in both profiles, S3 by choice, each bound checked at start. */
class MediaSettingsTest {

    @Test
    void mediaLiveOnTheFilesystemByDefaultWithMastodonsLimits() {
        FeedlineConfig.Media media = FeedlineConfig.of(Map.of()).media();

        assertThat(media.store()).isEqualTo(FeedlineConfig.MediaStoreKind.FILESYSTEM);
        assertThat(media.directory()).isEmpty();
        assertThat(media.publicBaseUrl()).isEmpty();
        assertThat(media.imaging().maxBytes()).isEqualTo(16L * 1024 * 1024);
        assertThat(media.imaging().maxPixels()).isEqualTo(50_000_000L);
        assertThat(media.imaging().smallLongSide()).isEqualTo(640);
        assertThat(media.unattachedTtl()).isEqualTo(Duration.ofHours(24));
        assertThat(media.uploads().inFlight()).isPositive();
        assertThat(media.uploads().queue()).isEqualTo(16);
        assertThat(media.s3()).isEmpty();
        assertThat(FeedlineConfig.of(Map.of("profile", "polyglot", "token.secret", "x".repeat(32))).media().store())
                .isEqualTo(FeedlineConfig.MediaStoreKind.FILESYSTEM);
    }

    @Test
    void s3TakesItsBucketAndAPublicBaseUrl() {
        FeedlineConfig.Media media = FeedlineConfig.of(Map.of(
                "storage.media", "s3",
                "media.public-base-url", "https://cdn.example.org/feedline/",
                "media.s3.bucket", "feedline-media",
                "media.s3.endpoint", "http://127.0.0.1:9000",
                "media.s3.path-style", "true",
                "media.s3.key-prefix", "prod",
                "media.s3.access-key-id", "AKIDEXAMPLE",
                "media.s3.secret-access-key", "not-a-real-secret")).media();

        assertThat(media.publicBaseUrl()).contains(URI.create("https://cdn.example.org/feedline"));
        assertThat(media.s3().orElseThrow().bucket()).isEqualTo("feedline-media");
        assertThat(media.s3().orElseThrow().endpoint()).contains(URI.create("http://127.0.0.1:9000"));
        assertThat(media.s3().orElseThrow().pathStyle()).isTrue();
        assertThat(media.s3().orElseThrow().keyPrefix()).isEqualTo("prod");
        assertThat(media.s3().orElseThrow().accessKey().orElseThrow().id()).isEqualTo("AKIDEXAMPLE");
    }

    @Test
    void badMediaSettingsFailAtStartNamingTheirKey() {
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("storage.media", "tape")))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("storage.media").hasMessageContaining("filesystem, s3");
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("storage.media", "s3", "media.public-base-url", "https://cdn.example.org")))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("media.s3.bucket");
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("storage.media", "s3", "media.s3.bucket", "feedline-media")))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("media.public-base-url");
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("media.public-base-url", "ftp://example.org")))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("media.public-base-url");
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("media.s3.access-key-id", "AKIDEXAMPLE")))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("media.s3.secret-access-key");
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("media.unattached-ttl", "0s")))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("media.unattached-ttl");
        assertThatThrownBy(() -> FeedlineConfig.of(Map.of("media.small-long-side", "4")))
                .isInstanceOf(InvalidConfiguration.class).hasMessageContaining("media.small-long-side");
    }
}

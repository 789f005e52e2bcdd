package io.feedline.ports.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MediaValuesTest {

    @ParameterizedTest(name = "''{0}'' is a key")
    @ValueSource(strings = {"a", "media/01ARZ3NDEKTSV4RRFFQ69G5FAV/original.jpg", "x/y-z_1.2/3"})
    void wellFormedKeysAreKept(String key) {
        assertThat(MediaKey.of(key).value()).isEqualTo(key);
    }

    @Test
    void contentTypesAreLowerCasedAndParametersRefused() {
        assertThat(ContentType.of("Image/JPEG").value()).isEqualTo("image/jpeg");
        assertThat(ContentType.of("image/svg+xml").value()).isEqualTo("image/svg+xml");
        assertThatThrownBy(() -> ContentType.of("text/html; charset=utf-8")).isInstanceOf(FeedlineException.InvalidInput.class);
        assertThatThrownBy(() -> ContentType.of("image/png\r\nX-Evil: 1")).isInstanceOf(FeedlineException.InvalidInput.class);
        assertThatThrownBy(() -> ContentType.of("png")).isInstanceOf(FeedlineException.InvalidInput.class);
    }

    @Test
    void metaSpellsItsSizeAndAspect() {
        MediaMeta meta = new MediaMeta(640, 480, 1234);
        assertThat(meta.size()).isEqualTo("640x480");
        assertThat(meta.aspect()).isEqualTo(640.0 / 480);
    }

    @Test
    void aRejectionNamesTheFileFieldAndItsLimit() {
        var tooLarge = new FeedlineException.MediaRejected(FeedlineException.MediaRejected.Reason.TOO_LARGE, "over 16 MB", 16L << 20);
        assertThat(tooLarge.field()).isEqualTo("file");
        assertThat(tooLarge.limit()).hasValue(16L << 20);
        assertThat(new FeedlineException.MediaRejected(FeedlineException.MediaRejected.Reason.EMPTY, "empty").limit()).isEmpty();
    }
}

package io.feedline.ports.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdempotencyKeyTest {

    @Test
    void visibleAsciiUpTo255CharactersIsAKey() {
        assertThat(IdempotencyKey.of("7f6c1e0a-first-post").value()).isEqualTo("7f6c1e0a-first-post");
        assertThat(IdempotencyKey.of("!~").value()).isEqualTo("!~");
        assertThat(IdempotencyKey.of("k".repeat(255)).value()).hasSize(255);
    }

    @Test
    void keysAreComparedExactly() {
        assertThat(IdempotencyKey.of("Key-1")).isEqualTo(IdempotencyKey.of("Key-1")).isNotEqualTo(IdempotencyKey.of("key-1"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "with space", "tab\there", "line\nfeed", "caf\u00e9", "\u007f"})
    void blankSpacedControlAndNonAsciiKeysAreRefusedNamingTheHeader(String raw) {
        assertThatThrownBy(() -> IdempotencyKey.of(raw))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class,
                        e -> assertThat(e.field()).isEqualTo("Idempotency-Key"));
    }

    @Test
    void longerThan255CharactersOrMissingIsRefused() {
        assertThatThrownBy(() -> IdempotencyKey.of("k".repeat(256)))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class,
                        e -> assertThat(e.field()).isEqualTo("Idempotency-Key"));
        assertThatThrownBy(() -> IdempotencyKey.of(null)).isInstanceOf(FeedlineException.InvalidInput.class);
    }
}

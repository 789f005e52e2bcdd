package io.feedline.ports.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PostIdTest {

    @Test
    void firstOfAMillisecondBoundsTheIdsOfThatMillisecondFromBelow() {
        long at = 1_796_000_000_123L;
        PostId first = PostId.firstOf(at);

        assertThat(first.epochMillis()).isEqualTo(at);
        assertThat(PostId.firstOf(at - 1).epochMillis()).isEqualTo(at - 1);
        assertThat(PostId.firstOf(at - 1)).isLessThan(first);
        PostId later = PostId.of(first.value().substring(0, 10) + "ZZZZZZZZZZZZZZZZ");
        assertThat(later.epochMillis()).isEqualTo(at);
        assertThat(first).isLessThan(later).isLessThan(PostId.firstOf(at + 1));
    }

    @Test
    void aTimeOutsideTheUlidsFortyEightBitsIsRefused() {
        assertThatThrownBy(() -> PostId.firstOf(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PostId.firstOf(1L << 48)).isInstanceOf(IllegalArgumentException.class);
    }
}

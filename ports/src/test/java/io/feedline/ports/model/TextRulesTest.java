package io.feedline.ports.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Texts are stored in NFC; names refuse characters that disguise or reorder them. */
class TextRulesTest {
    private static final String DECOMPOSED_E_ACUTE = "e\u0301";
    private static final String COMPOSED_E_ACUTE = "\u00e9";

    @Test
    void postTextsDisplayNamesAndBiosAreStoredInNfc() {
        assertThat(PostText.of("caf" + DECOMPOSED_E_ACUTE).value()).isEqualTo("caf" + COMPOSED_E_ACUTE);
        assertThat(DisplayName.of("Ren" + DECOMPOSED_E_ACUTE).value()).isEqualTo("Ren" + COMPOSED_E_ACUTE);
        assertThat(Bio.of("caf" + DECOMPOSED_E_ACUTE).value()).isEqualTo("caf" + COMPOSED_E_ACUTE);
        assertThat(DisplayName.of("Ren" + DECOMPOSED_E_ACUTE)).isEqualTo(DisplayName.of("Ren" + COMPOSED_E_ACUTE));
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
            "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\ud800", "\udc00"})
    void displayNamesRefuseBidiControlsZeroWidthAndLoneSurrogates(String sneaky) {
        assertThatThrownBy(() -> DisplayName.of("Ali" + sneaky + "ce"))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("displayName"));
        assertThatThrownBy(() -> Username.of("ali" + sneaky + "ce"))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> {
                    assertThat(e.field()).isEqualTo("username");
                    assertThat(e.getMessage()).contains("bidi");
                });
    }

    @Test
    void postsKeepRightToLeftTextButRefuseLoneSurrogates() {
        assertThat(PostText.of("\u05e9\u05dc\u05d5\u05dd \u2067x\u2069").value()).isEqualTo("\u05e9\u05dc\u05d5\u05dd \u2067x\u2069");
        assertThatThrownBy(() -> PostText.of("broken \ud83d here"))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("text"));
    }

    @Test
    void anEmojiPairIsOneCharacterNotALoneSurrogate() {
        assertThat(DisplayName.of("Alice \ud83d\ude00").value()).isEqualTo("Alice \ud83d\ude00");
    }
}

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

    /** Format characters, combining marks, spaces and the letters that draw nothing: no name at all. */
    @ParameterizedTest
    @ValueSource(strings = {"\u200e", "\u200f", "\u3164", "\u115f", "\u1160", "\uffa0", "\u2800", "\u180e", "\u00ad",
            "\udb40\udc41", "\udb40\udc41\udb40\udc42", "\u0301", "\u0301\u20dd", "\u034f", "\ufe0f", "\u3000",
            "\u3164 \u2800", "\u2028"})
    void aDisplayNameWithNothingVisibleIsRefused(String blank) {
        assertThatThrownBy(() -> DisplayName.of(blank))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("displayName"));
    }

    @Test
    void aVisibleNameMayCarryMarksAndEmojiJoinedIntoOne() {
        assertThat(DisplayName.of("\u3164Ann").value()).isEqualTo("\u3164Ann");
        assertThat(DisplayName.of("Rene\u0301").value()).isEqualTo("Ren\u00e9");
        String family = "\ud83d\udc69\u200d\ud83d\udc69\u200d\ud83d\udc67";
        assertThat(DisplayName.of("Ann " + family).value()).isEqualTo("Ann " + family);
        assertThat(DisplayName.of(family).value()).isEqualTo(family);
        assertThat(DisplayName.of("\ud83c\udff3\ufe0f\u200d\ud83c\udf08").value()).as("flag, VS16, ZWJ, rainbow")
                .isEqualTo("\ud83c\udff3\ufe0f\u200d\ud83c\udf08");
        assertThatThrownBy(() -> DisplayName.of("Ann\u200d" + family)).as("a joiner after a letter joins no emoji")
                .isInstanceOf(FeedlineException.InvalidInput.class);
        assertThatThrownBy(() -> DisplayName.of(family + "\u200d")).as("a trailing joiner")
                .isInstanceOf(FeedlineException.InvalidInput.class);
    }

    /** Usernames are ASCII: no sign whose lower case or NFC form is an ASCII letter stands for that letter. */
    @ParameterizedTest
    @ValueSource(strings = {"\u212aelvin", "\u017fam", "\u0130van", "\u0131van", "\uff41lice", "\u212bngstrom"})
    void aUsernameRefusesEveryLetterThatFoldsIntoAscii(String lookalike) {
        assertThatThrownBy(() -> Username.of(lookalike))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("username"));
        assertThat(Username.of("Kelvin").value()).isEqualTo("kelvin");
    }
}

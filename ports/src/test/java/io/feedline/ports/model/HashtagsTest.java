package io.feedline.ports.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class HashtagsTest {

    private static List<String> tags(String text) {
        return Hashtags.in(PostText.of(text)).stream().map(Tag::value).toList();
    }

    @Test
    void findsStandaloneTagsInOrderCaseFolded() {
        assertThat(tags("#Java and #rust, then #JAVA again (#go_lang)")).containsExactly("java", "rust", "go_lang");
    }

    @Test
    void aTagIsNotGluedToAWordNorDigitsOnly() {
        assertThat(tags("C# a#b ##double #1 #2024 &#39; mail@x#y")).isEmpty();
        assertThat(tags("#2024recap")).containsExactly("2024recap");
    }

    @Test
    void unicodeLettersAreNormalisedToNfc() {
        String decomposed = "#cafe\u0301";
        String precomposed = "#caf\u00e9";
        assertThat(tags(decomposed + " " + precomposed)).containsExactly("caf\u00e9");
        assertThat(tags("#Straße #日本語 #Ελλάδα")).containsExactly("strasse", "日本語", "ελλάδα");
    }

    /** NFKC, then case: fullwidth forms, ligatures and capitals spell one tag. */
    @Test
    void compatibilityFormsFoldIntoOneTag() {
        assertThat(tags("#\uff54\uff41\uff47 #TAG #tag #\uff34\uff21\uff27")).containsExactly("tag");
        assertThat(tags("#\ufb01sh #FISH")).containsExactly("fish");
        assertThat(Tag.of("#\uff54\uff41\uff47")).isEqualTo(Tag.of("tag"));
        assertThat(Tag.of("\uff11\uff12a")).isEqualTo(Tag.of("12a"));
        assertThat(new Tag("\uff54\uff41\uff47")).as("a name kept before this rule reads as its folded form").isEqualTo(Tag.of("tag"));
        assertThatThrownBy(() -> Tag.of("\uff11\uff12")).as("fullwidth digits are digits").isInstanceOf(FeedlineException.InvalidInput.class);
    }

    @Test
    void aLetterWhoseCompatibilityFormHasASpaceIsNoTag() {
        assertThat(tags("#\ufdfa and #ok")).containsExactly("ok");
    }

    @Test
    void atMostTenAndNotTooLong() {
        String many = IntStream.range(0, 15).mapToObj(i -> "#t" + i).collect(Collectors.joining(" "));
        assertThat(tags(many)).hasSize(Hashtags.MAX_PER_POST).startsWith("t0").endsWith("t9");
        assertThat(tags("#" + "a".repeat(65) + " #" + "b".repeat(64))).containsExactly("b".repeat(64));
    }

    @Test
    void parsingANameNormalisesOrNamesTheField() {
        assertThat(Tag.parse("#JaVa", "prefix").value()).isEqualTo("java");
        assertThatThrownBy(() -> Tag.parse("no spaces", "tag"))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("tag"));
        assertThatThrownBy(() -> Tag.parse("123", "tag")).isInstanceOf(FeedlineException.InvalidInput.class);
        assertThat(EntityRef.parse(EntityRef.of(Tag.of("x")).wire())).isEqualTo(EntityRef.of(Tag.of("x")));
    }
}

package io.feedline.ports.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ArticleRulesTest {
    private static final PostId ID = PostId.of("01JD0000000000000000000000");

    private static String slugOf(String title) {
        return Slug.fromTitle(ArticleTitle.of(title), ID).value();
    }

    @Test
    void aSlugIsTheTitleLowerCasedWithoutMarksAndWithHyphensBetweenWords() {
        assertThat(slugOf("Hello, World!")).isEqualTo("hello-world");
        assertThat(slugOf("  Café crème à la carte ")).isEqualTo("cafe-creme-a-la-carte");
        assertThat(slugOf("Straße & Ærø — ﬁnal")).isEqualTo("strasse-aero-final");
        assertThat(slugOf("--Java 21: what's new?--")).isEqualTo("java-21-what-s-new");
    }

    @Test
    void aTitleWithNoLatinLetterOrDigitGetsItsSlugFromThePostId() {
        assertThat(slugOf("日本語のタイトル")).isEqualTo("article-01jd0000000000000000000000");
        assertThat(slugOf("!!!")).isEqualTo("article-01jd0000000000000000000000");
    }

    @Test
    void aLongTitleIsCutAtAHyphenWithinTheBaseLengthLeavingRoomForASuffix() {
        String slug = slugOf("word ".repeat(40));
        assertThat(slug).hasSizeLessThanOrEqualTo(Slug.MAX_BASE_LENGTH).doesNotEndWith("-").endsWith("word");
        assertThat(Slug.of(slug).withSuffix(99999).value()).hasSizeLessThanOrEqualTo(Slug.MAX_LENGTH);
        assertThat(slugOf("x".repeat(150))).hasSize(Slug.MAX_BASE_LENGTH);
    }

    @Test
    void suffixedFormsAreRecognisedAndOthersAreNot() {
        Slug notes = Slug.of("notes");
        assertThat(notes.withSuffix(2).value()).isEqualTo("notes-2");
        assertThat(notes.isBaseOf(Slug.of("notes"))).isTrue();
        assertThat(notes.isBaseOf(Slug.of("notes-17"))).isTrue();
        assertThat(notes.isBaseOf(Slug.of("notes-from-paris"))).isFalse();
        assertThat(notes.isBaseOf(Slug.of("notes-02"))).isFalse();
        assertThat(notes.isBaseOf(Slug.of("notesy"))).isFalse();
    }

    @Test
    void malformedSlugsAndTitlesAreRefusedNamingTheirField() {
        assertThatThrownBy(() -> Slug.of("Upper")).isInstanceOfSatisfying(FeedlineException.InvalidInput.class,
                e -> assertThat(e.field()).isEqualTo("slug"));
        assertThatThrownBy(() -> Slug.of("a--b")).isInstanceOf(FeedlineException.InvalidInput.class);
        assertThatThrownBy(() -> ArticleTitle.of("   ")).isInstanceOfSatisfying(FeedlineException.InvalidInput.class,
                e -> assertThat(e.field()).isEqualTo("title"));
        assertThatThrownBy(() -> ArticleTitle.of("t".repeat(201))).isInstanceOf(FeedlineException.InvalidInput.class);
        assertThatThrownBy(() -> ArticleTitle.of("two\nlines")).isInstanceOf(FeedlineException.InvalidInput.class);
        assertThatThrownBy(() -> ArticleStatus.parse("live", "status")).isInstanceOfSatisfying(FeedlineException.InvalidInput.class,
                e -> assertThat(e.field()).isEqualTo("status"));
    }

    @Test
    void anExcerptIsTheWholeShortBodyOrItsStartCutAtAWordWithAnEllipsis() {
        assertThat(Article.excerpt("short body")).isEqualTo("short body");
        String body = "lorem ipsum ".repeat(100);
        String excerpt = Article.excerpt(body);
        assertThat(excerpt).endsWith("ipsum…").startsWith("lorem ipsum lorem");
        assertThat(excerpt.codePointCount(0, excerpt.length())).isLessThanOrEqualTo(Article.EXCERPT_CODE_POINTS + 1);
        assertThat(Article.excerpt("y".repeat(500))).isEqualTo("y".repeat(Article.EXCERPT_CODE_POINTS) + "…");
    }

    @Test
    void aPostTextIsFiveHundredCharactersAndAnArticleBodyUpToItsLimit() {
        assertThatThrownBy(() -> PostText.of("x".repeat(501))).isInstanceOfSatisfying(FeedlineException.InvalidInput.class,
                e -> assertThat(e.field()).isEqualTo("text"));
        assertThat(PostText.within("x".repeat(20_000), 20_000).length()).isEqualTo(20_000);
        assertThatThrownBy(() -> PostText.within("x".repeat(20_001), 20_000)).isInstanceOf(FeedlineException.InvalidInput.class);
    }
}

package io.feedline.ports.model;

/**
 * An article's title: 1 to {@value #MAX_CODE_POINTS} characters (Unicode code points) after
 * trimming, one line (no control characters), stored in NFC. A post with a title is an article.
 */
public record ArticleTitle(String value) {
    public static final int MAX_CODE_POINTS = 200;

    public ArticleTitle {
        value = Texts.require("title", value, 1, MAX_CODE_POINTS, false);
    }

    public static ArticleTitle of(String value) {
        return new ArticleTitle(value);
    }
}

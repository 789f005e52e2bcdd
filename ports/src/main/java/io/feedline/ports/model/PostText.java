package io.feedline.ports.model;

/**
 * The body of a post: 1 to 500 characters (Unicode code points) after trimming; an article's body
 * may be longer, up to the configured article limit and never more than
 * {@value #MAX_ARTICLE_CODE_POINTS}. Line feeds are allowed; every other control character is
 * refused, since it has no business in a feed and is a favourite of log-injection and terminal
 * tricks. Stored in NFC; a lone surrogate is refused. A post that carries media may have no text
 * at all ({@link #NONE}), as on Mastodon.
 */
public record PostText(String value) {
    public static final int MAX_CODE_POINTS = 500;
    /** The ceiling of any configured article limit, and so of any text a store holds. */
    public static final int MAX_ARTICLE_CODE_POINTS = 100_000;

    /** The text of a post that is only its media. */
    public static final PostText NONE = new PostText("");

    /**
     * Any text a post or an article may hold, none included (what a store reads back); {@link #of}
     * and {@link #within} apply a post's or an article's limit, and refuse none.
     */
    public PostText {
        value = Texts.require("text", value, 0, MAX_ARTICLE_CODE_POINTS, true);
    }

    /** A post's text: at most {@value #MAX_CODE_POINTS} characters. */
    public static PostText of(String value) {
        return within(value, MAX_CODE_POINTS);
    }

    /** A text of at most {@code max} characters (an article's body under its configured limit). */
    public static PostText within(String value, int max) {
        return new PostText(Texts.require("text", value, 1, Math.min(max, MAX_ARTICLE_CODE_POINTS), true));
    }

    /** The text a client sent, or {@link #NONE} when it sent none or only blanks (a post of media alone). */
    public static PostText orNone(String value) {
        return value == null || value.isBlank() ? NONE : of(value);
    }

    public boolean isEmpty() {
        return value.isEmpty();
    }

    /** Its length in characters (code points). */
    public int length() {
        return value.codePointCount(0, value.length());
    }
}

package io.feedline.ports.model;

/**
 * The body of a post: 1 to 500 characters (Unicode code points) after trimming. Line feeds are
 * allowed; every other control character is refused, since it has no business in a feed and is a
 * favourite of log-injection and terminal tricks. Stored in NFC; a lone surrogate is refused.
 */
public record PostText(String value) {
    public static final int MAX_CODE_POINTS = 500;

    public PostText {
        value = Texts.require("text", value, 1, MAX_CODE_POINTS, true);
    }

    public static PostText of(String value) {
        return new PostText(value);
    }
}

package io.feedline.ports.model;

/** A profile's about text: 0 to 500 characters (Mastodon's limit of a note); line feeds allowed, other control characters not. */
public record Bio(String value) {
    public static final int MAX_CODE_POINTS = 500;
    public static final Bio EMPTY = new Bio("");

    public Bio {
        value = Texts.require("bio", value == null ? "" : value, 0, MAX_CODE_POINTS, true);
    }

    public static Bio of(String value) {
        return new Bio(value);
    }
}

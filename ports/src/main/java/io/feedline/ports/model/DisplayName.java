package io.feedline.ports.model;

/** A free-form name shown beside the username: 1 to 50 characters, no control characters. */
public record DisplayName(String value) {
    public static final int MAX_CODE_POINTS = 50;

    public DisplayName {
        value = Texts.require("displayName", value, 1, MAX_CODE_POINTS, false);
    }

    public static DisplayName of(String value) {
        return new DisplayName(value);
    }
}

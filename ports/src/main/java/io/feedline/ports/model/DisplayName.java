package io.feedline.ports.model;

/**
 * A free-form name shown beside the username: 1 to 50 characters in NFC, no control characters, no
 * bidi controls or zero-width characters (they let one name pass for another; a joiner inside an
 * emoji sequence is kept), and at least one character that draws something: a name of direction
 * marks, combining marks or Hangul fillers would show as nobody.
 */
public record DisplayName(String value) {
    public static final int MAX_CODE_POINTS = 50;

    public DisplayName {
        value = Texts.requireName("displayName", value, 1, MAX_CODE_POINTS);
    }

    public static DisplayName of(String value) {
        return new DisplayName(value);
    }
}

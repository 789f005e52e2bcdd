package io.feedline.ports.model;

/**
 * One name and value a profile shows in its table ("Pronouns" / "she/her"), as Mastodon's profile
 * metadata: the name 1 to {@value #MAX_CODE_POINTS} characters, the value 0 to as many, each in NFC
 * with no control, bidi or zero-width characters (as a display name: they let one text pass for
 * another).
 */
public record ProfileField(String name, String value) {
    public static final int MAX_CODE_POINTS = 255;

    public ProfileField {
        name = Texts.requireName("fields.name", name, 1, MAX_CODE_POINTS);
        value = value == null || value.isEmpty() ? "" : Texts.requireName("fields.value", value, 1, MAX_CODE_POINTS);
    }
}

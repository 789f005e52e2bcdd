package io.feedline.ports.model;

import java.text.Normalizer;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A unique handle: 3 to 30 characters of {@code [a-z0-9_]}. Input may use capitals ("Alice"); the
 * handle is stored and compared in lower case, so "Alice" and "alice" are the same user. Input is
 * put in NFC first, and a bidi control, zero-width character or lone surrogate is named as such.
 */
public record Username(String value) {
    private static final Pattern SHAPE = Pattern.compile("[a-z0-9_]{3,30}");

    public Username {
        if (value == null) {
            throw new FeedlineException.InvalidInput("username", "username is required");
        }
        if (value.codePoints().anyMatch(c -> Texts.invisible(c) || Character.getType(c) == Character.SURROGATE)) {
            throw new FeedlineException.InvalidInput("username",
                    "username must not contain bidi controls, zero-width characters or lone surrogates");
        }
        value = Normalizer.normalize(value, Normalizer.Form.NFC).toLowerCase(Locale.ROOT);
        if (!SHAPE.matcher(value).matches()) {
            throw new FeedlineException.InvalidInput(
                    "username", "username must be 3-30 characters of a-z, 0-9 and _");
        }
    }

    public static Username of(String value) {
        return new Username(value);
    }

    @Override
    public String toString() {
        return value;
    }
}

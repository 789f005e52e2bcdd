package io.feedline.ports.model;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A unique handle: 3 to 30 characters of {@code [a-z0-9_]}. Input may use capitals ("Alice"); the
 * handle is stored and compared in lower case, so "Alice" and "alice" are the same user. Input is
 * checked as ASCII before it is lower-cased: no other letter folds into an ASCII one (the Kelvin sign
 * K is {@code K} in NFC and {@code k} in lower case, dotted and dotless I fold in some locales), so a
 * lookalike never reaches another's name. A bidi control, zero-width character or lone surrogate is
 * named as such.
 */
public record Username(String value) implements LoginName {
    private static final Pattern SHAPE = Pattern.compile("[A-Za-z0-9_]{3,30}");

    public Username {
        if (value == null) {
            throw new FeedlineException.InvalidInput("username", "username is required");
        }
        if (value.codePoints().anyMatch(c -> Texts.invisible(c) || Character.getType(c) == Character.SURROGATE)) {
            throw new FeedlineException.InvalidInput("username",
                    "username must not contain bidi controls, zero-width characters or lone surrogates");
        }
        if (!SHAPE.matcher(value).matches()) {
            throw new FeedlineException.InvalidInput(
                    "username", "username must be 3-30 characters of a-z, 0-9 and _");
        }
        value = value.toLowerCase(Locale.ROOT);
    }

    public static Username of(String value) {
        return new Username(value);
    }

    @Override
    public String toString() {
        return value;
    }
}

package io.feedline.ports.model;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A unique handle: 3 to 30 characters of {@code [a-z0-9_]}. Input may use capitals ("Alice"); the
 * handle is stored and compared in lower case, so "Alice" and "alice" are the same user.
 */
public record Username(String value) {
    private static final Pattern SHAPE = Pattern.compile("[a-z0-9_]{3,30}");

    public Username {
        if (value == null) {
            throw new FeedlineException.InvalidInput("username", "username is required");
        }
        value = value.toLowerCase(Locale.ROOT);
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

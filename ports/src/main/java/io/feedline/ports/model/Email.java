package io.feedline.ports.model;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * An email address, checked for shape only (one {@code @}, a dotted domain, at most 254
 * characters). Stored and compared in lower case: uniqueness is case-insensitive.
 */
public record Email(String value) implements LoginName {
    private static final Pattern SHAPE =
            Pattern.compile("[^@\\s\\p{Cntrl}]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)+");

    public Email {
        if (value == null) {
            throw new FeedlineException.InvalidInput("email", "email is required");
        }
        value = value.strip().toLowerCase(Locale.ROOT);
        if (value.length() > 254 || !SHAPE.matcher(value).matches()) {
            throw new FeedlineException.InvalidInput("email", "email is not a valid address");
        }
    }

    public static Email of(String value) {
        return new Email(value);
    }

    @Override
    public String toString() {
        return value;
    }
}

package io.feedline.ports.model;

import java.util.regex.Pattern;

/** The shape shared by every id: a ULID, 26 Crockford base-32 characters, sortable by time. */
final class Ids {
    private static final Pattern ULID = Pattern.compile("[0-7][0-9A-HJKMNP-TV-Z]{25}");

    private Ids() {}

    static String requireUlid(String field, String value) {
        if (value == null || !ULID.matcher(value).matches()) {
            throw new FeedlineException.InvalidInput(field, field + " is not a valid id");
        }
        return value;
    }
}

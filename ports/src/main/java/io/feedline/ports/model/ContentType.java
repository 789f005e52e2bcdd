package io.feedline.ports.model;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A media type as stored beside an object and served with it: {@code type/subtype} in RFC 6838's
 * restricted-name characters, lower case, without parameters. Served media carry the type
 * Feedline detected, so nothing a client sent can add a parameter or a header line here.
 */
public record ContentType(String value) {
    private static final Pattern SHAPE = Pattern.compile(
            "[a-z0-9][a-z0-9!#$&^_.+-]{0,126}/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}");

    public static final ContentType OCTET_STREAM = new ContentType("application/octet-stream");

    public ContentType {
        if (value == null) {
            throw new FeedlineException.InvalidInput("contentType", "a content type is required");
        }
        value = value.toLowerCase(Locale.ROOT);
        if (!SHAPE.matcher(value).matches()) {
            throw new FeedlineException.InvalidInput("contentType", "a content type is type/subtype, without parameters");
        }
    }

    public static ContentType of(String value) {
        return new ContentType(value);
    }

    @Override
    public String toString() {
        return value;
    }
}

package io.feedline.ports.model;

import java.util.regex.Pattern;

/**
 * Where one stored object lives in a {@link io.feedline.ports.out.MediaStore}: slash-separated
 * segments of {@code [A-Za-z0-9._-]}, each starting with a letter or digit and at most
 * {@value #MAX_SEGMENT} characters (under every filesystem's limit for one name), at most
 * {@value #MAX_LENGTH} characters in all.
 * Keys are made by Feedline, never taken from a client's file name. The shape alone keeps a key
 * inside the store's root: no leading {@code /}, no empty, {@code .} or {@code ..} segment, no
 * backslash, and no {@code ..} anywhere, so no adapter has to decide what a path segment means.
 */
public record MediaKey(String value) {
    /** Below S3's 1,024-byte limit, with room for an adapter's key prefix. */
    public static final int MAX_LENGTH = 512;
    /** Below the 255 bytes a file name may have, with room for an adapter's suffix. */
    public static final int MAX_SEGMENT = 200;

    private static final Pattern SHAPE =
            Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*(/[A-Za-z0-9][A-Za-z0-9._-]*)*");

    public MediaKey {
        if (value == null || value.isEmpty()) {
            throw new FeedlineException.InvalidInput("key", "a media key is required");
        }
        if (value.length() > MAX_LENGTH) {
            throw new FeedlineException.InvalidInput("key", "a media key has at most " + MAX_LENGTH + " characters");
        }
        if (value.contains("..")) {
            throw new FeedlineException.InvalidInput("key", "a media key must not contain '..'");
        }
        if (!SHAPE.matcher(value).matches()) {
            throw new FeedlineException.InvalidInput("key",
                    "a media key is '/'-separated segments of A-Z, a-z, 0-9, '.', '_' and '-', each starting with a letter or digit");
        }
        for (String segment : value.split("/")) {
            if (segment.length() > MAX_SEGMENT) {
                throw new FeedlineException.InvalidInput("key", "a media key's segments have at most " + MAX_SEGMENT + " characters");
            }
        }
    }

    public static MediaKey of(String value) {
        return new MediaKey(value);
    }

    @Override
    public String toString() {
        return value;
    }
}

package io.feedline.ports.model;

/** The length and character rules shared by the free-text value types. */
final class Texts {
    private Texts() {}

    static String require(String field, String value, int min, int max, boolean lineFeeds) {
        if (value == null) {
            throw new FeedlineException.InvalidInput(field, field + " is required");
        }
        String stripped = value.strip();
        int length = stripped.codePointCount(0, stripped.length());
        if (length < min || length > max) {
            throw new FeedlineException.InvalidInput(
                    field, field + " must be " + min + "-" + max + " characters after trimming");
        }
        if (stripped.codePoints().anyMatch(c -> !(lineFeeds && c == '\n') && Character.getType(c) == Character.CONTROL)) {
            throw new FeedlineException.InvalidInput(field, field + " must not contain control characters");
        }
        return stripped;
    }
}

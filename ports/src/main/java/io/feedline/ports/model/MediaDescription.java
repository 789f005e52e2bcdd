package io.feedline.ports.model;

/**
 * An attachment's alt text, for readers who cannot see it: at most {@value #MAX_CODE_POINTS}
 * characters (code points), Mastodon's limit. Blank text is no description.
 */
public record MediaDescription(String value) {
    public static final int MAX_CODE_POINTS = 1_500;

    public MediaDescription {
        if (value == null || value.isBlank()) {
            throw new FeedlineException.InvalidInput("description", "a description is not blank");
        }
        if (value.codePointCount(0, value.length()) > MAX_CODE_POINTS) {
            throw new FeedlineException.InvalidInput("description",
                    "a description has at most " + MAX_CODE_POINTS + " characters");
        }
    }

    /** The description of {@code text}, or none when it is absent or blank. */
    public static java.util.Optional<MediaDescription> ofNullable(String text) {
        return text == null || text.isBlank() ? java.util.Optional.empty() : java.util.Optional.of(new MediaDescription(text));
    }

    @Override
    public String toString() {
        return value;
    }
}

package io.feedline.ports.model;

import java.text.Normalizer;

/**
 * The length and character rules shared by the free-text value types. Every text is stored in
 * Unicode normalization form C, so two spellings of "é" are one value. Names (usernames and display
 * names) also refuse the characters that make one name look like another or reorder what follows
 * it: bidi embeddings, overrides and isolates, and zero-width characters.
 */
final class Texts {
    private Texts() {}

    static String require(String field, String value, int min, int max, boolean lineFeeds) {
        if (value == null) {
            throw new FeedlineException.InvalidInput(field, field + " is required");
        }
        if (hasLoneSurrogate(value)) {
            throw new FeedlineException.InvalidInput(field, field + " must be valid Unicode (it has a lone surrogate)");
        }
        String stripped = Normalizer.normalize(value.strip(), Normalizer.Form.NFC);
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

    /** As {@link #require}, for a name: also no bidi controls and no zero-width characters. */
    static String requireName(String field, String value, int min, int max) {
        String name = require(field, value, min, max, false);
        if (name.codePoints().anyMatch(Texts::invisible)) {
            throw new FeedlineException.InvalidInput(field,
                    field + " must not contain bidi controls (U+202A-U+202E, U+2066-U+2069) or zero-width characters "
                            + "(U+200B-U+200D, U+2060, U+FEFF)");
        }
        return name;
    }

    /** Bidi embeddings, overrides and isolates; zero-width space, joiners, word joiner, BOM. */
    static boolean invisible(int c) {
        return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069)
                || (c >= 0x200B && c <= 0x200D) || c == 0x2060 || c == 0xFEFF;
    }

    private static boolean hasLoneSurrogate(String value) {
        return value.codePoints().anyMatch(c -> Character.getType(c) == Character.SURROGATE);
    }
}

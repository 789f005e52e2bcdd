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

    /**
     * As {@link #require}, for a name: also no bidi controls and no zero-width characters (a zero-width
     * joiner only inside an emoji sequence, where it draws one emoji of two), and at least one
     * character that draws something.
     */
    static String requireName(String field, String value, int min, int max) {
        String name = require(field, value, min, max, false);
        int[] points = name.codePoints().toArray();
        boolean visible = false;
        for (int i = 0; i < points.length; i++) {
            if (invisible(points[i]) && !(points[i] == ZERO_WIDTH_JOINER && joinsEmoji(points, i))) {
                throw new FeedlineException.InvalidInput(field,
                        field + " must not contain bidi controls (U+202A-U+202E, U+2066-U+2069) or zero-width characters "
                                + "(U+200B-U+200D, U+2060, U+FEFF) outside an emoji sequence");
            }
            visible |= !drawsNothing(points[i]);
        }
        if (!visible) {
            throw new FeedlineException.InvalidInput(field, field + " must have a visible character");
        }
        return name;
    }

    private static final int ZERO_WIDTH_JOINER = 0x200D;

    /** A joiner between an emoji (with its presentation selector or skin tone) and the next emoji. */
    private static boolean joinsEmoji(int[] points, int at) {
        if (at == 0 || at == points.length - 1 || !Character.isExtendedPictographic(points[at + 1])) {
            return false;
        }
        int before = points[at - 1];
        return Character.isExtendedPictographic(before) || before == 0xFE0F || (before >= 0x1F3FB && before <= 0x1F3FF);
    }

    /**
     * Characters that leave no mark of their own: format characters (direction marks, tag
     * characters), combining marks, spaces and separators, and the letters and symbols that are
     * drawn blank (Hangul fillers, the blank Braille pattern, the Mongolian vowel separator).
     */
    static boolean drawsNothing(int c) {
        return switch (Character.getType(c)) {
            case Character.FORMAT, Character.NON_SPACING_MARK, Character.ENCLOSING_MARK, Character.SPACE_SEPARATOR,
                    Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR -> true;
            default -> Character.isWhitespace(c) || c == 0x115F || c == 0x1160 || c == 0x3164 || c == 0xFFA0
                    || c == 0x2800 || c == 0x180E;
        };
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

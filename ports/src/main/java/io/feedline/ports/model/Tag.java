package io.feedline.ports.model;

import java.text.Normalizer;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A hashtag's name, normalised: in Unicode NFKC and case-folded, so {@code #Java}, {@code #JAVA},
 * {@code #java} and the fullwidth {@code #ｊａｖａ} are one tag, and so are a precomposed and a
 * decomposed {@code #café}. A name is
 * 1-{@value #MAX_LENGTH} characters of Unicode letters, combining marks, digits and {@code _}, with
 * at least one that is not a digit ({@code #1} is a number, not a tag). The {@code #} is not part
 * of the name.
 */
public record Tag(String value) implements Comparable<Tag> {
    /** The longest name, in characters (UTF-16 units) after normalisation. */
    public static final int MAX_LENGTH = 64;

    private static final Pattern NAME = Pattern.compile("[\\p{L}\\p{M}\\p{Nd}_]+");
    private static final Pattern DIGITS = Pattern.compile("\\p{Nd}+");

    /** Normalises {@code value}, so a name kept under an older rule reads as the tag it is now. */
    public Tag {
        Objects.requireNonNull(value, "value");
        value = normalise(value);
        if (!isName(value)) {
            throw new FeedlineException.InvalidInput("tag",
                    "a tag is 1-" + MAX_LENGTH + " letters, digits or _ (not digits only)");
        }
    }

    /** Whether a normalised name is a tag's: not empty nor too long, letters, digits or _, not digits only. */
    static boolean isName(String normalised) {
        return !normalised.isEmpty() && normalised.length() <= MAX_LENGTH && NAME.matcher(normalised).matches()
                && !DIGITS.matcher(normalised).matches();
    }

    /**
     * The tag named {@code raw} (with or without its leading {@code #}), normalised.
     *
     * @throws FeedlineException.InvalidInput naming {@code field} if it is no tag name
     */
    public static Tag parse(String raw, String field) {
        Objects.requireNonNull(raw, "raw");
        String name = raw.startsWith("#") ? raw.substring(1) : raw;
        String normalised = normalise(name);
        if (!isName(normalised)) {
            throw new FeedlineException.InvalidInput(field,
                    field + " must be a tag name: 1-" + MAX_LENGTH + " letters, digits or _ (not digits only)");
        }
        return new Tag(normalised);
    }

    /** {@link #parse(String, String)} naming the input {@code tag}. */
    public static Tag of(String raw) {
        return parse(raw, "tag");
    }

    /**
     * NFKC (fullwidth and other compatibility forms become the letters they stand for: {@code ｔａｇ}
     * is {@code tag}), then case folding as Unicode's full folding for the cases that matter to names
     * (upper then lower case maps {@code ß} to {@code ss} and the final sigma to sigma, as folding
     * does), then NFKC again, since folding may leave a name that is not in it.
     */
    public static String normalise(String name) {
        String compatible = Normalizer.normalize(name, Normalizer.Form.NFKC);
        String folded = compatible.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
        return Normalizer.normalize(folded, Normalizer.Form.NFKC);
    }

    /** The tag's first character (a code point), the autocomplete bucket it is listed under. */
    public String bucket() {
        return bucketOf(value);
    }

    /** The first code point of a normalised, non-empty name or prefix. */
    public static String bucketOf(String normalised) {
        return new String(Character.toChars(normalised.codePointAt(0)));
    }

    @Override
    public int compareTo(Tag other) {
        return value.compareTo(other.value);
    }

    @Override
    public String toString() {
        return value;
    }
}

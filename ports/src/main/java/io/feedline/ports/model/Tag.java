package io.feedline.ports.model;

import java.text.Normalizer;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A hashtag's name, normalised: case-folded and in Unicode NFC, so {@code #Java}, {@code #JAVA}
 * and {@code #java} are one tag, and so are a precomposed and a decomposed {@code #café}. A name is
 * 1-{@value #MAX_LENGTH} characters of Unicode letters, combining marks, digits and {@code _}, with
 * at least one that is not a digit ({@code #1} is a number, not a tag). The {@code #} is not part
 * of the name.
 */
public record Tag(String value) implements Comparable<Tag> {
    /** The longest name, in characters (UTF-16 units) after normalisation. */
    public static final int MAX_LENGTH = 64;

    private static final Pattern NAME = Pattern.compile("[\\p{L}\\p{M}\\p{Nd}_]+");
    private static final Pattern DIGITS = Pattern.compile("\\p{Nd}+");

    public Tag {
        Objects.requireNonNull(value, "value");
        if (value.isEmpty() || value.length() > MAX_LENGTH || !NAME.matcher(value).matches() || DIGITS.matcher(value).matches()) {
            throw new FeedlineException.InvalidInput("tag",
                    "a tag is 1-" + MAX_LENGTH + " letters, digits or _ (not digits only)");
        }
        if (!normalise(value).equals(value)) {
            throw new IllegalArgumentException("not a normalised tag name: " + value);
        }
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
        if (normalised.isEmpty() || normalised.length() > MAX_LENGTH || !NAME.matcher(normalised).matches()
                || DIGITS.matcher(normalised).matches()) {
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
     * Case folding as Unicode's full folding for the cases that matter to names (upper then lower
     * case maps {@code ß} to {@code ss} and the final sigma to sigma, as folding does), then NFC.
     */
    public static String normalise(String name) {
        String nfc = Normalizer.normalize(name, Normalizer.Form.NFC);
        String folded = nfc.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
        return Normalizer.normalize(folded, Normalizer.Form.NFC);
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

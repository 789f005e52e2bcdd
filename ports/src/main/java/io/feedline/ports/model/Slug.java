package io.feedline.ports.model;

import java.text.Normalizer;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * An article's name in its URL ({@code /users/<username>/articles/<slug>}), unique per author:
 * lower-case ASCII letters and digits in runs joined by single hyphens, at most
 * {@value #MAX_LENGTH} characters. {@link #fromTitle} derives one from a title in at most
 * {@value #MAX_BASE_LENGTH}, leaving room for the suffix ({@code -2}, {@code -3}, ...) that a second
 * article of the same title takes.
 */
public record Slug(String value) {
    public static final int MAX_LENGTH = 80;
    public static final int MAX_BASE_LENGTH = 72;

    private static final Pattern FORM = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
    private static final Pattern MARKS = Pattern.compile("\\p{M}+");
    private static final Pattern SEPARATORS = Pattern.compile("[^a-z0-9]+");

    public Slug {
        Objects.requireNonNull(value, "value");
        if (value.length() > MAX_LENGTH || !FORM.matcher(value).matches()) {
            throw new FeedlineException.InvalidInput("slug",
                    "a slug is 1-" + MAX_LENGTH + " lower-case letters and digits in runs joined by single hyphens");
        }
    }

    public static Slug of(String value) {
        return new Slug(value);
    }

    /**
     * The slug of {@code title}: compatibility-decomposed (NFKD) with its combining marks dropped, so
     * {@code Café} gives {@code cafe} and {@code ﬁ} gives {@code fi}; a few letters that do not
     * decompose spelled out ({@code ß}, {@code æ}, {@code ø}, ...); lower-cased; every run of
     * anything but ASCII letters and digits one hyphen; trimmed of hyphens and cut to
     * {@value #MAX_BASE_LENGTH} at a hyphen where one is near. A title with no such letter or digit
     * (a title in Japanese, say) gives {@code article-<post id>}.
     */
    public static Slug fromTitle(ArticleTitle title, PostId post) {
        String decomposed = MARKS.matcher(Normalizer.normalize(title.value(), Normalizer.Form.NFKD)).replaceAll("");
        String spelled = decomposed.toLowerCase(Locale.ROOT)
                .replace("ß", "ss").replace("æ", "ae").replace("œ", "oe").replace("ø", "o")
                .replace("đ", "d").replace("ł", "l").replace("þ", "th").replace("ð", "d").replace("ı", "i");
        String slug = trimHyphens(SEPARATORS.matcher(spelled).replaceAll("-"));
        if (slug.length() > MAX_BASE_LENGTH) {
            slug = slug.substring(0, MAX_BASE_LENGTH);
            int hyphen = slug.lastIndexOf('-');
            if (hyphen >= MAX_BASE_LENGTH / 2) {
                slug = slug.substring(0, hyphen);
            }
            slug = trimHyphens(slug);
        }
        return new Slug(slug.isEmpty() ? "article-" + post.value().toLowerCase(Locale.ROOT) : slug);
    }

    /** The {@code n}th article of this slug's title: {@code <slug>-<n>}, for n of 2 and above. */
    public Slug withSuffix(int n) {
        if (n < 2) {
            throw new IllegalArgumentException("suffixes start at 2");
        }
        return new Slug(value + "-" + n);
    }

    /** Whether {@code other} is this slug or one of its suffixed forms ({@code <slug>-<n>}). */
    public boolean isBaseOf(Slug other) {
        if (other.value.equals(value)) {
            return true;
        }
        String rest = other.value.startsWith(value + "-") ? other.value.substring(value.length() + 1) : "";
        return !rest.isEmpty() && rest.length() <= 6 && rest.chars().allMatch(c -> c >= '0' && c <= '9') && rest.charAt(0) != '0';
    }

    private static String trimHyphens(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && s.charAt(start) == '-') {
            start++;
        }
        while (end > start && s.charAt(end - 1) == '-') {
            end--;
        }
        return s.substring(start, end);
    }
}

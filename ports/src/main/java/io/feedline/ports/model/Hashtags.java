package io.feedline.ports.model;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the {@code #hashtags} of a text, once, at publish (as {@link Mentions} finds handles). A
 * hashtag is {@code #} and a run of Unicode letters, combining marks, digits and {@code _} that
 * stands on its own: the {@code #} does not follow a letter, mark, digit, {@code _}, {@code #} or
 * {@code &} (so {@code C#}, {@code a#b} and an HTML entity like {@code &#39;} hold none), and the run
 * is the whole word. A run of digits only ({@code #1}) is no tag, nor a run longer than
 * {@link Tag#MAX_LENGTH} once normalised. Names are normalised ({@link Tag#normalise}), so {@code #Java} and
 * {@code #java} in one text are one tag.
 */
public final class Hashtags {
    /** At most this many distinct tags of a text are kept; the rest stay plain text. */
    public static final int MAX_PER_POST = 10;

    private static final Pattern HASHTAG = Pattern.compile(
            "(?<![\\p{L}\\p{M}\\p{Nd}_#&])#([\\p{L}\\p{M}\\p{Nd}_]+)");

    private Hashtags() {}

    /** The distinct tags in order of first appearance, normalised, at most {@link #MAX_PER_POST}. */
    public static List<Tag> in(PostText text) {
        return in(text.value());
    }

    /** As {@link #in(PostText)} for any text (a title, a search query). */
    public static List<Tag> in(String text) {
        Set<Tag> found = new LinkedHashSet<>();
        Matcher matcher = HASHTAG.matcher(text);
        while (matcher.find() && found.size() < MAX_PER_POST) {
            String name = Tag.normalise(matcher.group(1));
            // A letter's compatibility form may hold a space or punctuation (U+FDFA): then it is no tag.
            if (Tag.isName(name)) {
                found.add(new Tag(name));
            }
        }
        return List.copyOf(found);
    }
}

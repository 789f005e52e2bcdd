package io.feedline.ports.model;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the {@code @username} handles in a text, once, at publish. A handle follows the
 * {@link Username} rules (3-30 of a-z, 0-9 and _, any case) and stands on its own: the {@code @}
 * does not follow a letter, digit, {@code _} or another {@code @} (so an email address is no
 * mention), and no such character follows the name (a 31-character run is no handle).
 */
public final class Mentions {
    /** At most this many distinct handles of a text are resolved; the rest stay plain text. */
    public static final int MAX_PER_POST = 20;

    private static final Pattern HANDLE = Pattern.compile("(?<![A-Za-z0-9_@])@([A-Za-z0-9_]{3,30})(?![A-Za-z0-9_@])");

    private Mentions() {}

    /** The distinct handles in order of first appearance, lower case, at most {@link #MAX_PER_POST}. */
    public static List<Username> in(PostText text) {
        Set<Username> found = new LinkedHashSet<>();
        Matcher matcher = HANDLE.matcher(text.value());
        while (matcher.find() && found.size() < MAX_PER_POST) {
            found.add(Username.of(matcher.group(1).toLowerCase(Locale.ROOT)));
        }
        return List.copyOf(found);
    }
}

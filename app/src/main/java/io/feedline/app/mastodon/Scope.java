package io.feedline.app.mastodon;

import io.javalin.security.RouteRole;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The OAuth scope a route needs, as Mastodon names it. A granted top-level scope covers its
 * granular ones ({@code read} covers {@code read:accounts}); the legacy {@code follow} scope covers
 * the follow-graph ones ({@code :follows}, {@code :mutes}, {@code :blocks}), as in Mastodon. {@link #PUBLIC} routes need no token at all.
 */
enum Scope implements RouteRole {
    PUBLIC(""),
    ANY_TOKEN(""),
    READ_ACCOUNTS("read:accounts"),
    READ_STATUSES("read:statuses"),
    READ_FOLLOWS("read:follows"),
    READ_FAVOURITES("read:favourites"),
    READ_NOTIFICATIONS("read:notifications"),
    READ_MUTES("read:mutes"),
    READ_BLOCKS("read:blocks"),
    READ_SEARCH("read:search"),
    /** {@code write:accounts} held by an app's own token, no user's: a client signing a person up. */
    SIGN_UP("write:accounts"),
    /** {@code write:accounts} held for a user: a profile edit. */
    WRITE_ACCOUNTS("write:accounts"),
    WRITE_STATUSES("write:statuses"),
    WRITE_MEDIA("write:media"),
    WRITE_FOLLOWS("write:follows"),
    WRITE_MUTES("write:mutes"),
    WRITE_BLOCKS("write:blocks"),
    WRITE_FAVOURITES("write:favourites"),
    WRITE_NOTIFICATIONS("write:notifications");

    /** The scopes a client may ask for; anything else is refused as {@code invalid_scope}. */
    static final Set<String> GRANTABLE = Set.of(
            "read", "write", "follow", "push", "profile",
            "read:accounts", "read:statuses", "read:follows", "read:favourites", "read:notifications",
            "read:mutes", "read:blocks", "read:search",
            "write:accounts", "write:statuses", "write:media", "write:follows", "write:favourites", "write:notifications", "write:mutes", "write:blocks");

    private final String name;

    Scope(String name) {
        this.name = name;
    }

    /** Whether the route needs a user's token; an app's own token (client credentials) is not enough. */
    boolean needsUser() {
        return this != ANY_TOKEN && this != SIGN_UP;
    }

    /** Whether a token granted {@code granted} may call a route that needs this scope. */
    boolean grantedBy(Set<String> granted) {
        if (name.isEmpty()) {
            return true;
        }
        String top = name.substring(0, name.indexOf(':'));
        boolean legacyFollow = (name.endsWith(":follows") || name.endsWith(":mutes") || name.endsWith(":blocks"))
                && granted.contains("follow");
        return granted.contains(name) || granted.contains(top) || legacyFollow;
    }

    /** A space-separated scope string, checked; blank means {@code fallback}, as Mastodon defaults to read. */
    static Set<String> parse(String raw, String fallback) {
        String text = raw == null || raw.isBlank() ? fallback : raw;
        Set<String> scopes = Arrays.stream(text.strip().split("[\\s+]+"))
                .map(s -> s.toLowerCase(Locale.ROOT))
                .collect(Collectors.toCollection(LinkedHashSet::new));
        for (String scope : scopes) {
            if (!GRANTABLE.contains(scope)) {
                throw MastodonError.oauth(400, "invalid_scope", "the requested scope '" + scope + "' is unknown");
            }
        }
        return scopes;
    }

    static String join(Set<String> scopes) {
        return String.join(" ", scopes);
    }
}

package io.feedline.app.mastodon;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Which redirect URIs an app may register, and a browser be sent to with a code: the out-of-band
 * one, or an absolute URI (a web address or an app's own scheme, as Mastodon allows), never one a
 * browser would run or read locally. The scheme is read as a browser reads it, after stripping the
 * leading and trailing controls and spaces and removing tabs and line breaks, so no spelling of
 * {@code javascript:} gets through.
 */
final class RedirectUris {
    private static final Set<String> REFUSED_SCHEMES = Set.of("javascript", "data", "file", "vbscript");

    private RedirectUris() {}

    /** Why {@code uri} may not be a redirect URI (the words after "Validation failed: "), or empty when it may. */
    static Optional<String> refusal(String uri) {
        if (uri.equals(AuthorizePage.OUT_OF_BAND)) {
            return Optional.empty();
        }
        String browsed = asBrowserReads(uri);
        int colon = browsed.indexOf(':');
        String scheme = colon < 0 ? "" : browsed.substring(0, colon).toLowerCase(Locale.ROOT);
        if (REFUSED_SCHEMES.contains(scheme)) {
            return Optional.of("redirect_uris must not use the " + scheme + ": scheme");
        }
        if (uri.chars().anyMatch(c -> c <= ' ' || c == 0x7f)) {
            return Optional.of("redirect_uris must not contain spaces or control characters");
        }
        try {
            if (new URI(uri).getScheme() == null) {
                return Optional.of("redirect_uris must be absolute URIs");
            }
        } catch (URISyntaxException e) {
            return Optional.of("redirect_uris must be absolute URIs");
        }
        return Optional.empty();
    }

    static boolean allowed(String uri) {
        return refusal(uri).isEmpty();
    }

    /** The WHATWG URL parser's first steps: C0 controls and spaces trimmed, tabs and line breaks removed. */
    private static String asBrowserReads(String uri) {
        int start = 0;
        int end = uri.length();
        while (start < end && uri.charAt(start) <= ' ') {
            start++;
        }
        while (end > start && uri.charAt(end - 1) <= ' ') {
            end--;
        }
        return uri.substring(start, end).replaceAll("[\\t\\n\\r]", "");
    }
}

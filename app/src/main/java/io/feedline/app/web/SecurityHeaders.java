package io.feedline.app.web;

import io.javalin.http.Context;
import java.util.Set;

/**
 * Headers set before any handler runs, so an error answer carries them too: {@code nosniff} on
 * everything (a JSON body is never run as script), and {@code no-store} on whatever a shared cache
 * must not keep: answers to a signed-in request (a bearer header, or the {@code access_token}
 * parameter Mastodon's clients may send instead) and the routes that take or hand out credentials.
 * Each API names its credential routes; the rule is the same for both.
 */
public final class SecurityHeaders {
    private final Set<String> credentialRoutes;

    /** @param credentialRoutes {@code "METHOD /path"} of each route that takes or hands out credentials */
    public SecurityHeaders(Set<String> credentialRoutes) {
        this.credentialRoutes = Set.copyOf(credentialRoutes);
    }

    public void apply(Context ctx) {
        ctx.header("X-Content-Type-Options", "nosniff");
        if (ctx.header("Authorization") != null || ctx.queryParam("access_token") != null
                || credentialRoutes.contains(ctx.method().name() + " " + ctx.path())) {
            ctx.header("Cache-Control", "no-store");
        }
    }
}

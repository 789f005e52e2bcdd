package io.feedline.app.http;

import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import java.util.Set;

/**
 * Headers set before any handler runs, so an error answer carries them too: {@code nosniff} on
 * everything (a JSON body is never run as script), and {@code no-store} on whatever a shared cache
 * must not keep: answers to a signed-in request and the routes that take or hand out credentials.
 */
final class SecurityHeaders {
    private static final Set<String> CREDENTIAL_ROUTES = Set.of("POST /users", "POST /sessions", "DELETE /sessions/current");

    private SecurityHeaders() {}

    static void apply(Context ctx) {
        ctx.header("X-Content-Type-Options", "nosniff");
        if (ctx.header("Authorization") != null || isCredentialRoute(ctx.method(), ctx.path())) {
            ctx.header("Cache-Control", "no-store");
        }
    }

    private static boolean isCredentialRoute(HandlerType method, String path) {
        return CREDENTIAL_ROUTES.contains(method.name() + " " + path);
    }
}

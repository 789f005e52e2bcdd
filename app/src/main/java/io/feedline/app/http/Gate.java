package io.feedline.app.http;

import io.javalin.http.Context;
import io.javalin.security.RouteRole;
import java.util.Locale;
import java.util.Set;

/**
 * Runs before every matched route: reads the bearer token, enforces the route's {@link Access} and
 * charges the caller's rate limit. A bad token is refused even on open routes, since the client
 * clearly meant to sign in.
 */
final class Gate {
    private static final String BEARER = "bearer ";

    private final BearerTokens tokens;
    private final RateLimits rateLimits;

    Gate(BearerTokens tokens, RateLimits rateLimits) {
        this.tokens = tokens;
        this.rateLimits = rateLimits;
    }

    void check(Context ctx) {
        Set<RouteRole> roles = ctx.routeRoles();
        if (roles.isEmpty() || roles.contains(Access.OPERATIONS)) {
            return;
        }
        Caller caller;
        try {
            caller = authenticate(ctx.header("Authorization"));
        } catch (HttpProblem refused) {
            rateLimits.acquire("ip:" + ctx.ip());
            throw refused;
        }
        caller.attachTo(ctx);
        rateLimits.acquire(caller.user().map(id -> "user:" + id.value()).orElseGet(() -> "ip:" + ctx.ip()));
        if (roles.contains(Access.SIGNED_IN)) {
            caller.required();
        }
    }

    private Caller authenticate(String authorization) {
        if (authorization == null) {
            return Caller.ANONYMOUS;
        }
        if (authorization.length() <= BEARER.length()
                || !authorization.substring(0, BEARER.length()).toLowerCase(Locale.ROOT).equals(BEARER)) {
            throw HttpProblem.unauthorized("the Authorization header must be 'Bearer <token>'", "invalid_request");
        }
        return new Caller(java.util.Optional.of(tokens.verify(authorization.substring(BEARER.length()).strip())));
    }
}

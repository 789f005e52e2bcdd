package io.feedline.app.http;

import io.javalin.http.Context;
import io.javalin.security.RouteRole;
import java.util.Locale;
import java.util.Set;

/**
 * Runs before every matched route: reads the bearer token, enforces the route's {@link Access} and
 * charges the caller's rate limit (and, on the routes that hash a password, the address's credential
 * limit). A bad token is refused even on open routes, since the client
 * clearly meant to sign in.
 */
final class RouteGuard {
    private static final String BEARER = "bearer ";

    private static final Set<String> CREDENTIAL_ROUTES = Set.of("POST /users", "POST /sessions", "POST /users/me/password");

    private final BearerTokens tokens;
    private final ClientAddresses addresses;
    private final RateLimits rateLimits;
    private final RateLimits credentialLimits;

    RouteGuard(BearerTokens tokens, ClientAddresses addresses, RateLimits rateLimits, RateLimits credentialLimits) {
        this.tokens = tokens;
        this.addresses = addresses;
        this.rateLimits = rateLimits;
        this.credentialLimits = credentialLimits;
    }

    void check(Context ctx) {
        Set<RouteRole> roles = ctx.routeRoles();
        if (roles.isEmpty() || roles.contains(Access.OPERATIONS)) {
            return;
        }
        // The client's address is read only where it keys a limit: a signed-in caller's page needs none.
        Caller caller;
        try {
            caller = authenticate(ctx.header("Authorization"));
        } catch (HttpProblem refused) {
            rateLimits.acquire(addresses.key(ctx));
            throw refused;
        }
        caller.attachTo(ctx);
        boolean credentialRoute = CREDENTIAL_ROUTES.contains(ctx.method().name() + " " + ctx.path());
        String address = caller.user().isEmpty() || credentialRoute ? addresses.key(ctx) : null;
        rateLimits.acquire(caller.user().map(id -> "user:" + id.value()).orElse(address));
        if (credentialRoute) {
            // Each of these runs a password hash: a small bucket of their own, per address.
            credentialLimits.acquire(address);
        }
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
        return Caller.of(tokens.verify(authorization.substring(BEARER.length()).strip()));
    }
}

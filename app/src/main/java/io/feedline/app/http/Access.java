package io.feedline.app.http;

import io.javalin.security.RouteRole;

/** Who may call a route. {@link Routes} gives every route exactly one. */
enum Access implements RouteRole {
    /** Anyone, signed in or not; rate-limited per user, or per address when anonymous. */
    ANYONE,
    /** A valid bearer token is required; the route acts as the token's user only. */
    SIGNED_IN,
    /** Probes, metrics and documentation: open and not rate-limited, so monitoring never starves. */
    OPERATIONS
}

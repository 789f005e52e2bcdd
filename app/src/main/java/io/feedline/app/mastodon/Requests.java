package io.feedline.app.mastodon;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.feedline.app.web.MediaLinks;
import io.feedline.ports.in.Authenticate;
import io.feedline.ports.in.ReadPost;
import io.feedline.ports.in.ReadProfile;
import io.feedline.ports.model.LoginName;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.javalin.http.Context;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * What a handler reads from a request besides its path: the parameters, and the grant of its
 * access token, which {@link MastodonApi}'s gate checked against the route's {@link Scope} first.
 */
final class Requests {
    private static final String GRANT = "feedline.mastodon.grant";
    private static final String BEARER = "bearer ";

    private final MastodonTokens tokens;
    private final ObjectMapper mapper;
    private final long maxBodyBytes;
    private final Authenticate authenticate;
    private final ReadProfile readProfile;
    private final Authors authors;
    private final Limits limits;
    private final MediaLinks links;

    Requests(MastodonTokens tokens, ObjectMapper mapper, long maxBodyBytes, Authenticate authenticate,
            ReadProfile readProfile, ReadPost readPost, Limits limits, MediaLinks links) {
        this.links = links;
        this.tokens = tokens;
        this.mapper = mapper;
        this.maxBodyBytes = maxBodyBytes;
        this.authenticate = authenticate;
        this.readProfile = readProfile;
        this.authors = new Authors(readProfile, readPost, mapper, System::nanoTime);
        this.limits = limits;
    }

    /** Entities for this request, with URLs on the host the client called. */
    Render render(Context ctx) {
        return new Render(readProfile, authors, links, ctx);
    }

    /** Entities with URLs under {@code base}, for a stream that outlives its request. */
    Render render(String base) {
        return new Render(readProfile, authors, links, base);
    }

    Params params(Context ctx) {
        return Params.of(ctx, mapper, maxBodyBytes);
    }

    /**
     * Runs before every route: reads the token, if any, spends one request of the caller's rate
     * limit (the user's with a user's token, else the client address's; a refused token spends the
     * address's), and enforces the route's scope.
     */
    void gate(Context ctx) {
        Scope scope = ctx.routeRoles().stream()
                .filter(Scope.class::isInstance).map(Scope.class::cast)
                .findFirst().orElse(Scope.PUBLIC);
        Optional<MastodonTokens.Grant> grant;
        try {
            grant = token(ctx).map(tokens::verify);
        } catch (MastodonError refused) {
            spend(limits.takeRequest(clientKey(ctx)));
            throw refused;
        }
        spend(limits.takeRequest(grant.flatMap(MastodonTokens.Grant::user).map(id -> "user:" + id.value())
                .orElseGet(() -> clientKey(ctx))));
        grant.ifPresent(g -> ctx.attribute(GRANT, g));
        if (scope == Scope.PUBLIC) {
            return;
        }
        MastodonTokens.Grant held = grant.orElseThrow(() -> MastodonError.unauthorized("The access token is invalid"));
        if (!scope.grantedBy(held.scopes())) {
            throw MastodonError.of(403, "This action is outside the authorized scopes");
        }
        if (scope.needsUser() && held.user().isEmpty()) {
            throw MastodonError.of(422, "This method requires an authenticated user");
        }
    }

    /** The session stamp a new token of {@code user} carries; NotFound if the account is gone. */
    io.feedline.ports.model.SessionStamp sessionStamp(io.feedline.ports.model.UserId user) {
        return authenticate.sessionStamp(user)
                .orElseThrow(() -> new io.feedline.ports.model.FeedlineException.NotFound("user", "no such user"));
    }

    /**
     * Signs {@code username} in with {@code password} for a request that runs a password hash: the
     * client address's credentials limit first, then the username's wrong-password limit, which a
     * wrong password is charged to, as on the native {@code POST /sessions}.
     *
     * @throws io.feedline.ports.model.FeedlineException.InvalidCredentials for a wrong password
     */
    io.feedline.ports.model.SignedIn signIn(Context ctx, LoginName login, io.feedline.ports.model.Password password) {
        spend(limits.takeCredentials(clientKey(ctx)));
        spend(limits.loginAllowed(login.value()));
        try {
            return authenticate.authenticate(login, password);
        } catch (io.feedline.ports.model.FeedlineException.InvalidCredentials wrong) {
            limits.loginFailed(login.value());
            throw wrong;
        }
    }

    /** Spends one of the client address's credentials budget (a password hash will run); 429 when spent. */
    void spendCredentials(Context ctx) {
        spend(limits.takeCredentials(clientKey(ctx)));
    }

    private String clientKey(Context ctx) {
        return limits.clientKey(ctx.req().getRemoteAddr(), name -> java.util.Collections.list(ctx.req().getHeaders(name)));
    }

    /** A 429 with Mastodon's body and {@code Retry-After} unless {@code wait} is zero. */
    private static void spend(java.time.Duration wait) {
        if (!wait.isZero()) {
            throw MastodonError.retryAfter(429, "Too many requests", wait);
        }
    }

    /**
     * The request's access token: the {@code Authorization} bearer, else the {@code access_token}
     * parameter (what a browser's EventSource can send), else the WebSocket subprotocol (what
     * Mastodon's streaming clients send, and the upgrade answers with).
     */
    static Optional<String> token(Context ctx) {
        return token(ctx::header, ctx::queryParam);
    }

    /** {@link #token(Context)} over any request's headers and query parameters (a WebSocket's too). */
    static Optional<String> token(UnaryOperator<String> header, UnaryOperator<String> query) {
        Optional<String> bearer = bearer(header.apply("Authorization"));
        if (bearer.isPresent()) {
            return bearer;
        }
        String parameter = query.apply("access_token");
        if (parameter != null && !parameter.isBlank()) {
            return Optional.of(parameter.strip());
        }
        String protocol = header.apply("Sec-WebSocket-Protocol");
        if (protocol != null && !protocol.isBlank()) {
            return Optional.of(protocol.split(",")[0].strip());
        }
        return Optional.empty();
    }

    private static Optional<String> bearer(String authorization) {
        if (authorization == null) {
            return Optional.empty();
        }
        if (authorization.length() <= BEARER.length()
                || !authorization.substring(0, BEARER.length()).toLowerCase(Locale.ROOT).equals(BEARER)) {
            throw MastodonError.unauthorized("The access token is invalid");
        }
        return Optional.of(authorization.substring(BEARER.length()).strip());
    }

    MastodonTokens.Grant grant(Context ctx) {
        MastodonTokens.Grant grant = ctx.attribute(GRANT);
        if (grant == null) {
            throw MastodonError.unauthorized("The access token is invalid");
        }
        return grant;
    }

    Optional<MastodonTokens.Grant> optionalGrant(Context ctx) {
        return Optional.ofNullable(ctx.attribute(GRANT));
    }

    UserId user(Context ctx) {
        return grant(ctx).user().orElseThrow(() -> MastodonError.of(422, "This method requires an authenticated user"));
    }

    /** The signed-in user, when the request carries a user's token (public routes read it for the caller's filters). */
    Optional<UserId> optionalUser(Context ctx) {
        return optionalGrant(ctx).flatMap(MastodonTokens.Grant::user);
    }

    Username username(Context ctx) {
        return grant(ctx).username().orElseThrow(() -> MastodonError.of(422, "This method requires an authenticated user"));
    }

    /** An account id in a path: Feedline's account ids are usernames; anything else is not found. */
    static Username accountId(String raw) {
        try {
            return Username.of(raw);
        } catch (RuntimeException e) {
            throw MastodonError.notFound();
        }
    }

    static io.feedline.ports.model.PostId statusId(String raw) {
        try {
            return io.feedline.ports.model.PostId.of(raw);
        } catch (RuntimeException e) {
            throw MastodonError.notFound();
        }
    }
}

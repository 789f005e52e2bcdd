package io.feedline.app.http;

import io.feedline.ports.model.UserId;
import io.javalin.http.Context;
import java.util.Optional;

/** Who is calling: the verified subject of the bearer token (and the token), or nobody. */
record Caller(Optional<UserId> user, Optional<BearerTokens.Verified> token) {
    private static final String ATTRIBUTE = "feedline.caller";
    static final Caller ANONYMOUS = new Caller(Optional.empty(), Optional.empty());

    static Caller of(BearerTokens.Verified token) {
        return new Caller(Optional.of(token.user()), Optional.of(token));
    }

    static Caller of(Context ctx) {
        Caller caller = ctx.attribute(ATTRIBUTE);
        return caller == null ? ANONYMOUS : caller;
    }

    void attachTo(Context ctx) {
        ctx.attribute(ATTRIBUTE, this);
    }

    /** The signed-in user; a 401 when there is none. */
    UserId required() {
        return user.orElseThrow(() -> HttpProblem.unauthorized("a bearer token is required", null));
    }

    /** The name a cursor is bound to. */
    String scopeName() {
        return user.map(UserId::value).orElse("anonymous");
    }
}

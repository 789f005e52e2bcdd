package io.feedline.app.web;

import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.router.Endpoint;
import io.javalin.security.RouteRole;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The bulkhead of the expensive reads made without a user's token (search, explore, tag pages,
 * public timelines): one per process, shared by both APIs, so neither a flood of anonymous
 * callers on one API nor on both can take more than its bound of the cores. A caller signed in as
 * a user never enters it: the routes they read stay within their own rate limit and keep their
 * latency while anonymous callers are shed with a 503 and {@code Retry-After}.
 */
public final class AnonymousReads {
    /** The mark a route carries beside its access role when an anonymous call of it is expensive. */
    public enum Cost implements RouteRole {
        EXPENSIVE
    }

    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    private final Admission admission;

    public AnonymousReads(Admission.Bounds bounds) {
        this.admission = new Admission(bounds);
    }

    /**
     * Javalin's handler wrapper around {@code handler}, the endpoint's handler as the API wraps it
     * otherwise: an anonymous request of a route marked {@link Cost#EXPENSIVE} runs only once
     * admitted, and is refused with {@code shed}'s exception when it is not.
     *
     * @param anonymous whether the request carries no user (the API's gate has run)
     */
    public Handler wrap(Endpoint endpoint, Handler handler, Predicate<Context> anonymous, Function<Duration, ? extends Exception> shed) {
        Objects.requireNonNull(handler, "handler");
        if (!endpoint.method.isHttpMethod()) {
            return handler;
        }
        return ctx -> {
            if (!ctx.routeRoles().contains(Cost.EXPENSIVE) || !anonymous.test(ctx)) {
                handler.handle(ctx);
                return;
            }
            if (!admission.enter()) {
                throw shed.apply(RETRY_AFTER);
            }
            try {
                handler.handle(ctx);
            } finally {
                admission.leave();
            }
        };
    }

    /** Anonymous expensive reads waiting for a slot now. */
    public int waiting() {
        return admission.waiting();
    }

    /** Anonymous expensive reads running now. */
    public int inFlight() {
        return admission.inFlight();
    }
}

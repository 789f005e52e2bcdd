package io.feedline.app.http;

import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.router.Endpoint;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;

/**
 * Request latency per route template ({@code /users/{username}}, never the raw path, so the number
 * of series stays fixed whatever clients send).
 */
final class RouteMetrics {
    static final String TIMER = "http.server.requests";

    private final MeterRegistry registry;

    RouteMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    void record(Context ctx, Float executionMillis) {
        Timer.builder(TIMER)
                .description("HTTP request latency by route template")
                .tag("method", method(ctx.method()))
                .tag("route", route(ctx))
                .tag("status", Integer.toString(ctx.statusCode()))
                .publishPercentileHistogram()
                .register(registry)
                .record(Duration.ofNanos((long) (executionMillis * 1_000_000L)));
    }

    private static String route(Context ctx) {
        Endpoint matched = ctx.endpoints().matchedHttpEndpoint();
        if (matched != null) {
            return matched.path;
        }
        // No endpoint: a static file when it was served, else an unknown route (404) or method (405).
        return ctx.statusCode() < 400 ? "static" : "unmatched";
    }

    private static String method(HandlerType method) {
        return HandlerType.commonHttp().contains(method) ? method.name() : "OTHER";
    }
}

package io.feedline.app.http;

import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.router.Endpoint;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Request latency per route template ({@code /users/{username}}, never the raw path, so the number
 * of series stays fixed whatever clients send).
 *
 * <p>Each series' timer is kept once registered: building and registering it on every request (its
 * id's tags sorted, the registry's map asked) was about 2% of a feed page's CPU. The series are
 * bounded by the routes, the methods and the statuses, so the map is too.
 */
final class RouteMetrics {
    static final String TIMER = "http.server.requests";

    private final MeterRegistry registry;
    private final Map<Series, Timer> timers = new ConcurrentHashMap<>();

    /** One series: its method, route template and status. */
    private record Series(String method, String route, int status) {}

    RouteMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    void record(Context ctx, Float executionMillis) {
        Series series = new Series(method(ctx.method()), route(ctx), ctx.statusCode());
        Timer timer = timers.get(series);
        if (timer == null) {
            timer = timers.computeIfAbsent(series, this::register);
        }
        timer.record((long) (executionMillis * 1_000_000L), TimeUnit.NANOSECONDS);
    }

    private Timer register(Series series) {
        return Timer.builder(TIMER)
                .description("HTTP request latency by route template")
                .tag("method", series.method())
                .tag("route", series.route())
                .tag("status", Integer.toString(series.status()))
                .publishPercentileHistogram()
                .register(registry);
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

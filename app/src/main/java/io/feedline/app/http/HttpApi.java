package io.feedline.app.http;

import io.feedline.ports.in.UseCases;
import io.javalin.Javalin;
import io.javalin.http.HttpResponseException;
import io.javalin.json.JavalinJackson;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The HTTP API (DESIGN §5) over the core's use cases. Built unstarted, so tests and the CLI choose
 * when, and on which port (0 for any free one), it listens.
 */
public final class HttpApi implements AutoCloseable {
    private final Javalin javalin;
    private final Settings settings;

    /**
     * @param maxRequestBytes the largest body accepted; larger ones get a 413
     * @param rateLimitRequests requests a caller may make per {@code rateLimitPeriod} before a 429
     * @param healthTimeout how long {@code /health} waits for each engine's ping
     */
    public record Settings(
            String host, int port, long maxRequestBytes, long rateLimitRequests, Duration rateLimitPeriod,
            Duration healthTimeout) {
        public Settings {
            Objects.requireNonNull(host, "host");
            Objects.requireNonNull(rateLimitPeriod, "rateLimitPeriod");
            Objects.requireNonNull(healthTimeout, "healthTimeout");
            if (port < 0 || port > 65_535) {
                throw new IllegalArgumentException("http.port must be 0-65535");
            }
            if (maxRequestBytes < 1024) {
                throw new IllegalArgumentException("http.max-request-size must be at least 1 KiB");
            }
        }
    }

    private HttpApi(Javalin javalin, Settings settings) {
        this.javalin = javalin;
        this.settings = settings;
    }

    public static HttpApi create(
            Settings settings,
            UseCases useCases,
            BearerTokens tokens,
            Cursors cursors,
            List<EngineProbe> probes,
            PrometheusMeterRegistry registry) {
        return create(settings, useCases, tokens, cursors, probes, List.of(), registry);
    }

    /** As above, with checks that turn {@code /health} DEGRADED (still 200) while one of them says so. */
    public static HttpApi create(
            Settings settings,
            UseCases useCases,
            BearerTokens tokens,
            Cursors cursors,
            List<EngineProbe> probes,
            List<DegradationCheck> degradations,
            PrometheusMeterRegistry registry) {
        Json json = new Json(settings.maxRequestBytes());
        Paging paging = new Paging(cursors);
        ProblemMapper problems = new ProblemMapper(json.mapper());
        Gate gate = new Gate(tokens, new RateLimits(settings.rateLimitRequests(), settings.rateLimitPeriod()));
        RouteMetrics metrics = new RouteMetrics(registry);
        AccountResource accounts = new AccountResource(useCases, tokens, json);
        PostResource posts = new PostResource(useCases, json, paging);
        GraphResource graph = new GraphResource(useCases, paging);
        FeedResource feed = new FeedResource(useCases, paging);
        OperationsResource operations = new OperationsResource(probes, degradations, settings.healthTimeout(), registry);

        Javalin javalin = Javalin.create(config -> {
            config.concurrency.useVirtualThreads = true;
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.http.maxRequestSize = settings.maxRequestBytes();
            config.http.prefer405over404 = true;
            config.jsonMapper(new JavalinJackson(json.mapper(), true));
            config.staticFiles.enableWebjars();
            config.jetty.modifyServer(server -> server.setErrorHandler(new JettyErrors()));
            config.requestLogger.http(metrics::record);
            config.routes.beforeMatched(gate::check);
            Routes.register(config.routes, accounts, posts, graph, feed, operations);
            config.routes.exception(HttpResponseException.class, problems::handle);
            config.routes.exception(Exception.class, problems::handle);
        });
        return new HttpApi(javalin, settings);
    }

    /** Listens on the configured host and port; returns once the server accepts connections. */
    public HttpApi start() {
        javalin.start(settings.host(), settings.port());
        return this;
    }

    /** The port listened on: the configured one, or the one picked when 0 was configured. */
    public int port() {
        return javalin.port();
    }

    @Override
    public void close() {
        javalin.stop();
    }
}

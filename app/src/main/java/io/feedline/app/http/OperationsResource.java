package io.feedline.app.http;

import io.feedline.app.http.Representations.Health;
import io.javalin.http.Context;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Health, metrics and the API's own documentation. A {@code /health} result is answered again for
 * {@code healthCache} without probing, and while a probe runs every other request waits for its
 * result, so a flood of health checks costs each engine one ping, not a pool's worth of connections.
 */
final class OperationsResource {
    private static final Logger LOG = LoggerFactory.getLogger(OperationsResource.class);
    private static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

    private final List<EngineProbe> probes;
    private final List<DegradationCheck> degradations;
    private final Duration probeTimeout;
    private final long healthCacheNanos;
    private final Optional<byte[]> metricsToken;
    private final PrometheusMeterRegistry registry;
    private final Object healthLock = new Object();
    private Report lastReport;
    private long lastReportAt;
    private CompletableFuture<Report> probing;
    private final byte[] openApi;
    private final String docsPage;
    private final String docsPolicy;

    OperationsResource(List<EngineProbe> probes, Duration probeTimeout, PrometheusMeterRegistry registry) {
        this(probes, List.of(), probeTimeout, Duration.ofSeconds(1), Optional.empty(), registry);
    }

    OperationsResource(List<EngineProbe> probes, List<DegradationCheck> degradations, Duration probeTimeout,
            Duration healthCache, Optional<String> metricsToken, PrometheusMeterRegistry registry) {
        this.probes = List.copyOf(probes);
        this.degradations = List.copyOf(degradations);
        this.probeTimeout = probeTimeout;
        this.healthCacheNanos = healthCache.toNanos();
        this.metricsToken = metricsToken.map(t -> t.getBytes(StandardCharsets.UTF_8));
        this.registry = registry;
        this.openApi = resource("/openapi.yaml");
        this.docsPage = new String(resource("/docs.html"), StandardCharsets.UTF_8)
                .replace("{{swaggerUi}}", "/webjars/swagger-ui/" + swaggerUiVersion());
        this.docsPolicy = contentSecurityPolicy(docsPage);
    }

    private record Report(int status, Health health) {}

    void health(Context ctx) {
        Report report = report();
        ctx.status(report.status()).header("Cache-Control", "no-store").json(report.health());
    }

    /** The cached report while it is fresh; else the one probe in flight, started here if none is. */
    private Report report() {
        CompletableFuture<Report> pending;
        boolean mine = false;
        synchronized (healthLock) {
            if (lastReport != null && System.nanoTime() - lastReportAt < healthCacheNanos) {
                return lastReport;
            }
            if (probing == null) {
                probing = new CompletableFuture<>();
                mine = true;
            }
            pending = probing;
        }
        if (!mine) {
            return pending.join();
        }
        Report fresh;
        try {
            fresh = probe();
        } catch (RuntimeException e) {
            synchronized (healthLock) {
                probing = null;
            }
            pending.completeExceptionally(e);
            throw e;
        }
        synchronized (healthLock) {
            lastReport = fresh;
            lastReportAt = System.nanoTime();
            probing = null;
        }
        pending.complete(fresh);
        return fresh;
    }

    /**
     * Pings every engine at once; an engine of record that fails or does not answer in time makes the
     * whole a 503, a cache that does makes it DEGRADED.
     */
    private Report probe() {
        Map<String, Health.Component> components = new LinkedHashMap<>();
        boolean up = true;
        boolean cacheDown = false;
        // Not try-with-resources: closing would wait for a ping that hangs, which is what the deadline prevents.
        ExecutorService pings = Executors.newVirtualThreadPerTaskExecutor();
        try {
            List<Future<?>> running = new ArrayList<>();
            for (EngineProbe probe : probes) {
                running.add(pings.submit(probe.ping()));
            }
            long deadline = System.nanoTime() + probeTimeout.toNanos();
            for (int i = 0; i < probes.size(); i++) {
                EngineProbe probe = probes.get(i);
                Future<?> ping = running.get(i);
                try {
                    ping.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                    components.put(probe.component(), new Health.Component("UP", null));
                } catch (ExecutionException | TimeoutException e) {
                    LOG.warn("health probe {} failed", probe.component(), e instanceof ExecutionException ? e.getCause() : e);
                    String why = e instanceof TimeoutException ? "no answer within " + probeTimeout.toMillis() + " ms" : "unreachable";
                    if (probe.cache()) {
                        // Served from the engines of record meanwhile: slower, not broken.
                        cacheDown = true;
                        components.put(probe.component(), new Health.Component("DEGRADED",
                                why + "; a cache: reads go to the engines of record until it is back"));
                    } else {
                        up = false;
                        components.put(probe.component(), new Health.Component("DOWN", why));
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    up = false;
                    components.put(probe.component(), new Health.Component("DOWN", "interrupted"));
                }
            }
        } finally {
            pings.shutdownNow();
        }
        boolean degraded = up && (degraded(components) | cacheDown);
        return new Report(up ? 200 : 503, new Health(up ? (degraded ? "DEGRADED" : "UP") : "DOWN", components));
    }

    /** Adds each degraded check to {@code components}; true if any is. A check that fails counts as not degraded. */
    private boolean degraded(Map<String, Health.Component> components) {
        boolean any = false;
        for (DegradationCheck check : degradations) {
            Optional<String> because;
            try {
                because = check.degradedBecause().get();
            } catch (RuntimeException e) {
                LOG.warn("health check {} failed", check.component(), e);
                continue;
            }
            if (because.isPresent()) {
                components.put(check.component(), new Health.Component("DEGRADED", because.get()));
                any = true;
            }
        }
        return any;
    }

    /** Open unless a token is configured; then only a request that bears it (compared in constant time). */
    void metrics(Context ctx) {
        if (metricsToken.isPresent()) {
            String authorization = ctx.header("Authorization");
            byte[] given = authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)
                    ? authorization.substring(7).strip().getBytes(StandardCharsets.UTF_8)
                    : new byte[0];
            if (!java.security.MessageDigest.isEqual(given, metricsToken.get())) {
                throw HttpProblem.unauthorized("/metrics needs the configured metrics token", given.length == 0 ? null : "invalid_token");
            }
        }
        ctx.contentType(PROMETHEUS_TEXT).result(registry.scrape());
    }

    void openApi(Context ctx) {
        ctx.contentType("application/yaml").result(openApi);
    }

    void docs(Context ctx) {
        ctx.header("Content-Security-Policy", docsPolicy).html(docsPage);
    }

    /**
     * The docs page may run the Swagger UI bundle served from here and its one inline script, named
     * by its hash; nothing else, and no page may frame it. Swagger UI styles elements inline.
     */
    private static String contentSecurityPolicy(String page) {
        java.util.regex.Matcher inline = java.util.regex.Pattern.compile("<script>(.*?)</script>", java.util.regex.Pattern.DOTALL)
                .matcher(page);
        StringBuilder scripts = new StringBuilder("'self'");
        while (inline.find()) {
            byte[] digest;
            try {
                digest = java.security.MessageDigest.getInstance("SHA-256").digest(inline.group(1).getBytes(StandardCharsets.UTF_8));
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is required of every JDK", e);
            }
            scripts.append(" 'sha256-").append(java.util.Base64.getEncoder().encodeToString(digest)).append('\'');
        }
        return "default-src 'none'; script-src " + scripts + "; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                + "connect-src 'self'; font-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
    }

    private static byte[] resource(String name) {
        try (InputStream in = OperationsResource.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the classpath");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The webjar's own version, so an upgrade of the dependency needs no change here. */
    private static String swaggerUiVersion() {
        Properties properties = new Properties();
        try (InputStream in = OperationsResource.class.getResourceAsStream("/META-INF/maven/org.webjars/swagger-ui/pom.properties")) {
            if (in == null) {
                throw new IllegalStateException("the swagger-ui webjar is missing from the classpath");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties.getProperty("version");
    }
}

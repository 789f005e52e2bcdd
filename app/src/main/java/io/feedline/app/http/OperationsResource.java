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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Health, metrics and the API's own documentation. */
final class OperationsResource {
    private static final Logger LOG = LoggerFactory.getLogger(OperationsResource.class);
    private static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

    private final List<EngineProbe> probes;
    private final List<DegradationCheck> degradations;
    private final Duration probeTimeout;
    private final PrometheusMeterRegistry registry;
    private final byte[] openApi;
    private final String docsPage;

    OperationsResource(List<EngineProbe> probes, Duration probeTimeout, PrometheusMeterRegistry registry) {
        this(probes, List.of(), probeTimeout, registry);
    }

    OperationsResource(List<EngineProbe> probes, List<DegradationCheck> degradations, Duration probeTimeout,
            PrometheusMeterRegistry registry) {
        this.probes = List.copyOf(probes);
        this.degradations = List.copyOf(degradations);
        this.probeTimeout = probeTimeout;
        this.registry = registry;
        this.openApi = resource("/openapi.yaml");
        this.docsPage = new String(resource("/docs.html"), StandardCharsets.UTF_8)
                .replace("{{swaggerUi}}", "/webjars/swagger-ui/" + swaggerUiVersion());
    }

    /** Pings every engine at once; one that fails or does not answer in time makes the whole a 503. */
    void health(Context ctx) {
        Map<String, Health.Component> components = new LinkedHashMap<>();
        boolean up = true;
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
                    up = false;
                    LOG.warn("health probe {} failed", probe.component(), e instanceof ExecutionException ? e.getCause() : e);
                    components.put(probe.component(), new Health.Component("DOWN",
                            e instanceof TimeoutException ? "no answer within " + probeTimeout.toMillis() + " ms" : "unreachable"));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    up = false;
                    components.put(probe.component(), new Health.Component("DOWN", "interrupted"));
                }
            }
        } finally {
            pings.shutdownNow();
        }
        boolean degraded = up && degraded(components);
        ctx.status(up ? 200 : 503).header("Cache-Control", "no-store")
                .json(new Health(up ? (degraded ? "DEGRADED" : "UP") : "DOWN", components));
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

    void metrics(Context ctx) {
        ctx.contentType(PROMETHEUS_TEXT).result(registry.scrape());
    }

    void openApi(Context ctx) {
        ctx.contentType("application/yaml").result(openApi);
    }

    void docs(Context ctx) {
        ctx.html(docsPage);
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

package io.feedline.app.http;

import io.feedline.app.http.Representations.Health;
import io.javalin.http.Context;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Health, metrics and the API's own documentation. {@code /health} (liveness) and
 * {@code /health/ready} (readiness) answer from the last background probe ({@link HealthReports}):
 * neither waits on an engine, whatever the load or an engine's state.
 */
final class OperationsResource {
    private static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";
    private static final String PROBE = "probe";

    private final HealthReports reports;
    private final Optional<byte[]> metricsToken;
    private final PrometheusMeterRegistry registry;
    private final byte[] openApi;
    private final String docsPage;
    private final String docsPolicy;

    OperationsResource(HealthReports reports, Optional<String> metricsToken, PrometheusMeterRegistry registry) {
        this.reports = reports;
        this.metricsToken = metricsToken.map(t -> t.getBytes(StandardCharsets.UTF_8));
        this.registry = registry;
        this.openApi = resource("/openapi.yaml");
        this.docsPage = new String(resource("/docs.html"), StandardCharsets.UTF_8)
                .replace("{{swaggerUi}}", "/webjars/swagger-ui/" + swaggerUiVersion());
        this.docsPolicy = contentSecurityPolicy(docsPage);
    }

    /**
     * Liveness: the process answers, with the engines' state from the last probe (a 503 while an
     * engine of record is down, as documented). Before the first probe has finished, DEGRADED.
     */
    void health(Context ctx) {
        Optional<HealthReports.Report> last = reports.last();
        if (last.isEmpty()) {
            answer(ctx, 200, new Health("DEGRADED", Map.of(PROBE, new Health.Component("DEGRADED", "the engines have not been probed yet"))));
            return;
        }
        answer(ctx, last.get().status(), last.get().health());
    }

    /**
     * Readiness: 200 while the last probe found every engine of record answering; 503 while one is
     * down, before the first probe has finished, or once the last result is too old to vouch for.
     */
    void ready(Context ctx) {
        Optional<HealthReports.Report> last = reports.last();
        if (last.isEmpty()) {
            answer(ctx, 503, new Health("DOWN", Map.of(PROBE, new Health.Component("DOWN", "the engines have not been probed yet"))));
            return;
        }
        HealthReports.Report report = last.get();
        Duration age = Duration.ofNanos(System.nanoTime() - report.madeAtNanos());
        if (age.compareTo(reports.staleAfter()) > 0) {
            Map<String, Health.Component> components = new LinkedHashMap<>(report.health().components());
            components.put(PROBE, new Health.Component("DOWN", "no probe has finished for " + age.toSeconds() + " s"));
            answer(ctx, 503, new Health("DOWN", components));
            return;
        }
        answer(ctx, report.status(), report.health());
    }

    private static void answer(Context ctx, int status, Health health) {
        ctx.status(status).header("Cache-Control", "no-store").json(health);
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

package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.web.MediaFiles;
import io.javalin.Javalin;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The document and the router list the same routes, and the document is valid OpenAPI 3.0. */
class OpenApiDocumentTest {

    @Test
    void theDocumentIsValidOpenApi303() {
        SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(ApiClient.openApiDocument());

        assertThat(parsed.getMessages()).isEmpty();
        assertThat(parsed.getOpenAPI().getOpenapi()).isEqualTo("3.0.3");
    }

    @Test
    void everyRouteIsDocumentedAndEveryDocumentedOperationIsRouted() {
        Set<String> documented = new TreeSet<>();
        new OpenAPIV3Parser().readContents(ApiClient.openApiDocument()).getOpenAPI().getPaths().forEach((path, item) ->
                item.readOperationsMap().keySet().forEach(method -> documented.add(method.name() + " " + path)));

        Set<String> routed = new TreeSet<>();
        Javalin javalin = Javalin.create(config -> {
            Routes.register(
                config.routes,
                new AccountResource(null, null, null, null, null, null, null, null, null, null, null),
                new PostResource(null, null, null, null, null, null, null, null, null, null, null, null, null),
                new GraphResource(null, null, null, null, null, null),
                new FeedResource(null, null),
                new NotificationResource(null, null, null),
                new OperationsResource(new HealthReports(List.of(), List.of(), Duration.ofSeconds(1), Duration.ofSeconds(1)),
                        Optional.empty(), new PrometheusMeterRegistry(PrometheusConfig.DEFAULT)),
                new RelationResource(null, null),
                new SearchResource(null, null),
                new TagResource(null, null, null),
                new SubscriptionResource(null),
                new MediaResource(null, null, null));
            Routes.registerExplore(config.routes, new ExploreResource(null, null));
            Routes.registerMediaFiles(config.routes, new MediaFiles(null, () -> null));
        });
        javalin.unsafe.internalRouter.allHttpHandlers().forEach(handler ->
                routed.add(handler.endpoint.method.name().toUpperCase(Locale.ROOT) + " " + handler.endpoint.path));

        assertThat(routed).isEqualTo(documented);
    }
}

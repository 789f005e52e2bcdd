package io.feedline.app.mastodon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.fge.jsonschema.core.exceptions.ProcessingException;
import com.github.fge.jsonschema.core.report.LogLevel;
import com.github.fge.jsonschema.core.report.ProcessingReport;
import com.github.fge.jsonschema.main.JsonSchema;
import com.github.fge.jsonschema.main.JsonSchemaFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Mastodon's entities checked against the schemas of Mastodon's OpenAPI document (the copy the
 * masto.js tests validate against, {@code mastodon-tests/schema/schema.json}), by a JSON Schema
 * validator: the document is the root, so its {@code #/components/schemas/...} references resolve.
 */
final class MastodonSchema {
    private static final JsonNode DOCUMENT = read();

    private MastodonSchema() {}

    /** Asserts that {@code entity} is a valid {@code name} (say, {@code MediaAttachment} or {@code Status}). */
    static void assertValid(String name, JsonNode entity) {
        try {
            JsonSchema schema = JsonSchemaFactory.byDefault().getJsonSchema(DOCUMENT, "/components/schemas/" + name);
            ProcessingReport report = schema.validate(entity, true);
            List<String> errors = new ArrayList<>();
            report.forEach(message -> {
                if (message.getLogLevel().compareTo(LogLevel.ERROR) >= 0) {
                    errors.add(message.asJson().toString());
                }
            });
            assertThat(errors).as("%s against Mastodon's %s", entity, name).isEmpty();
        } catch (ProcessingException e) {
            throw new AssertionError("cannot validate against " + name, e);
        }
    }

    private static JsonNode read() {
        Path here = Path.of("").toAbsolutePath();
        Path document = here.resolveSibling("mastodon-tests").resolve("schema/schema.json");
        if (!Files.exists(document)) {
            document = here.resolve("mastodon-tests/schema/schema.json");
        }
        try {
            return MastodonHttp.JSON.readTree(document.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("Mastodon's schema at " + document, e);
        }
    }
}

package io.feedline.app.mastodon;

import java.io.IOException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.feedline.app.web.StrictUtf8;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jetty.http.HttpException;

/**
 * A request's parameters as Mastodon reads them: from the query, a form body or a JSON body alike
 * (clients use all three). Array parameters arrive as {@code name[]} in forms and queries, as JSON
 * arrays in JSON; a JSON object's fields are read as a form's {@code name[field]}.
 */
final class Params {
    private final Map<String, List<String>> values;

    private Params(Map<String, List<String>> values) {
        this.values = values;
    }

    static Params of(Context ctx, ObjectMapper mapper, long maxBodyBytes) {
        Map<String, List<String>> values = new LinkedHashMap<>(ctx.queryParamMap());
        String type = Optional.ofNullable(ctx.contentType()).orElse("");
        if (type.startsWith("application/json")) {
            if (ctx.contentLength() > maxBodyBytes) {
                throw MastodonError.of(413, "The request body is too large");
            }
            byte[] body = ctx.bodyAsBytes();
            if (!StrictUtf8.isValid(body)) {
                throw notUtf8();
            }
            if (body.length > 0) {
                values.putAll(json(body, mapper));
            }
        } else if (type.startsWith("application/x-www-form-urlencoded")) {
            if (!StrictUtf8.isValidForm(ctx.bodyAsBytes())) {
                throw notUtf8();
            }
            values.putAll(form(ctx));
        } else if (type.startsWith("multipart/form-data")) {
            values.putAll(form(ctx));
        }
        return new Params(values);
    }

    /** Refused rather than repaired, as the native API does ({@link StrictUtf8}). */
    private static MastodonError notUtf8() {
        return MastodonError.of(400, "The request body is not valid UTF-8");
    }

    /**
     * A form body's fields. One that cannot be read (a multipart body whose closing boundary never
     * comes, a part cut short) is the client's fault: Jetty throws it as a servlet exception, which
     * is answered as a 400, or a 413 where Jetty found the body too large.
     */
    private static Map<String, List<String>> form(Context ctx) {
        try {
            return ctx.formParamMap();
        } catch (HttpResponseException | MastodonError answered) {
            throw answered;
        } catch (Exception unreadable) {
            for (Throwable cause = unreadable; cause != null; cause = cause.getCause()) {
                if (cause instanceof HttpException http && http.getCode() == 413) {
                    throw MastodonError.of(413, "The request body is too large");
                }
            }
            throw MastodonError.of(400, "The request body is not a valid form");
        }
    }

    private static Map<String, List<String>> json(byte[] body, ObjectMapper mapper) {
        JsonNode root;
        try {
            root = mapper.readTree(body);
        } catch (IOException e) {
            throw MastodonError.of(400, "The request body is not valid JSON");
        }
        if (root == null || !root.isObject()) {
            throw MastodonError.of(400, "The request body must be a JSON object");
        }
        Map<String, List<String>> values = new LinkedHashMap<>();
        root.properties().forEach(entry -> flatten(entry.getKey(), entry.getValue(), values));
        return values;
    }

    /**
     * One JSON member as a form would send it, as Rails reads both: {@code {"notifications":
     * {"last_read_id": 1}}} is {@code notifications[last_read_id]}, and an array of objects is
     * numbered, so {@code {"fields_attributes": [{"name": "a"}]}} is {@code fields_attributes[0][name]}.
     * An array of values stays one list under its name ({@code media_ids}).
     */
    private static void flatten(String name, JsonNode node, Map<String, List<String>> values) {
        if (node.isObject()) {
            node.properties().forEach(inner -> flatten(name + "[" + inner.getKey() + "]", inner.getValue(), values));
        } else if (node.isArray() && node.size() > 0 && node.get(0).isContainerNode()) {
            for (int i = 0; i < node.size(); i++) {
                flatten(name + "[" + i + "]", node.get(i), values);
            }
        } else if (node.isArray()) {
            List<String> list = new ArrayList<>();
            node.forEach(item -> list.add(item.isValueNode() ? item.asText() : item.toString()));
            values.put(name, list);
        } else {
            // A null is sent but holds nothing, as an empty form field.
            values.put(name, node.isNull() ? List.of() : List.of(node.asText()));
        }
    }

    Optional<String> first(String name) {
        List<String> list = values.get(name);
        return list == null || list.isEmpty() ? Optional.empty() : Optional.of(list.getFirst());
    }

    /** {@code name[]} (forms, queries) or {@code name} (JSON arrays, single values). */
    List<String> list(String name) {
        List<String> bracketed = values.get(name + "[]");
        if (bracketed != null) {
            return bracketed;
        }
        return values.getOrDefault(name, List.of());
    }

    /** Whether {@code name} or any {@code name[...]} was sent. */
    boolean has(String name) {
        return values.keySet().stream().anyMatch(key -> key.equals(name) || key.startsWith(name + "["));
    }

    String required(String name) {
        return first(name).filter(s -> !s.isBlank())
                .orElseThrow(() -> MastodonError.validation(name + " can't be blank"));
    }
}

package io.feedline.app.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.feedline.app.web.StrictUtf8;
import io.javalin.http.Context;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * JSON in and out. Reading is strict: unknown members, wrong types and trailing garbage are refused
 * with a 400 that names the member, instead of being coerced or ignored ({@code "text": 5} is not a
 * post), and so are bytes that are not UTF-8 ({@link StrictUtf8}).
 */
final class Json {
    private final ObjectMapper mapper;
    private final long maxBodyBytes;

    Json(long maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
        this.mapper = newMapper();
    }

    static ObjectMapper newMapper() {
        ObjectMapper mapper = new ObjectMapper()
                .registerModule(new Jdk8Module())
                .registerModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .setSerializationInclusion(JsonInclude.Include.NON_NULL)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        mapper.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(32).build());
        // No scalar coercion into strings: a number or a boolean where text belongs is a client bug.
        mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        return mapper;
    }

    ObjectMapper mapper() {
        return mapper;
    }

    /** The body as {@code type}, after checking its media type and size. */
    <T> T read(Context ctx, Class<T> type) {
        requireJson(ctx.contentType());
        if (ctx.contentLength() > maxBodyBytes) {
            throw HttpProblem.contentTooLarge(maxBodyBytes);
        }
        byte[] body = ctx.bodyAsBytes();
        if (body.length == 0) {
            throw HttpProblem.badRequest("body", "a JSON object is required");
        }
        if (!StrictUtf8.isValid(body)) {
            throw HttpProblem.badRequest("body", "the body is not valid UTF-8");
        }
        ObjectReader reader = mapper.readerFor(type);
        try {
            T value = reader.readValue(body);
            if (value == null) {
                throw HttpProblem.badRequest("body", "a JSON object is required");
            }
            return value;
        } catch (UnrecognizedPropertyException e) {
            throw HttpProblem.badRequest(e.getPropertyName(), "unknown member '" + e.getPropertyName() + "'");
        } catch (JsonMappingException e) {
            String field = path(e);
            throw HttpProblem.badRequest(field, field.equals("body")
                    ? "the body must be a JSON object"
                    : "'" + field + "' has the wrong type");
        } catch (JsonProcessingException e) {
            throw HttpProblem.badRequest("body", "the body is not valid JSON");
        } catch (java.io.IOException e) {
            throw HttpProblem.badRequest("body", "the body could not be read");
        }
    }

    /** application/json or any {@code +json} type; parameters such as charset are allowed. */
    static void requireJson(String contentType) {
        if (contentType == null) {
            throw HttpProblem.unsupportedMediaType("Content-Type must be application/json");
        }
        String mediaType = contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        if (!mediaType.equals("application/json") && !(mediaType.startsWith("application/") && mediaType.endsWith("+json"))) {
            throw HttpProblem.unsupportedMediaType("Content-Type must be application/json");
        }
    }

    private static String path(JacksonException e) {
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            return mapping.getPath().stream()
                    .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                    .collect(Collectors.joining("."));
        }
        return "body";
    }
}

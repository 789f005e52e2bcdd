package io.feedline.app.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.feedline.ports.model.FeedlineException;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.http.HttpStatus;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place where a failure becomes an HTTP answer: the core's sealed errors, this layer's own
 * refusals, Javalin's (404, 405, 413), and a catch-all that answers a bare 500 and logs the cause.
 * No answer carries a stack trace or a driver's message.
 */
final class ProblemMapper {
    private static final Logger LOG = LoggerFactory.getLogger(ProblemMapper.class);

    private final ObjectMapper mapper;

    ProblemMapper(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    void handle(Exception failure, Context ctx) {
        Rendered rendered = switch (failure) {
            case FeedlineException domain -> fromCore(domain);
            case HttpProblem http -> new Rendered(http.problem(), http.headers());
            case HttpResponseException javalin -> fromJavalin(javalin);
            default -> {
                LOG.error("unexpected failure on {} {}", ctx.method(), ctx.path(), failure);
                yield new Rendered(Problem.of(500, "internal", "Internal Server Error", "the request could not be completed"), Map.of());
            }
        };
        write(ctx, rendered);
    }

    private record Rendered(Problem problem, Map<String, String> headers) {
        Rendered(Problem problem) {
            this(problem, Map.of());
        }
    }

    private static Rendered fromCore(FeedlineException failure) {
        return switch (failure) {
            case FeedlineException.InvalidInput e -> new Rendered(
                    Problem.of(400, "invalid-input", "Bad Request", e.getMessage()).withField(e.field()));
            case FeedlineException.NotFound e -> {
                Problem problem = Problem.of(404, "not-found", "Not Found", e.getMessage());
                yield new Rendered(e.field().map(problem::withField).orElse(problem));
            }
            case FeedlineException.Forbidden e -> new Rendered(Problem.of(403, "forbidden", "Forbidden", e.getMessage()));
            case FeedlineException.InvalidCredentials e -> new Rendered(
                    Problem.of(401, "invalid-credentials", "Unauthorized", e.getMessage()),
                    Map.of("WWW-Authenticate", "Bearer realm=\"feedline\""));
            case FeedlineException.UsernameTaken e -> new Rendered(
                    Problem.of(409, "username-taken", "Conflict", e.getMessage()).withField("username"));
            case FeedlineException.EmailTaken e -> new Rendered(
                    Problem.of(409, "email-taken", "Conflict", e.getMessage()).withField("email"));
            case FeedlineException.SlugTaken e -> new Rendered(
                    Problem.of(409, "slug-taken", "Conflict", e.getMessage()).withField("title"));
            case FeedlineException.IdempotencyKeyReused e -> new Rendered(
                    Problem.of(422, "idempotency-key-reused", "Unprocessable Content", e.getMessage()).withField("Idempotency-Key"));
            case FeedlineException.IdempotencyInProgress e -> new Rendered(
                    Problem.of(409, "idempotency-in-progress", "Conflict", e.getMessage()).withField("Idempotency-Key"),
                    Map.of("Retry-After", Long.toString(Math.max(1, e.retryAfter().toSeconds()))));
            case FeedlineException.Overloaded e -> new Rendered(
                    Problem.of(503, "overloaded", "Service Unavailable", e.getMessage()),
                    Map.of("Retry-After", Long.toString(Math.max(1, e.retryAfter().toSeconds()))));
            case FeedlineException.LimitReached e -> new Rendered(
                    Problem.of(422, "limit-reached", "Unprocessable Content", e.getMessage()).withField(e.field()));
            // Too many bytes is 413 like the body limit; every other refusal is about what the file is.
            case FeedlineException.MediaRejected e -> e.reason() == FeedlineException.MediaRejected.Reason.TOO_LARGE
                    ? new Rendered(Problem.of(413, "file-too-large", "Content Too Large", e.getMessage()).withField(e.field()))
                    : new Rendered(Problem.of(422, "media-" + e.reason().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                            "Unprocessable Content", e.getMessage()).withField(e.field()));
            case FeedlineException.MediaUnavailable e -> new Rendered(
                    Problem.of(422, "media-unavailable", "Unprocessable Content", e.getMessage()).withField(e.field()));
            case FeedlineException.WriteConflict e -> new Rendered(
                    Problem.of(409, "write-conflict", "Conflict", "a concurrent change won; retry the request"));
            case FeedlineException.StorageUnavailable e -> {
                LOG.warn("storage unavailable: {}", e.getMessage(), e);
                yield new Rendered(
                        Problem.of(503, "storage-unavailable", "Service Unavailable", "a storage engine is unavailable; retry later"),
                        Map.of("Retry-After", "1"));
            }
        };
    }

    /** Javalin's own refusals keep their status; the text is ours, never an internal message. */
    private static Rendered fromJavalin(HttpResponseException e) {
        int status = e.getStatus();
        HttpStatus known = HttpStatus.forStatus(status);
        String title = known == HttpStatus.UNKNOWN ? "Error" : known.getMessage();
        return switch (status) {
            case 404 -> new Rendered(Problem.of(404, "not-found", title, "no such resource"));
            case 405 -> new Rendered(Problem.of(405, "method-not-allowed", title, "this resource does not accept that method"));
            case 413 -> new Rendered(Problem.of(413, "content-too-large", title, "the request body is too large"));
            default -> new Rendered(Problem.of(status < 400 || status > 599 ? 500 : status, "http-" + status, title, title));
        };
    }

    private void write(Context ctx, Rendered rendered) {
        ctx.status(rendered.problem().status());
        rendered.headers().forEach(ctx::header);
        try {
            ctx.contentType(Problem.MEDIA_TYPE).result(mapper.writeValueAsString(rendered.problem()).getBytes(StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            ctx.contentType(Problem.MEDIA_TYPE).result("{\"title\":\"Internal Server Error\",\"status\":500}");
        }
    }
}

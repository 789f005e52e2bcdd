package io.feedline.app.mastodon;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A refusal in Mastodon's shape: a status code and a {@code {"error": ...}} body (with an OAuth
 * {@code error_description} where RFC 6749 wants one), as Mastodon's clients expect to parse it.
 */
final class MastodonError extends RuntimeException {
    private final int status;
    private final String description;
    private final Map<String, String> headers;
    private final Map<String, List<Map<String, String>>> details;

    private MastodonError(int status, String error, String description, Map<String, String> headers) {
        this(status, error, description, headers, null);
    }

    private MastodonError(int status, String error, String description, Map<String, String> headers,
            Map<String, List<Map<String, String>>> details) {
        super(error, null, false, false);
        this.status = status;
        this.description = description;
        this.headers = headers;
        this.details = details;
    }

    static MastodonError of(int status, String error) {
        return new MastodonError(status, error, null, Map.of());
    }

    /** An OAuth error (RFC 6749 §5.2): a code in {@code error}, the words in {@code error_description}. */
    static MastodonError oauth(int status, String code, String description) {
        return new MastodonError(status, code, description, Map.of());
    }

    static MastodonError unauthorized(String error) {
        return new MastodonError(401, error, null, Map.of("WWW-Authenticate", "Bearer realm=\"feedline\", error=\"invalid_token\""));
    }

    /** A refusal the client may retry after {@code retryAfter} (a 503 under load, Mastodon's rate-limit shape). */
    static MastodonError retryAfter(int status, String error, Duration retryAfter) {
        return new MastodonError(status, error, null, Map.of("Retry-After", Long.toString(Math.max(1, retryAfter.toSeconds()))));
    }

    /** The request ran past {@code http.request-timeout}; its work was interrupted. */
    static MastodonError requestTimeout(Duration timeout) {
        return retryAfter(503, "The request did not complete within " + timeout.toMillis() + " ms; retry later", Duration.ofSeconds(1));
    }

    static MastodonError notFound() {
        return of(404, "Record not found");
    }

    static MastodonError validation(String message) {
        return of(422, "Validation failed: " + message);
    }

    /**
     * A failed validation naming each refused field, as Mastodon's sign-up answers it:
     * {@code details} maps a field to its errors, each an {@code error} code and a {@code description}.
     */
    static MastodonError validation(Map<String, List<Map<String, String>>> details) {
        String message = details.entrySet().stream()
                .map(field -> field.getKey().substring(0, 1).toUpperCase(java.util.Locale.ROOT) + field.getKey().substring(1)
                        + " " + field.getValue().getFirst().get("description"))
                .collect(java.util.stream.Collectors.joining(", "));
        return new MastodonError(422, "Validation failed: " + message, null, Map.of(), Map.copyOf(details));
    }

    int status() {
        return status;
    }

    Map<String, String> headers() {
        return headers;
    }

    Entities.Error body() {
        return new Entities.Error(getMessage(), description, details);
    }
}

package io.feedline.app.http;

import java.time.Duration;
import java.util.Map;

/**
 * A refusal decided by the HTTP layer itself (authentication, content type, body shape, rate
 * limit), as opposed to one reported by the core. {@link ProblemMapper} renders both.
 */
final class HttpProblem extends RuntimeException {
    private final Problem problem;
    private final Map<String, String> headers;

    private HttpProblem(Problem problem, Map<String, String> headers) {
        super(problem.detail(), null, false, false);
        this.problem = problem;
        this.headers = Map.copyOf(headers);
    }

    Problem problem() {
        return problem;
    }

    Map<String, String> headers() {
        return headers;
    }

    /** A well-formed request the API refuses to carry out (422), of problem type {@code type}, naming {@code field}. */
    static HttpProblem unprocessable(String type, String field, String detail) {
        return new HttpProblem(Problem.of(422, type, "Unprocessable Content", detail).withField(field), Map.of());
    }

    static HttpProblem badRequest(String field, String detail) {
        return new HttpProblem(Problem.of(400, "invalid-input", "Bad Request", detail).withField(field), Map.of());
    }

    /** No or a bad bearer token. {@code error} is the RFC 6750 code, or null when none was sent. */
    static HttpProblem unauthorized(String detail, String error) {
        String challenge = error == null ? "Bearer realm=\"feedline\"" : "Bearer realm=\"feedline\", error=\"" + error + "\"";
        return new HttpProblem(Problem.of(401, "unauthorized", "Unauthorized", detail), Map.of("WWW-Authenticate", challenge));
    }

    static HttpProblem unsupportedMediaType(String detail) {
        return new HttpProblem(
                Problem.of(415, "unsupported-media-type", "Unsupported Media Type", detail).withField("Content-Type"),
                Map.of("Accept-Post", "application/json"));
    }

    static HttpProblem contentTooLarge(long maxBytes) {
        return new HttpProblem(
                Problem.of(413, "content-too-large", "Content Too Large", "the request body exceeds " + maxBytes + " bytes"),
                Map.of());
    }

    /** The request ran past {@code http.request-timeout}; its work was interrupted. */
    static HttpProblem requestTimeout(Duration timeout) {
        return new HttpProblem(
                Problem.of(503, "request-timeout", "Service Unavailable",
                        "the request did not complete within " + timeout.toMillis() + " ms; retry later"),
                Map.of("Retry-After", "1"));
    }

    static HttpProblem tooManyRequests(Duration retryAfter) {
        long seconds = Math.max(1, (retryAfter.toMillis() + 999) / 1000);
        return new HttpProblem(
                Problem.of(429, "rate-limited", "Too Many Requests", "rate limit exceeded; retry in " + seconds + " s"),
                Map.of("Retry-After", Long.toString(seconds)));
    }
}

package io.feedline.app.http;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * An RFC 9457 problem document. {@code field} names the input at fault (a JSON member, a query
 * parameter or a header) for 400 and 422 answers, as the client spelled it.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record Problem(String type, String title, int status, String detail, String field) {
    static final String MEDIA_TYPE = "application/problem+json";

    static Problem of(int status, String slug, String title, String detail) {
        return new Problem("urn:feedline:problem:" + slug, title, status, detail, null);
    }

    Problem withField(String name) {
        return new Problem(type, title, status, detail, name);
    }
}

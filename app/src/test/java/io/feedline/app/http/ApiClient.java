package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The tests' HTTP client. Every exchange is checked against openapi.yaml (the document the server
 * serves): the request and the response when the request is meant to be valid, the response alone
 * when a test sends a deliberately bad one. An exchange on a route the document does not list (an
 * unknown path or method) must still answer a problem document. No exchange may answer 500.
 */
public final class ApiClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final OpenApiInteractionValidator VALIDATOR = OpenApiInteractionValidator
            .createForInlineApiSpecification(openApiDocument())
            .build();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI base;

    public ApiClient(int port) {
        this.base = URI.create("http://127.0.0.1:" + port);
    }

    public static String openApiDocument() {
        try (InputStream in = ApiClient.class.getResourceAsStream("/openapi.yaml")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Call get(String pathAndQuery) {
        return new Call("GET", pathAndQuery);
    }

    public Call post(String path) {
        return new Call("POST", path);
    }

    public Call put(String path) {
        return new Call("PUT", path);
    }

    public Call delete(String path) {
        return new Call("DELETE", path);
    }

    public Call method(String method, String path) {
        return new Call(method, path);
    }

    /** One request being built; {@link #send()} performs and validates it. */
    public final class Call {
        private final String method;
        private final String pathAndQuery;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private byte[] body;
        private boolean deliberatelyInvalid;
        private boolean expectContinue;

        private Call(String method, String pathAndQuery) {
            this.method = method;
            this.pathAndQuery = pathAndQuery;
        }

        public Call token(String token) {
            return header("Authorization", "Bearer " + token);
        }

        public Call header(String name, String value) {
            headers.put(name, value);
            return this;
        }

        /** A JSON body built from alternating names and values. */
        public Call json(Object... membersAndValues) {
            Map<String, Object> members = new LinkedHashMap<>();
            for (int i = 0; i < membersAndValues.length; i += 2) {
                members.put((String) membersAndValues[i], membersAndValues[i + 1]);
            }
            try {
                return raw("application/json", JSON.writeValueAsBytes(members));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        public Call raw(String contentType, byte[] bytes) {
            if (contentType != null) {
                headers.put("Content-Type", contentType);
            }
            this.body = bytes;
            return this;
        }

        public Call raw(String contentType, String text) {
            return raw(contentType, text.getBytes(StandardCharsets.UTF_8));
        }

        /** Sends {@code Expect: 100-continue}: the body goes only once the server has said it wants it. */
        public Call expectContinue() {
            this.expectContinue = true;
            return this;
        }

        /** The request breaks the contract on purpose: validate only what the server answers. */
        public Call invalid() {
            this.deliberatelyInvalid = true;
            return this;
        }

        public Response send() {
            HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(pathAndQuery)).timeout(Duration.ofSeconds(30));
            headers.forEach(request::header);
            request.expectContinue(expectContinue);
            request.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
            HttpResponse<String> raw;
            try {
                raw = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            Response response = new Response(raw.statusCode(), raw.headers().map(), raw.body());
            validate(response);
            return response;
        }

        private void validate(Response response) {
            assertThat(response.status())
                    .as("%s %s must never answer 500: %s", method, pathAndQuery, response.body())
                    .isNotEqualTo(500);
            String path = URI.create(pathAndQuery).getRawPath();
            SimpleResponse.Builder answer = new SimpleResponse.Builder(response.status()).withBody(response.body());
            response.headers().forEach((name, values) -> answer.withHeader(name, values));
            SimpleResponse validatedResponse = answer.build();
            if (response.status() == 404 && response.problemType().equals("urn:feedline:problem:not-found")
                    && !knownPath(path) || response.status() == 405) {
                // Not in the document by definition: hold it to the problem shape directly.
                assertProblem(response);
                return;
            }
            ValidationReport report;
            if (deliberatelyInvalid) {
                report = VALIDATOR.validateResponse(path, Request.Method.valueOf(method), validatedResponse);
            } else {
                SimpleRequest.Builder sent = new SimpleRequest.Builder(method, path);
                headers.forEach(sent::withHeader);
                if (body != null) {
                    sent.withBody(body);
                }
                query(pathAndQuery).forEach(sent::withQueryParam);
                report = VALIDATOR.validate(sent.build(), validatedResponse);
            }
            assertThat(report.getMessages())
                    .as("%s %s -> %d %s breaks openapi.yaml", method, pathAndQuery, response.status(), response.body())
                    .isEmpty();
        }
    }

    private static boolean knownPath(String path) {
        return VALIDATOR.validateResponse(path, Request.Method.GET, SimpleResponse.Builder.ok().build()).getMessages().stream()
                .noneMatch(m -> m.getKey().equals("validation.request.path.missing"));
    }

    private static void assertProblem(Response response) {
        assertThat(response.header("Content-Type")).startsWith("application/problem+json");
        JsonNode problem = response.json();
        assertThat(problem.path("type").isTextual()).isTrue();
        assertThat(problem.path("title").isTextual()).isTrue();
        assertThat(problem.path("status").asInt()).isEqualTo(response.status());
    }

    private static Map<String, List<String>> query(String pathAndQuery) {
        String query = URI.create(pathAndQuery).getRawQuery();
        if (query == null || query.isEmpty()) {
            return Map.of();
        }
        Map<String, List<String>> params = new LinkedHashMap<>();
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            params.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
        }
        return params;
    }

    /** What came back. */
    public record Response(int status, Map<String, List<String>> headers, String body) {
        public String header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .flatMap(e -> e.getValue().stream())
                    .findFirst()
                    .orElse(null);
        }

        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + body, e);
            }
        }

        public String text(String member) {
            return json().path(member).asText();
        }

        /** The problem's {@code type}, or "" when the body is not a problem. */
        public String problemType() {
            String type = header("Content-Type");
            if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/problem+json")) {
                return "";
            }
            return json().path("type").asText();
        }

        public String field() {
            return json().path("field").asText(null);
        }

        public List<String> ids() {
            List<String> ids = new ArrayList<>();
            json().path("items").forEach(item -> ids.add(item.path("id").asText()));
            return ids;
        }

        public Optional<String> nextCursor() {
            JsonNode next = json().path("nextCursor");
            return next.isTextual() ? Optional.of(next.asText()) : Optional.empty();
        }

        @Override
        public String toString() {
            return status + " " + headers.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(", ")) + " " + body;
        }
    }
}

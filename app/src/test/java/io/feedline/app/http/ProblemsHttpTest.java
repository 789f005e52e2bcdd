package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.feedline.app.bootstrap.App;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every refusal is an RFC 9457 problem that names the field at fault where there is one, and no
 * request, however malformed, gets a 500.
 */
class ProblemsHttpTest {
    private static App app;
    private static ApiClient api;
    private static User alice;

    @BeforeAll
    static void start() {
        app = TestApps.shared();
        api = new ApiClient(app.port());
        alice = new Accounts(api).signUp("problems");
    }

    @Test
    void malformedBodiesNameTheFieldAtFault() {
        Map<String, String> bodies = Map.of(
                "{\"text\":", "body",
                "[\"text\"]", "body",
                "\"just a string\"", "body",
                "{\"text\": 5}", "text",
                "{\"text\": {\"nested\": true}}", "text",
                "{}", "text",
                "{\"text\": null}", "text",
                "{\"text\": \"ok\", \"extra\": 1}", "extra",
                "{\"text\": \"ok\"} trailing", "body",
                "{\"text\": \"a\", \"text\": \"b\"}", "body");
        bodies.forEach((body, field) -> {
            Response refused = api.post("/posts").token(alice.token()).raw("application/json", body).invalid().send();
            assertThat(refused.status()).as(body).isEqualTo(400);
            assertThat(refused.field()).as(body).isEqualTo(field);
            assertThat(refused.header("Content-Type")).isEqualTo("application/problem+json");
        });
        Response empty = api.post("/posts").token(alice.token()).raw("application/json", new byte[0]).invalid().send();
        assertThat(empty.status()).isEqualTo(400);
        assertThat(empty.field()).isEqualTo("body");
    }

    @Test
    void invalidValuesNameTheirField() {
        assertRefused(api.post("/users").json("username", "no spaces", "email", "x@example.com", "password", "long enough"), "username");
        assertRefused(api.post("/users").json("username", Accounts.freshName("mail"), "email", "not-an-email", "password", "long enough"), "email");
        assertRefused(api.post("/users").json("username", Accounts.freshName("pass"), "email", "p@example.com", "password", "short"), "password");
        assertRefused(api.post("/users").json("username", Accounts.freshName("name"), "email", "n@example.com", "password", "long enough",
                "displayName", "x".repeat(51)), "displayName");
        assertRefused(api.post("/posts").token(alice.token()).json("text", "   "), "text");
        assertRefused(api.post("/posts").token(alice.token()).json("text", "x".repeat(501)), "text");
        assertRefused(api.post("/posts").token(alice.token()).json("text", "bell\u0007"), "text");
        assertRefused(api.put("/users/" + alice.username() + "/follow").token(alice.token()), "username");
    }

    @Test
    void listLimitsOutsideOneToAHundredNameLimit() {
        for (String limit : List.of("0", "101", "-1", "ten", "")) {
            Response refused = api.get("/users/" + alice.username() + "/posts?limit=" + limit).invalid().send();
            assertThat(refused.status()).as(limit).isEqualTo(400);
            assertThat(refused.field()).isEqualTo("limit");
        }
        assertThat(api.get("/users/" + alice.username() + "/posts?limit=100").send().status()).isEqualTo(200);
    }

    @Test
    void duplicateNamesAndEmailsAreConflictsNamingTheField() {
        Response taken = api.post("/users")
                .json("username", alice.username().toUpperCase(), "email", "fresh-" + alice.username() + "@example.com",
                        "password", Accounts.PASSWORD)
                .send();
        assertThat(taken.status()).isEqualTo(409);
        assertThat(taken.field()).isEqualTo("username");

        Response emailTaken = api.post("/users")
                .json("username", Accounts.freshName("other"), "email", alice.username().toUpperCase() + "@example.com",
                        "password", Accounts.PASSWORD)
                .send();
        assertThat(emailTaken.status()).isEqualTo(409);
        assertThat(emailTaken.field()).isEqualTo("email");
    }

    @Test
    void wrongPasswordAndUnknownUserAreTheSameRefusal() {
        Response wrongPassword = api.post("/sessions").json("username", alice.username(), "password", "not the password").send();
        Response unknownUser = api.post("/sessions").json("username", Accounts.freshName("ghost"), "password", "not the password").send();

        assertThat(wrongPassword.status()).isEqualTo(401);
        assertThat(wrongPassword.header("WWW-Authenticate")).startsWith("Bearer");
        assertThat(unknownUser.status()).isEqualTo(401);
        assertThat(unknownUser.body()).isEqualTo(wrongPassword.body());
    }

    @Test
    void aBodyThatIsNotJsonIsUnsupported() {
        Response text = api.post("/posts").token(alice.token()).raw("text/plain", "hello").invalid().send();
        Response form = api.post("/sessions").raw("application/x-www-form-urlencoded", "username=a&password=b").invalid().send();
        Response none = api.post("/users").raw(null, "{\"username\":\"x\"}").invalid().send();

        for (Response refused : List.of(text, form, none)) {
            assertThat(refused.status()).isEqualTo(415);
            assertThat(refused.field()).isEqualTo("Content-Type");
        }
        assertThat(api.post("/posts").token(alice.token()).raw("application/json; charset=utf-8", "{\"text\":\"ok\"}").send().status())
                .isEqualTo(201);
    }

    @Test
    void anOversizeBodyIsRefusedWith413() {
        String huge = "{\"text\": \"" + "x".repeat(129 * 1024) + "\"}";
        long postsBefore = postCount();

        // As a client uploading a large body should: the server refuses it from its headers, before a
        // byte of it is sent. (Sent at once, the body races the refusal: the server closes a connection
        // whose body it will not read, and on a loaded machine the reset can reach the client before
        // the answer does.)
        Response refused = api.post("/posts").token(alice.token()).raw("application/json", huge).expectContinue().invalid().send();

        assertThat(refused.status()).isEqualTo(413);
        assertThat(postCount()).isEqualTo(postsBefore);
    }

    @Test
    void unknownRoutesIdsAndUsersAre404() {
        assertThat(api.get("/no/such/route").send().status()).isEqualTo(404);
        assertThat(api.get("/posts/01ARZ3NDEKTSV4RRFFQ69G5FAV").send().status()).isEqualTo(404);
        assertThat(api.get("/posts/not-an-id").send().status()).isEqualTo(404);
        assertThat(api.get("/users/" + Accounts.freshName("nobody")).send().status()).isEqualTo(404);
        assertThat(api.get("/users/" + Accounts.freshName("nobody") + "/posts").send().status()).isEqualTo(404);
        assertThat(api.put("/posts/01ARZ3NDEKTSV4RRFFQ69G5FAV/like").token(alice.token()).send().status()).isEqualTo(404);
        assertThat(api.put("/users/" + Accounts.freshName("nobody") + "/follow").token(alice.token()).send().status()).isEqualTo(404);
    }

    @Test
    void anUnsupportedMethodIs405() {
        Response refused = api.method("PATCH", "/posts/01ARZ3NDEKTSV4RRFFQ69G5FAV").token(alice.token()).invalid().send();

        assertThat(refused.status()).isEqualTo(405);
    }

    @Test
    void requestsJettyRefusesStillGetProblems() throws IOException {
        String badEscape = exchange("GET /%zz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        assertThat(badEscape).startsWith("HTTP/1.1 400").contains("application/problem+json").doesNotContain("<html");

        String hugeHeader = exchange("GET /health HTTP/1.1\r\nHost: localhost\r\nX-Big: " + "y".repeat(20_000)
                + "\r\nConnection: close\r\n\r\n");
        assertThat(hugeHeader).startsWith("HTTP/1.1 431").contains("application/problem+json");

        String garbage = exchange("NONSENSE\r\n\r\n");
        assertThat(garbage).startsWith("HTTP/1.1 400").doesNotContain("Exception");
    }

    @Test
    void fuzzedBodiesNeverGetA500() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<String> bodies = List.of("", "null", "0", "true", "{", "}", "{\"a\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}",
                "{\"text\":\"\\ud800\"}", "{\"username\":1e999}", "\u0000", json.writeValueAsString(Map.of("password", List.of(1, 2))));
        for (String path : List.of("/users", "/sessions", "/posts")) {
            for (String body : bodies) {
                Response answer = api.post(path).token(alice.token()).raw("application/json", body).invalid().send();
                assertThat(answer.status()).as(path + " " + body).isLessThan(500);
            }
        }
    }

    private static void assertRefused(ApiClient.Call call, String field) {
        Response refused = call.invalid().send();
        assertThat(refused.status()).as(refused.toString()).isEqualTo(400);
        assertThat(refused.field()).isEqualTo(field);
    }

    private static long postCount() {
        return api.get("/users/" + alice.username()).send().json().path("posts").asLong();
    }

    private static String exchange(String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", app.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}

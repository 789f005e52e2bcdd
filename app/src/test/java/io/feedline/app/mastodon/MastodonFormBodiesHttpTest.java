package io.feedline.app.mastodon;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.feedline.app.bootstrap.App;
import io.feedline.app.http.TestApps;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** Form bodies that cannot be read are the client's fault: a 400 in Mastodon's shape, never a 500. */
class MastodonFormBodiesHttpTest {
    /** A part that starts and never ends: no closing boundary. */
    private static final String UNTERMINATED = "--XX\r\nContent-Disposition: form-data; name=\"status\"\r\n\r\nhello";

    private static App app;
    private static MastodonHttp mastodon;
    private static String token;

    @BeforeAll
    static void start() {
        app = TestApps.start(Map.of("mastodon.enabled", true, "mastodon.port", 0));
        mastodon = new MastodonHttp(app);
        token = mastodon.token(mastodon.signUp(), "read write");
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    /**
     * Each request on a connection of its own: the server closes one whose body it refused
     * unread, and a pooled connection could be picked up again before the client saw it close.
     */
    private static HttpResponse<String> multipart(String path, String body, Optional<String> bearer) {
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            return client.send(mastodon.request(path, bearer).header("Content-Type", "multipart/form-data; boundary=XX")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** What is logged at ERROR while {@code action} runs. */
    private static List<ILoggingEvent> errorsDuring(Runnable action) {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.start();
        root.addAppender(appender);
        try {
            action.run();
        } finally {
            root.detachAppender(appender);
        }
        return appender.list.stream().filter(event -> event.getLevel().isGreaterOrEqual(Level.ERROR)).toList();
    }

    @Test
    void anUnterminatedMultipartStatusIsABadRequestInMastodonsShapeAndLogsNoError() {
        HttpResponse<String>[] answer = new HttpResponse[1];
        List<ILoggingEvent> errors = errorsDuring(() -> answer[0] = multipart("/api/v1/statuses", UNTERMINATED, Optional.of(token)));

        assertThat(answer[0].statusCode()).as(answer[0].body()).isIn(400, 422);
        assertThat(MastodonHttp.tree(answer[0].body()).path("error").isTextual()).as(answer[0].body()).isTrue();
        assertThat(errors).extracting(ILoggingEvent::getFormattedMessage).isEmpty();
    }

    @Test
    void everyFormRouteRefusesAnUnreadableMultipartBody() {
        List<HttpResponse<String>> answers = List.of(
                multipart("/api/v1/apps", UNTERMINATED, Optional.empty()),
                multipart("/oauth/token", UNTERMINATED, Optional.empty()),
                multipart("/api/v1/markers", UNTERMINATED, Optional.of(token)),
                multipart("/api/v1/statuses", "not a multipart body at all", Optional.of(token)));

        for (HttpResponse<String> answer : answers) {
            assertThat(answer.statusCode()).as(answer.uri() + " " + answer.body()).isIn(400, 422);
            assertThat(MastodonHttp.tree(answer.body()).path("error").isTextual()).as(answer.body()).isTrue();
        }
    }

    @Test
    void aWholeMultipartStatusIsPosted() {
        HttpResponse<String> posted = multipart("/api/v1/statuses", "--XX\r\nContent-Disposition: form-data; name=\"status\"\r\n\r\n"
                + "from a multipart form\r\n--XX--\r\n", Optional.of(token));

        assertThat(posted.statusCode()).as(posted.body()).isEqualTo(200);
        assertThat(MastodonHttp.tree(posted.body()).path("content").asText()).contains("from a multipart form");
    }
}

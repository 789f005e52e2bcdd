package io.feedline.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.http.TestApps;
import io.feedline.testsupport.DynamoLocal;
import io.feedline.testsupport.FreePorts;
import io.feedline.testsupport.TestRedis;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code feedline serve} on the polyglot profile with Postgres unreachable (DynamoDB Local and Redis
 * up): it stops with the storage exit code and one line that names postgres and the URL, with no
 * password and no stack trace, whether it was to migrate first or not.
 */
// A guard, not a measurement: a server that started anyway would serve until killed.
@Timeout(value = 120, unit = java.util.concurrent.TimeUnit.SECONDS)
class PostgresDownAtStartTest {
    private static DynamoLocal dynamo;

    @BeforeAll
    static void startDynamo() {
        dynamo = DynamoLocal.start();
    }

    @AfterAll
    static void stopDynamo() {
        if (dynamo != null) {
            dynamo.close();
        }
    }

    private record Run(int exitCode, String out, String err) {}

    private static Run serve(Map<String, String> extra) {
        String url = "jdbc:postgresql://127.0.0.1:" + FreePorts.next() + "/test?password=hunter2-secret";
        Map<String, String> environment = new java.util.HashMap<>(Map.of(
                "FEEDLINE_PROFILE", "polyglot",
                "FEEDLINE_DYNAMODB_ENDPOINT", dynamo.endpoint().toString(),
                "FEEDLINE_DYNAMODB_TABLE", "pgdown-" + UUID.randomUUID().toString().substring(0, 8),
                "FEEDLINE_POSTGRES_URL", url,
                "FEEDLINE_POSTGRES_CONNECT_TIMEOUT", "500ms",
                "FEEDLINE_REDIS_URI", TestRedis.uri(),
                "FEEDLINE_HTTP_HOST", "127.0.0.1",
                "FEEDLINE_HTTP_PORT", "0",
                "FEEDLINE_TOKEN_SECRET", TestApps.TOKEN_SECRET));
        environment.putAll(extra);
        PrintStream originalOut = System.out;
        PrintStream originalErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int code = FeedlineCli.execute(environment, "serve");
            return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(originalOut);
            System.setErr(originalErr);
        }
    }

    @Test
    void serveStopsWithOneLineNamingPostgresAndTheUrlWhenItMustMigrate() {
        assertOneReadableLine(serve(Map.of()));
    }

    @Test
    void serveStopsTheSameWayWithoutAutoInit() {
        assertOneReadableLine(serve(Map.of("FEEDLINE_STORAGE_AUTO_INIT", "false")));
    }

    private static void assertOneReadableLine(Run serve) {
        assertThat(serve.exitCode()).as(serve.toString()).isEqualTo(FeedlineCli.STORAGE_ERROR);
        assertThat(serve.err().strip().lines()).as(serve.err()).hasSize(1);
        assertThat(serve.err())
                .startsWith("feedline: storage unavailable: postgres: cannot reach jdbc:postgresql://127.0.0.1:")
                .contains("password=***")
                .contains("refused")
                .doesNotContain("hunter2");
        assertThat(serve.out() + serve.err()).as("no stack trace, no password in the logs")
                .doesNotContain("\tat ")
                .doesNotContain("hunter2");
    }
}

package io.feedline.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.DynamoLocalServer;
import io.feedline.testsupport.FreePorts;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code feedline dynamodb-local}: the server other processes share. The command itself blocks until
 * the process is told to stop, so these tests start the server it starts and point a second
 * command at it, as a polyglot process would be.
 */
class DynamoDbLocalCommandTest {

    private record Run(int exitCode, String out, String err) {}

    private static Run run(Map<String, String> environment, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = FeedlineCli.commandLine(environment);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    private static Map<String, String> polyglotOn(DynamoLocalServer server) {
        return Map.of(
                "FEEDLINE_PROFILE", "polyglot",
                "FEEDLINE_DYNAMODB_ENDPOINT", server.endpoint().toString(),
                // Only DynamoDB is under test here: users on the same table, windows in memory.
                "FEEDLINE_STORAGE_USERS", "dynamodb",
                "FEEDLINE_STORAGE_TIMELINES", "memory",
                "FEEDLINE_TOKEN_SECRET", UUID.randomUUID() + "-" + UUID.randomUUID());
    }

    @Test
    void aPolyglotProcessInitializesItsTableOnTheSharedServer(@TempDir Path data) {
        int port = FreePorts.next();
        try (DynamoLocalServer server = DynamoLocalServer.start("127.0.0.1", port, Optional.of(data))) {
            assertThat(server.endpoint().toString()).isEqualTo("http://127.0.0.1:" + port);
            assertThat(server.storage()).contains(data.toString());

            Run init = run(polyglotOn(server), "init");

            assertThat(init.exitCode()).as(init.err()).isZero();
            assertThat(init.out()).contains("dynamodb: ready");
        }
        assertThat(data).isNotEmptyDirectory();
    }

    @Test
    void aPortInUseIsOneLineAndAStorageExitCode() {
        int port = FreePorts.next();
        try (DynamoLocalServer first = DynamoLocalServer.start("127.0.0.1", port, Optional.empty())) {
            Run second = run(Map.of(), "dynamodb-local", "--port", String.valueOf(port), "--in-memory");

            assertThat(second.exitCode()).isEqualTo(FeedlineCli.STORAGE_ERROR);
            assertThat(second.err()).contains("dynamodb-local").contains(String.valueOf(port)).doesNotContain("\tat ");
        }
    }

    @Test
    void dataDirAndInMemoryExcludeEachOther() {
        Run both = run(Map.of(), "dynamodb-local", "--in-memory", "--data-dir", "x");

        assertThat(both.exitCode()).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(both.err()).contains("mutually exclusive");
    }

    @Test
    void anImpossiblePortIsAConfigurationError() {
        Run run = run(Map.of(), "dynamodb-local", "--port", "70000", "--in-memory");

        assertThat(run.exitCode()).isEqualTo(FeedlineCli.CONFIGURATION_ERROR);
        assertThat(run.err()).contains("--port");
    }
}

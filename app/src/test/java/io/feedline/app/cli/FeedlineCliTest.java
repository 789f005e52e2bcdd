package io.feedline.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FeedlineCliTest {

    private record Run(int exitCode, String out, String err) {}

    private static Run run(Map<String, String> environment, String... args) {
        PrintStream originalOut = System.out;
        PrintStream originalErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int code = FeedlineCli.execute(environment, args);
            return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(originalOut);
            System.setErr(originalErr);
        }
    }

    @Test
    void helpListsTheCommands() {
        Run help = run(Map.of(), "--help");

        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).contains("serve").contains("worker").contains("init").contains("FEEDLINE_CONFIG");
    }

    @Test
    void serveHelpListsEveryKeyWithItsVariableAndDefault() {
        Run help = run(Map.of(), "help", "serve");

        assertThat(help.exitCode()).isZero();
        assertThat(help.out())
                .contains("--config")
                .containsPattern("fanout\\.mode\\s+FEEDLINE_FANOUT_MODE\\s+hybrid")
                .containsPattern("http\\.max-request-size\\s+FEEDLINE_HTTP_MAX_REQUEST_SIZE\\s+128KiB")
                .containsPattern("token\\.secret\\s+FEEDLINE_TOKEN_SECRET");
    }

    @Test
    void anUnknownValueStopsTheStartWithTheValidOnes() {
        Run serve = run(Map.of("FEEDLINE_FANOUT_MODE", "sideways"), "serve");

        assertThat(serve.exitCode()).isEqualTo(FeedlineCli.CONFIGURATION_ERROR);
        assertThat(serve.err()).contains("invalid configuration").contains("push, pull, hybrid").doesNotContain("\tat ");
    }

    @Test
    void initCreatesTheTableAndReportsEachEngine() {
        Run init = run(Map.of("FEEDLINE_DYNAMODB_IN_MEMORY", "true"), "init");

        assertThat(init.exitCode()).isZero();
        assertThat(init.out()).contains("dynamodb: ready");
    }

    @Test
    void aSeparateWorkerIsRefusedOnTheEmbeddedProfile() {
        Run worker = run(Map.of("FEEDLINE_DYNAMODB_IN_MEMORY", "true"), "worker");

        assertThat(worker.exitCode()).isEqualTo(FeedlineCli.CONFIGURATION_ERROR);
        assertThat(worker.err()).contains("worker.in-process");
    }

    @Test
    void benchOutsideTheBenchModuleSaysWhereTheBenchmarkIs() {
        Run bench = run(Map.of(), "bench", "--users", "10");
        Run help = run(Map.of(), "bench", "--help");

        assertThat(bench.exitCode()).isEqualTo(2);
        assertThat(bench.err()).contains("not part of this build")
                .contains("mvn -q -pl bench -am -DskipTests package exec:exec@bench")
                .contains("bench/target/feedline-bench.jar");
        assertThat(help.exitCode()).isEqualTo(2);
        assertThat(help.err()).isEqualTo(bench.err());
    }
}

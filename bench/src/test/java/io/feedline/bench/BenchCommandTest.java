package io.feedline.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.cli.FeedlineCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** With this module on the class path, {@code feedline bench} is the benchmark, found through META-INF/services. */
class BenchCommandTest {

    private record Run(int exitCode, String out, String err) {}

    private static Run feedline(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = FeedlineCli.commandLine(Map.of());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void benchHelpListsTheBenchmarksAndSaysHowToRunThem() {
        Run help = feedline("bench", "--help");

        assertThat(help.exitCode()).isZero();
        assertThat(help.out())
                .contains("Benchmarks the home feed in push, pull and hybrid mode")
                .contains("fanout-writes", "redis-timelines", "postgres-users", "crash", "dynamodb-local")
                .contains("mvn -q -pl bench -am -DskipTests package exec:exec@bench")
                .contains("java -jar bench/target/feedline-bench.jar bench");
        assertThat(help.err()).doesNotContain("not part of this build");
    }

    @Test
    void aSmallFeedBenchmarkRunsEveryModeAndEachServesThePullPages() {
        Run bench = feedline("bench", "--users", "60", "--follows", "4", "--heavy-follows", "20", "--celebrities", "2",
                "--history", "1", "--posts", "6", "--celebrity-posts", "2", "--publish-interval", "0ms", "--workers", "1",
                "--warmup-reads", "5", "--reads", "20", "--heavy-reads", "5", "--oracle-samples", "10",
                "--raw-followers", "0", "--redis-requests", "0");

        assertThat(bench.exitCode()).as(bench.err()).isZero();
        assertThat(bench.out()).contains("- storage: embedded: DynamoDB Local in this process (in memory)");
        // The read table: each mode's pages against a pull-mode core, 10 random readers and the heavy one.
        for (String mode : new String[] {"push", "hybrid", "pull"}) {
            assertThat(bench.out()).containsPattern("(?m)^\\| " + mode + " \\|.*\\| 11 / 11 \\| \\d+ MB \\|$");
        }
        assertThat(bench.out()).contains("raw BatchWriteItem loop: not run (--raw-followers 0)");
    }

    @Test
    void fanoutWritesCountOneBatchPer25FollowersAgainstOnePutEach() {
        Run writes = feedline("bench", "fanout-writes", "--followers", "300", "--repetitions", "1");

        assertThat(writes.exitCode()).as(writes.err()).isZero();
        assertThat(writes.out()).contains("fan-out of one post to 300 followers on DynamoDB Local (1 runs)")
                .contains("requests 12 vs 300 (25x fewer)");
    }
}

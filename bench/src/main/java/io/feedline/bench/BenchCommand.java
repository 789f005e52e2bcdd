package io.feedline.bench;

import io.feedline.adapter.dynamodb.EmbeddedDynamo;
import io.feedline.adapter.postgres.PostgresSettings;
import io.feedline.adapter.redis.RedisSettings;
import io.feedline.app.bootstrap.FeedlineConfig;
import io.feedline.app.cli.ExtraCommand;
import io.feedline.ports.model.FanoutMode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.function.ToDoubleFunction;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code feedline bench}: every figure of BENCHMARKS.md from one command. Without a subcommand it runs
 * the home-feed benchmark (push, pull and hybrid on a power-law graph, with the raw-engine baselines);
 * the subcommands run the adapters' own benchmarks and the crash proof. It joins the CLI as an
 * {@link ExtraCommand} (META-INF/services) whenever this module is on the class path.
 */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Benchmarks the home feed in push, pull and hybrid mode on a power-law (Zipf) follower graph, on the",
            "embedded or the polyglot profile, and prints writes per post, fan-out lag, read latency (all readers and a",
            "reader following 500 accounts), backend calls, RCU and WCU per operation and heap, each beside the raw",
            "engines (a BatchWriteItem loop; redis-benchmark -t lrange_100 on a private redis-server).",
            "Everything runs on names of its own (a fresh table, Redis key prefix and Postgres schema), removed afterwards.",
            "DynamoDB is DynamoDB Local in this process unless --dynamodb-endpoint is given."
        },
        footerHeading = "%nRunning it:%n",
        footer = {
            "  The bench is its own module (feedline-bench), outside the production jar. From a checkout:",
            "    mvn -q -pl bench -am -DskipTests package exec:exec@bench -Dfeedline.args=\"bench [SUBCOMMAND] [OPTIONS]\"",
            "  or, once built, java -jar bench/target/feedline-bench.jar bench [SUBCOMMAND] [OPTIONS] (Java 21+)."
        },
        subcommands = {
            BenchCommand.FanoutWrites.class,
            BenchCommand.FollowerReads.class,
            BenchCommand.Redis.class,
            BenchCommand.Postgres.class,
            BenchCommand.Crash.class,
            BenchCommand.DynamoLocal.class,
            FanoutLoadCommand.class,
            HotLikesCommand.class,
            FollowBacklogCommand.class,
            SearchCommand.class,
            TagCostsCommand.class,
            ExploreCommand.class,
            MediaCommand.class
        })
public final class BenchCommand implements Callable<Integer>, ExtraCommand {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    EngineOptions engines;



    @Option(names = "--users", paramLabel = "N", defaultValue = "1000", description = "Ordinary users in the graph. Default: ${DEFAULT-VALUE}.")
    int users;

    @Option(names = "--follows", paramLabel = "N", defaultValue = "8",
            description = "Mean accounts an ordinary user follows (uniform in [n/2, 3n/2]). Default: ${DEFAULT-VALUE}.")
    int follows;

    @Option(names = "--zipf-exponent", paramLabel = "S", defaultValue = "1.0",
            description = "Exponent of the Zipf law that picks whom users follow. Default: ${DEFAULT-VALUE}.")
    double exponent;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "Seed of the graph and of every random choice. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--heavy-follows", paramLabel = "N", defaultValue = "500",
            description = "Accounts the heavy reader follows (seed 002's worst row). Default: ${DEFAULT-VALUE}.")
    int heavyFollows;

    @Option(names = "--celebrities", paramLabel = "N", defaultValue = "4",
            description = "Set the celebrity threshold to the follower count of the n-th most followed account. Default: ${DEFAULT-VALUE}.")
    int celebrities;

    @Option(names = "--celebrity-threshold", paramLabel = "FOLLOWERS",
            description = "An explicit fanout.celebrity-threshold instead (overrides --celebrities).")
    Long celebrityThreshold;

    @Option(names = "--history", paramLabel = "N", defaultValue = "3",
            description = "Posts per user written before measuring, delivered to every follower (so pages are full). Default: ${DEFAULT-VALUE}.")
    int history;

    @Option(names = "--posts", paramLabel = "N", defaultValue = "100", description = "Ordinary posts published per mode. Default: ${DEFAULT-VALUE}.")
    int posts;

    @Option(names = "--celebrity-posts", paramLabel = "N", defaultValue = "8", description = "Celebrity posts published per mode. Default: ${DEFAULT-VALUE}.")
    int celebrityPosts;

    @Option(names = "--publish-interval", paramLabel = "DURATION", defaultValue = "20ms",
            description = "Pause between two publications (ISO-8601 or 20ms, 1s). Default: ${DEFAULT-VALUE}.")
    String publishInterval;

    @Option(names = "--workers", paramLabel = "N", defaultValue = "2", description = "Fan-out worker loops per mode. Default: ${DEFAULT-VALUE}.")
    int workers;

    @Option(names = "--warmup-reads", paramLabel = "N", defaultValue = "200", description = "Reads per mode before measuring. Default: ${DEFAULT-VALUE}.")
    int warmupReads;

    @Option(names = "--reads", paramLabel = "N", defaultValue = "1000", description = "Measured reads by random users per mode. Default: ${DEFAULT-VALUE}.")
    int reads;

    @Option(names = "--heavy-reads", paramLabel = "N", defaultValue = "100",
            description = "Measured reads by the heavy reader per mode. Default: ${DEFAULT-VALUE}.")
    int heavyReads;

    @Option(names = "--oracle-samples", paramLabel = "N", defaultValue = "50",
            description = "Readers whose pages are compared with a pull-mode core per mode. Default: ${DEFAULT-VALUE}.")
    int oracleSamples;

    @Option(names = "--modes", paramLabel = "MODE", split = ",", defaultValue = "push,pull,hybrid",
            description = "Modes to run (they run in the order push, hybrid, pull). Default: ${DEFAULT-VALUE}.")
    List<String> modes;

    @Option(names = "--raw-followers", paramLabel = "N", defaultValue = "2000",
            description = "Items of the raw BatchWriteItem baseline; 0 skips it. Default: ${DEFAULT-VALUE}.")
    int rawFollowers;

    @Option(names = "--redis-requests", paramLabel = "N", defaultValue = "100000",
            description = "-n of the redis-benchmark baseline; 0 skips it. Default: ${DEFAULT-VALUE}.")
    int redisRequests;





    @Option(names = "--out", paramLabel = "FILE", description = "Also write the Markdown report to FILE.")
    Path out;

    @Override
    public Integer call() {
        FeedlineConfig.Profile chosen = engines.profile();
        FeedBenchmark.Options options = new FeedBenchmark.Options(
                chosen,
                engines.engines(),
                users, follows, exponent, seed, heavyFollows, celebrities,
                celebrityThreshold == null ? OptionalLong.empty() : OptionalLong.of(celebrityThreshold),
                history, posts, celebrityPosts, duration("--publish-interval", publishInterval), workers,
                warmupReads, reads, heavyReads, oracleSamples,
                modes.stream().map(FanoutMode::parse).toList());
        FeedBenchmark.Result result = FeedBenchmark.run(options);
        Optional<FanoutWriteBenchmark.Result> raw = rawFollowers > 0
                ? Optional.of(FanoutWriteBenchmark.run(rawFollowers, 3))
                : Optional.empty();
        Optional<RedisBaseline> redis = redisRequests > 0 ? RedisBaseline.measure(redisRequests) : Optional.empty();
        String command = "feedline " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
        List<String> report = FeedReport.lines(command.strip(), result, raw, redis,
                redisRequests == 0 ? "not run (--redis-requests 0)" : RedisBaseline.missing());
        PrintWriter printer = spec.commandLine().getOut();
        report.forEach(printer::println);
        printer.flush();
        if (out != null) {
            try {
                Files.write(out, report, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + out, e);
            }
        }
        return 0;
    }


    /** "20ms", "2s", "1m" or ISO-8601 ("PT0.02S"). */
    static Duration duration(String option, String value) {
        String text = value.strip().toLowerCase(Locale.ROOT);
        try {
            if (text.startsWith("pt")) {
                return Duration.parse(text);
            }
            if (text.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(text.substring(0, text.length() - 2)));
            }
            if (text.endsWith("s")) {
                return Duration.ofMillis(Math.round(Double.parseDouble(text.substring(0, text.length() - 1)) * 1000));
            }
            if (text.endsWith("m")) {
                return Duration.ofMinutes(Long.parseLong(text.substring(0, text.length() - 1)));
            }
        } catch (RuntimeException e) {
            // falls through to the message below
        }
        throw new IllegalArgumentException(option + " must be a duration like 20ms, 2s or PT0.02S, not '" + value + "'");
    }

    /** Prints the machine, then a benchmark's summary, on the command's output; the exit code. */
    private static int report(CommandLine.Model.CommandSpec spec, String summary) {
        PrintWriter out = spec.commandLine().getOut();
        out.println("machine: " + Machine.current().describe());
        out.print(summary);
        out.flush();
        return 0;
    }

    @Command(name = "fanout-writes", mixinStandardHelpOptions = true, sortOptions = false,
            description = {
                "Fans one post out to N followers on DynamoDB Local twice: as the adapter does (BatchWriteItem, 25 items",
                "a request) and one PutItem per follower; prints wall time, requests and WCU of both, and their ratio."
            })
    static final class FanoutWrites implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--followers", paramLabel = "N", defaultValue = "10000", description = "Followers of the post. Default: ${DEFAULT-VALUE}.")
        int followers;

        @Option(names = "--repetitions", paramLabel = "N", defaultValue = "3", description = "Runs of each way; medians are reported. Default: ${DEFAULT-VALUE}.")
        int repetitions;

        @Override
        public Integer call() {
            return report(spec, FanoutWriteBenchmark.run(followers, repetitions).summary());
        }
    }

    @Command(name = "follower-reads", mixinStandardHelpOptions = true, sortOptions = false,
            description = {
                "Reads one author's N followers on DynamoDB Local as a big fan-out does: a page of 100 at a time and in",
                "runs of ten pages, then checks who still follows a page at a time and a run at a time; prints wall time",
                "and requests of each."
            })
    static final class FollowerReads implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--followers", paramLabel = "N", defaultValue = "10000", description = "Followers of the author. Default: ${DEFAULT-VALUE}.")
        int followers;

        @Option(names = "--repetitions", paramLabel = "N", defaultValue = "5", description = "Runs of each way; medians are reported. Default: ${DEFAULT-VALUE}.")
        int repetitions;

        @Override
        public Integer call() {
            return report(spec, FollowerReadBenchmark.run(followers, repetitions).summary());
        }
    }

    @Command(name = "redis-timelines", mixinStandardHelpOptions = true, sortOptions = false,
            description = {
                "The Redis timelines: pipelined fan-out of one post to many windows, and range-20 reads, beside",
                "redis-benchmark (LPUSH and LRANGE_100, plain and -P 16) on the same server. Works under a key prefix",
                "of its own, deleted afterwards; the baseline is skipped if the key 'mylist' already exists there."
            })
    static final class Redis implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--uri", paramLabel = "URI", defaultValue = "redis://127.0.0.1:6379", description = "The Redis server. Default: ${DEFAULT-VALUE}.")
        String uri;

        @Option(names = "--readers", paramLabel = "N", defaultValue = "10000", description = "Windows one post fans out to. Default: ${DEFAULT-VALUE}.")
        int readers;

        @Option(names = "--rounds", paramLabel = "N", defaultValue = "20", description = "Counted fan-outs (median reported). Default: ${DEFAULT-VALUE}.")
        int rounds;

        @Option(names = "--reads", paramLabel = "N", defaultValue = "20000", description = "Range-20 reads. Default: ${DEFAULT-VALUE}.")
        int reads;

        @Option(names = "--baseline-requests", paramLabel = "N", defaultValue = "100000",
                description = "-n of redis-benchmark; 0 skips the baseline. Default: ${DEFAULT-VALUE}.")
        int baselineRequests;

        @Override
        public Integer call() {
            TimelineBenchmark.Options defaults = TimelineBenchmark.Options.defaults();
            TimelineBenchmark.Options options = new TimelineBenchmark.Options(readers, defaults.warmupRounds(), rounds, reads,
                    defaults.readConcurrency(), baselineRequests);
            // One pipelined page of 10,000 windows is a single call: give it room beyond the service's per-command bound.
            RedisSettings settings = RedisSettings.of(uri).withCommandTimeout(Duration.ofSeconds(10));
            PrintWriter printer = spec.commandLine().getOut();
            printer.println("machine: " + Machine.current().describe());
            TimelineBenchmark.run(settings, options).lines().forEach(printer::println);
            printer.flush();
            return 0;
        }
    }

    @Command(name = "postgres-users", mixinStandardHelpOptions = true, sortOptions = false,
            description = {
                "User registrations through the unique indexes (registrations/s, insert p50/p99) and the cost of a",
                "rejected duplicate (p50/p99), in a schema of its own that is dropped afterwards. Password hashing is",
                "left out. The password, if any, comes from FEEDLINE_POSTGRES_PASSWORD."
            })
    static final class Postgres implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--url", paramLabel = "JDBC_URL", defaultValue = "jdbc:postgresql://127.0.0.1:5432/test", description = "Default: ${DEFAULT-VALUE}.")
        String url;

        @Option(names = "--user", paramLabel = "USER", defaultValue = "postgres", description = "Default: ${DEFAULT-VALUE}.")
        String user;

        @Option(names = "--registrations", paramLabel = "N", defaultValue = "5000", description = "Accounts per run. Default: ${DEFAULT-VALUE}.")
        int registrations;

        @Option(names = "--threads", paramLabel = "N", defaultValue = "4", description = "Concurrent writers. Default: ${DEFAULT-VALUE}.")
        int threads;

        @Option(names = "--runs", paramLabel = "N", defaultValue = "3", description = "Runs; the median of each figure is printed last. Default: ${DEFAULT-VALUE}.")
        int runs;

        @Override
        public Integer call() {
            PostgresSettings settings = PostgresSettings.of(url, user, System.getenv("FEEDLINE_POSTGRES_PASSWORD"));
            PrintWriter printer = spec.commandLine().getOut();
            printer.println("machine: " + Machine.current().describe());
            List<RegistrationBenchmark.Result> results = new ArrayList<>();
            for (int run = 1; run <= runs; run++) {
                RegistrationBenchmark.Result result = RegistrationBenchmark.run(settings, registrations, threads);
                results.add(result);
                printer.println("run " + run + ": " + result);
                printer.flush();
            }
            printer.println(String.format(Locale.ROOT,
                    "median of %d runs: %.0f registrations/s, insert p50 %.0f us, p99 %.0f us; duplicate rejected p50 %.0f us, p99 %.0f us",
                    runs,
                    median(results, r -> r.registrationsPerSecond()),
                    median(results, r -> r.insertP50().toNanos() / 1e3),
                    median(results, r -> r.insertP99().toNanos() / 1e3),
                    median(results, r -> r.duplicateP50().toNanos() / 1e3),
                    median(results, r -> r.duplicateP99().toNanos() / 1e3)));
            printer.flush();
            return 0;
        }

        private static double median(List<RegistrationBenchmark.Result> results,
                ToDoubleFunction<RegistrationBenchmark.Result> figure) {
            return Samples.median(results.stream().mapToDouble(figure).toArray());
        }
    }

    @Command(name = "crash", mixinStandardHelpOptions = true, sortOptions = false,
            description = {
                "The crash proof, repeated: one author with N followers on DynamoDB Local (in this process, loopback);",
                "each run publishes a post, starts `feedline worker` in a child JVM, kills it with SIGKILL at a random",
                "point once some but not all followers have the post, resumes with a second `feedline worker`, and",
                "counts lost and duplicated feed entries over every follower. Exits 1 if any was lost or duplicated."
            })
    static final class Crash implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--runs", paramLabel = "N", defaultValue = "20", description = "Kill-and-resume rounds. Default: ${DEFAULT-VALUE}.")
        int runs;

        @Option(names = "--followers", paramLabel = "N", defaultValue = "10000", description = "Followers of the author. Default: ${DEFAULT-VALUE}.")
        int followers;

        @Option(names = "--lease", paramLabel = "DURATION", defaultValue = "2s", description = "fanout.job-lease of the workers. Default: ${DEFAULT-VALUE}.")
        String lease;

        @Option(names = "--seed", paramLabel = "N", description = "Seed of the kill points (default: random, printed).")
        Long seed;

        @Override
        public Integer call() throws IOException {
            PrintWriter printer = spec.commandLine().getOut();
            long chosen = seed == null ? new Random().nextLong() : seed;
            Random random = new Random(chosen);
            Path logs = Files.createTempDirectory("feedline-crash-proof");
            printer.printf(Locale.ROOT, "machine: %s%ncrash proof: %d runs, %,d followers, lease %s, seed %d, worker logs in %s%n",
                    Machine.current().describe(), runs, followers, lease, chosen, logs);
            printer.flush();
            int lost = 0;
            int duplicated = 0;
            try (CrashProof proof = CrashProof.seed(followers, duration("--lease", lease), logs)) {
                for (int run = 1; run <= runs; run++) {
                    CrashProof.Round round = proof.round(random);
                    lost += round.lost();
                    duplicated += round.duplicated();
                    printer.printf(Locale.ROOT, "run %2d: %s%n", run, round.describe());
                    printer.flush();
                }
            }
            printer.printf(Locale.ROOT, "crash proof: %d runs, %,d followers each: %d lost, %d duplicated%n", runs, followers,
                    lost, duplicated);
            printer.flush();
            if (lost > 0 || duplicated > 0) {
                return 1;
            }
            deleteTree(logs);
            return 0;
        }
    }

    /** The worker logs only matter when a run went wrong. */
    private static void deleteTree(Path root) throws IOException {
        try (var paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    @Command(name = "dynamodb-local", mixinStandardHelpOptions = true,
            description = {
                "Runs DynamoDB Local in memory on a free loopback port, prints its endpoint, and serves until stopped:",
                "the engine that scripts/http-load.sh points a polyglot server at."
            })
    static final class DynamoLocal implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws InterruptedException {
            EmbeddedDynamo local = EmbeddedDynamo.inMemory();
            CountDownLatch stopped = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> {
                local.close();
                stopped.countDown();
            }));
            spec.commandLine().getOut().println("endpoint " + local.endpoint());
            spec.commandLine().getOut().flush();
            stopped.await();
            return 0;
        }
    }
}

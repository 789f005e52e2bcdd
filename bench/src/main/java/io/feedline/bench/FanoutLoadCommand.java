package io.feedline.bench;

import io.feedline.app.bootstrap.FeedlineConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code feedline bench fanout-load}: the fan-out throughput and lag figures of BENCHMARKS.md. */
@Command(name = "fanout-load", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Fan-out under load, with the in-process workers serve runs (worker.in-process, worker.batch, worker.concurrency;",
            "push mode): a burst of posts by many authors with ordinary audiences published as fast as the publish use case",
            "takes them (fan-out lag p50/p99, time until every hot window has each post, feed entries/s), then single posts",
            "to a large audience one at a time (time until every hot window and every durable feed has each). Each run also",
            "measures, on the same engines, a sequential BatchWriteItem loop into the same DynamoDB, the window inserts alone,",
            "and on a private redis-server redis-benchmark -P 16 -t zadd and the same tool's bare insert (a new member into one",
            "of --big-followers sorted sets, no cap, no expiry), with what each operation cost the Redis server's own CPU",
            "(INFO cpu): the window inserts' cost bounds their rate whatever the client. Fresh table, Redis key prefix and",
            "Postgres schema, removed afterwards."
        })
final class FanoutLoadCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    EngineOptions engines;



    @Option(names = "--runs", paramLabel = "N", defaultValue = "3", description = "Runs on the same graph; medians are reported. Default: ${DEFAULT-VALUE}.")
    int runs;

    @Option(names = "--authors", paramLabel = "N", defaultValue = "1000", description = "Posts in the burst, one per author. Default: ${DEFAULT-VALUE}.")
    int authors;

    @Option(names = "--followers", paramLabel = "N", defaultValue = "100", description = "Followers of each burst author. Default: ${DEFAULT-VALUE}.")
    int followers;

    @Option(names = "--reader-pool", paramLabel = "N", defaultValue = "1000", description = "Readers the burst followers are drawn from. Default: ${DEFAULT-VALUE}.")
    int readerPool;

    @Option(names = "--big-followers", paramLabel = "N", defaultValue = "10000", description = "Followers of the big author. Default: ${DEFAULT-VALUE}.")
    int bigFollowers;

    @Option(names = "--big-posts", paramLabel = "N", defaultValue = "20", description = "Posts by the big author per run. Default: ${DEFAULT-VALUE}.")
    int bigPosts;

    @Option(names = "--workers", paramLabel = "N", defaultValue = "0", description = "Workers; 0 takes worker.in-process. Default: ${DEFAULT-VALUE}.")
    int workers;

    @Option(names = "--raw-items", paramLabel = "N", defaultValue = "5000", description = "Items of the raw BatchWriteItem loop. Default: ${DEFAULT-VALUE}.")
    int rawItems;

    @Option(names = "--zadd-requests", paramLabel = "N", defaultValue = "1000000", description = "-n of each redis-benchmark baseline (-t zadd, the bare insert); 0 skips them. Default: ${DEFAULT-VALUE}.")
    int zaddRequests;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "Seed of the follower choice. Default: ${DEFAULT-VALUE}.")
    long seed;





    @Option(names = "--out", paramLabel = "FILE", description = "Also write the Markdown report to FILE.")
    Path out;

    @Override
    public Integer call() {
        FeedlineConfig.Profile chosen = engines.profile();
        if (runs < 1 || authors < 1 || followers < 1 || readerPool < followers || bigFollowers < 1 || bigPosts < 1 || rawItems < 25) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--runs, --authors, --followers, --big-followers and --big-posts must be positive, --reader-pool at least "
                            + "--followers and --raw-items at least 25");
        }
        FanoutLoadBenchmark.Result result = FanoutLoadBenchmark.run(new FanoutLoadBenchmark.Options(chosen,
                engines.engines(),
                runs, authors, followers, readerPool, bigFollowers, bigPosts, workers, rawItems, zaddRequests, seed));
        String command = "feedline " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
        List<String> report = FanoutLoadReport.lines(command.strip(), result);
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
}

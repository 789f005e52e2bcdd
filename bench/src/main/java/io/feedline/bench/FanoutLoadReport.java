package io.feedline.bench;

import io.feedline.bench.FanoutLoadBenchmark.Burst;
import io.feedline.bench.FanoutLoadBenchmark.Result;
import io.feedline.bench.FanoutLoadBenchmark.Run;
import io.feedline.domain.settings.FeedSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The Markdown report of a fan-out load run ({@link FanoutLoadBenchmark}): a row per run, the
 * medians, Redis's own CPU per operation and the ratios to the raw engines. Kept apart from the
 * load so that the load's measuring and the report's wording change on their own.
 */
final class FanoutLoadReport {
    private FanoutLoadReport() {}

    /** The report: every run, then the medians and the ratios to the raw engines. */
    static List<String> lines(String command, Result result) {
        List<String> lines = new ArrayList<>();
        FeedSettings s = result.settings();
        lines.add("### `" + command + "`");
        lines.add("");
        lines.add("machine: " + Machine.current().describe());
        lines.add("layout: " + result.layout());
        lines.add(String.format(Locale.ROOT, "workers: %d in-process (push mode), batch %d, concurrency %d, page %d, cap %d",
                result.workers(), s.jobsPerClaim(), s.workerConcurrency(), s.fanoutPageSize(), s.windowSize()));
        lines.add("");
        lines.add("| run | burst: posts published in | lag p50 / p99 | every hot window p50 / p99 | drained after last publish | feed entries/s | raw BatchWriteItem items/s | ratio | burst mentions: notification lag p50 / p99 | big post: window p50 / p99 | durable p50 / p99 | window inserts/s | zadd -P 16 /s | ratio | bare insert -P 16 /s | ratio |");
        lines.add("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        int n = 0;
        for (Run run : result.runs()) {
            lines.add(row(Integer.toString(++n), run.burst().publishSeconds(), run.burst().lagP50(), run.burst().lagP99(),
                    run.burst().windowLagP50(), run.burst().windowLagP99(), run.burst().drainedAfterLastMs(), run.burst().entriesPerSecond(), run.rawItemsPerSecond(),
                    run.burst().mentionLagP50(), run.burst().mentionLagP99(), run.big().windowP50(), run.big().windowP99(), run.big().durableP50(), run.big().durableP99(),
                    run.windowInsertsPerSecond(), run.zaddPerSecond(), run.bareInsertsPerSecond()));
        }
        List<Run> runs = result.runs();
        // The median row's ratios are the medians of the per-run ratios, not ratios of medians.
        lines.add(String.format(Locale.ROOT,
                "| **median** | %.2f s | %.0f / %.0f ms | %.0f / %.0f ms | %.0f ms | %,.0f | %,.0f | %.2fx | %.0f / %.0f ms | %.0f / %.0f ms | %.0f / %.0f ms | %s | %,.0f | %s | %,.0f | %s |",
                median(runs, r -> r.burst().publishSeconds()), median(runs, r -> r.burst().lagP50()),
                median(runs, r -> r.burst().lagP99()), median(runs, r -> r.burst().windowLagP50()),
                median(runs, r -> r.burst().windowLagP99()), median(runs, r -> r.burst().drainedAfterLastMs()),
                median(runs, r -> r.burst().entriesPerSecond()), median(runs, Run::rawItemsPerSecond),
                median(runs, r -> r.burst().entriesPerSecond() / r.rawItemsPerSecond()),
                median(runs, r -> r.burst().mentionLagP50()), median(runs, r -> r.burst().mentionLagP99()),
                median(runs, r -> r.big().windowP50()), median(runs, r -> r.big().windowP99()),
                median(runs, r -> r.big().durableP50()), median(runs, r -> r.big().durableP99()),
                count(median(runs, Run::windowInsertsPerSecond)), median(runs, Run::zaddPerSecond),
                ratio(median(runs, r -> r.windowInsertsPerSecond() / r.zaddPerSecond())),
                median(runs, Run::bareInsertsPerSecond),
                ratio(median(runs, r -> r.windowInsertsPerSecond() / r.bareInsertsPerSecond()))));
        lines.add("");
        lines.add("Redis's own CPU per operation (INFO cpu around each; the bound is the most inserts/s one Redis thread could serve "
                + "at that cost, whatever the client):");
        lines.add("");
        lines.add("| run | per window insert | per -t zadd request | per bare insert | window inserts: Redis's bound /s | bound against -t zadd |");
        lines.add("|---|---|---|---|---|---|");
        n = 0;
        for (Run run : runs) {
            lines.add(String.format(Locale.ROOT, "| %d | %s | %s | %s | %s | %s |", ++n, micros(run.windowInserts().redisCpuMicros()),
                    micros(run.zadd().redisCpuMicros()), micros(run.bareInserts().redisCpuMicros()),
                    count(run.windowInserts().redisBound()), ratio(run.windowInsertsBoundRatio())));
        }
        lines.add(String.format(Locale.ROOT, "| **median** | %s | %s | %s | %s | %s |",
                micros(median(runs, r -> r.windowInserts().redisCpuMicros())), micros(median(runs, r -> r.zadd().redisCpuMicros())),
                micros(median(runs, r -> r.bareInserts().redisCpuMicros())), count(median(runs, r -> r.windowInserts().redisBound())),
                ratio(median(runs, Run::windowInsertsBoundRatio))));
        Run first = runs.get(0);
        lines.add("");
        lines.add(String.format(Locale.ROOT, "burst: %d posts by %d authors, %d followers each (%,d feed entries with the authors' own), "
                        + "each mentioning the next author (%d mention notifications timed); "
                        + "big post: %d posts, one at a time, to %,d followers%s.",
                first.burst().posts(), first.burst().posts(), (first.burst().entries() / first.burst().posts()) - 1,
                first.burst().entries(), first.burst().mentions(), first.big().posts(), first.big().followers(),
                first.big().windowsSeparate() ? "" : " (embedded: the hot window is the durable feed, so window = durable)"));
        long windowsFailed = runs.stream().mapToLong(r -> r.burst().windowsFailed()).sum();
        if (windowsFailed > 0) {
            lines.add(String.format(Locale.ROOT, "window writes that failed (their windows evicted, so those readers' hot window lag "
                    + "counts to the post's durable copy): %,d burst deliveries over the runs", windowsFailed));
        }
        lines.add("burst: DynamoDB requests per post (publishes, claims and outbox polls included), by run: " + runs.stream()
                .map(r -> String.format(Locale.ROOT, "%.2f", r.burst().dynamoRequestsPerPost()))
                .collect(java.util.stream.Collectors.joining(", ")));
        Burst last = runs.getLast().burst();
        lines.add("burst: the last run's DynamoDB requests per post by access pattern: " + last.dynamoRequests().entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .map(e -> String.format(Locale.ROOT, "%s %.2f", e.getKey(), e.getValue() / (double) last.posts()))
                .collect(java.util.stream.Collectors.joining(", ")));
        lines.add("burst: the last run's DynamoDB request time per post by access pattern (ms, as the client waited: "
                + "the engine's queue included, requests side by side each counted): " + last.dynamoNanos().entrySet().stream()
                .filter(e -> e.getValue() > 0)
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .map(e -> String.format(Locale.ROOT, "%s %.2f (%.1f each)", e.getKey(), e.getValue() / 1e6 / last.posts(),
                        e.getValue() / 1e6 / Math.max(1, last.dynamoRequests().getOrDefault(e.getKey(), 1L))))
                .collect(java.util.stream.Collectors.joining(", ")));
        lines.add(String.format(Locale.ROOT, "ratios, median of the per-run ratios: fan-out %.2fx the raw BatchWriteItem item rate; "
                        + "window inserts %s redis-benchmark -P 16 -t zadd and %s its bare insert (a new member into one of "
                        + "%,d sorted sets, no cap, no expiry), which is itself %s -t zadd; Redis's own CPU per window insert "
                        + "bounds them at %s -t zadd with a client that cost nothing",
                median(runs, r -> r.burst().entriesPerSecond() / r.rawItemsPerSecond()),
                ratio(median(runs, r -> r.windowInsertsPerSecond() / r.zaddPerSecond())),
                ratio(median(runs, r -> r.windowInsertsPerSecond() / r.bareInsertsPerSecond())),
                first.big().followers(),
                ratio(median(runs, r -> r.bareInsertsPerSecond() / r.zaddPerSecond())),
                ratio(median(runs, Run::windowInsertsBoundRatio))));
        return lines;
    }

    private static String row(String label, double publish, double lagP50, double lagP99, double windowLagP50, double windowLagP99,
            double drained, double rate, double raw, double mentionP50, double mentionP99, double windowP50, double windowP99,
            double durableP50, double durableP99, double windows, double zadd, double bare) {
        return String.format(Locale.ROOT,
                "| %s | %.2f s | %.0f / %.0f ms | %.0f / %.0f ms | %.0f ms | %,.0f | %,.0f | %.2fx | %.0f / %.0f ms | %.0f / %.0f ms | %.0f / %.0f ms | %s | %,.0f | %s | %,.0f | %s |",
                label, publish, lagP50, lagP99, windowLagP50, windowLagP99, drained, rate, raw, rate / raw, mentionP50, mentionP99, windowP50, windowP99, durableP50, durableP99,
                count(windows), zadd, ratio(windows / zadd), bare, ratio(windows / bare));
    }

    /** A rate, or "-" where there is none (no separate window). */
    private static String count(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%,.0f", value);
    }

    /** Microseconds, or "-" where nothing was measured. */
    private static String micros(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.2f µs", value);
    }

    private static String ratio(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.2fx", value);
    }

    private static double median(List<Run> runs, ToDoubleFunction<Run> figure) {
        return Samples.median(runs.stream().mapToDouble(figure).toArray());
    }
}

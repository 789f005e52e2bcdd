package io.feedline.bench;

import io.feedline.ports.model.FanoutMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The benchmark's figures as Markdown: the tables, the targets, and every figure beside its raw-engine baseline. */
final class FeedReport {
    private FeedReport() {}

    /** {@code redisNote} says why there is no Redis baseline, when there is none. */
    static List<String> lines(String command, FeedBenchmark.Result result, Optional<FanoutWriteBenchmark.Result> rawWrites,
            Optional<RedisBaseline> redis, String redisNote) {
        FeedBenchmark.Options o = result.options();
        FollowerGraph graph = result.graph();
        List<String> out = new ArrayList<>();
        out.add("### `" + command + "`");
        out.add("");
        out.add("- machine: " + result.machine().describe());
        out.add("- storage: " + result.layout());
        int[] top = graph.mostFollowed(Math.min(graph.users(), Math.max(5, o.celebrities() + 1)));
        StringBuilder counts = new StringBuilder();
        for (int user : top) {
            counts.append(counts.isEmpty() ? "" : ", ").append(graph.followers()[user]);
        }
        out.add(String.format(Locale.ROOT,
                "- graph: %,d users, %,d follow edges (Zipf exponent %.2f, seed %d); most followed: %s followers; "
                        + "celebrity threshold %,d, so %d celebrities; the heavy reader follows %d accounts, %d of them celebrities",
                graph.users(), graph.edges(), o.exponent(), o.seed(), counts, result.threshold(), result.celebrityCount(),
                o.heavyFollows(), result.heavyFollowsCelebrities()));
        out.add(String.format(Locale.ROOT,
                "- history: %d posts per user (%,d posts, %,d feed entries); per mode: %d ordinary and %d celebrity posts "
                        + "%d ms apart with %d fan-out worker(s), then %,d reads by random users and %,d by the heavy reader, "
                        + "one at a time, first page of %d",
                o.history(), result.historyPosts(), result.historyEntries(), o.posts(), o.celebrityPosts(),
                o.publishInterval().toMillis(), o.workers(), o.reads(), o.heavyReads(), 20));
        out.add("");
        out.add("Writes. A \"write\" is one DynamoDB write request or one Redis round trip (a pipelined fan-out page); "
                + "outbox polling is left out. Fan-out lag is publication to the end of the post's fan-out.");
        out.add("");
        out.add("| mode | writes / post | of which Redis | WCU / post | RCU / post | fan-out lag p50 / p99 | celebrity post: writes | WCU | fan-out lag p50 / p99 |");
        out.add("|---|---|---|---|---|---|---|---|---|");
        for (FeedBenchmark.ModeResult m : result.modes()) {
            out.add(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.1f | %.1f | %s | %.1f | %.1f | %s |",
                    name(m.mode()), m.ordinary().writes(), m.ordinary().cacheWrites(), m.ordinary().wcu(), m.ordinary().rcu(),
                    pair(m.ordinaryLag()), m.celebrity().writes(), m.celebrity().wcu(), pair(m.celebrityLag())));
        }
        out.add("");
        out.add("Reads (first page of the home feed). A \"call\" is one request to any engine (DynamoDB, Redis, Postgres).");
        out.add("");
        out.add("| mode | read p50 / p99 | calls / read | RCU / read | posts / page | " + o.heavyFollows()
                + "-followee read p50 / p99 | calls / read | RCU / read | pages equal to pull | heap after GC |");
        out.add("|---|---|---|---|---|---|---|---|---|---|");
        for (FeedBenchmark.ModeResult m : result.modes()) {
            out.add(String.format(Locale.ROOT, "| %s | %s | %.1f | %.1f | %.1f | %s | %.1f | %.1f | %d / %d | %d MB |",
                    name(m.mode()), pair(m.all().latency()), m.all().cost().backendCalls(), m.all().cost().rcu(),
                    m.all().itemsPerPage(), pair(m.heavy().latency()), m.heavy().cost().backendCalls(), m.heavy().cost().rcu(),
                    m.oracleEqual(), m.oracleChecked(), m.heapBytes() / (1024 * 1024)));
        }
        out.add("");
        out.addAll(targets(result));
        out.add("");
        out.addAll(baselines(result, rawWrites, redis, redisNote));
        return out;
    }

    private static List<String> targets(FeedBenchmark.Result result) {
        List<String> out = new ArrayList<>();
        Optional<FeedBenchmark.ModeResult> hybrid = mode(result, FanoutMode.HYBRID);
        Optional<FeedBenchmark.ModeResult> pull = mode(result, FanoutMode.PULL);
        out.add("Targets:");
        if (hybrid.isPresent() && pull.isPresent()) {
            FeedBenchmark.Reads h = hybrid.get().heavy();
            FeedBenchmark.Reads p = pull.get().heavy();
            double speedup = p.latency().millis(99) / h.latency().millis(99);
            double fewer = p.cost().backendCalls() / h.cost().backendCalls();
            // No engine call at all (every source kept in the process) is no ratio: it says so.
            String ratio = h.cost().backendCalls() == 0 ? "no engine call at all" : String.format(Locale.ROOT, "%.1fx fewer", fewer);
            out.add(String.format(Locale.ROOT,
                    "- %d-followee reader, hybrid vs pull: p99 %.2f ms vs %.2f ms = %.1fx faster (target >= 50x: %s); "
                            + "%.1f vs %.1f calls per read = %s (target >= 100x: %s)",
                    result.options().heavyFollows(), h.latency().millis(99), p.latency().millis(99), speedup, met(speedup >= 50),
                    h.cost().backendCalls(), p.cost().backendCalls(), ratio, met(fewer >= 100)));
        }
        hybrid.ifPresent(h -> out.add(String.format(Locale.ROOT,
                "- a celebrity post in hybrid mode costs %.1f writes (%.1f WCU) (target <= 3: %s)",
                h.celebrity().writes(), h.celebrity().wcu(), met(h.celebrity().writes() <= 3))));
        mode(result, FanoutMode.PUSH).ifPresent(p -> out.add(String.format(Locale.ROOT,
                "- the same celebrity posts in push mode cost %.1f writes each", p.celebrity().writes())));
        return out;
    }

    private static List<String> baselines(FeedBenchmark.Result result, Optional<FanoutWriteBenchmark.Result> rawWrites,
            Optional<RedisBaseline> redis, String redisNote) {
        List<String> out = new ArrayList<>();
        out.add("Raw-engine baselines, same run:");
        rawWrites.ifPresentOrElse(raw -> {
            double microsPerItem = raw.medianBatched().toNanos() / 1e3 / raw.followers();
            out.add(String.format(Locale.ROOT,
                    "- raw BatchWriteItem loop (FanoutWriteBenchmark, %,d items, median of %d): %.0f ms = %.1f us per item in %,d requests; "
                            + "one PutItem per item: %.0f ms (%.2fx the batched time)",
                    raw.followers(), raw.runs().size(), raw.medianBatched().toNanos() / 1e6, microsPerItem, raw.batchedRequests(),
                    raw.medianNaive().toNanos() / 1e6, raw.ratio()));
            mode(result, FanoutMode.PUSH).filter(p -> p.celebrityLag().count() > 0).ifPresent(push -> {
                double followers = celebrityAudience(result);
                double perFollower = push.celebrityLag().millis(50) * 1e3 / followers;
                out.add(String.format(Locale.ROOT,
                        "- push fan-out of a celebrity post (~%,.0f followers): p50 %.0f ms = %.1f us per follower = %.2fx the raw "
                                + "BatchWriteItem time per item (paging the followers, checkpoints%s included)",
                        followers, push.celebrityLag().millis(50), perFollower, perFollower / microsPerItem,
                        result.layout().contains("Redis") ? ", the Redis windows" : ""));
            });
        }, () -> out.add("- raw BatchWriteItem loop: not run (--raw-followers 0)"));
        redis.ifPresentOrElse(r -> {
            out.add("- " + r.describe());
            for (FeedBenchmark.ModeResult m : result.modes()) {
                double p50 = m.all().latency().millis(50);
                out.add(String.format(Locale.ROOT,
                        "- %s read p50 %.3f ms = %.1fx LRANGE_100 p50 with 1 client; sequential reads %.0f/s = %.3fx its 1-client rate",
                        name(m.mode()), p50, p50 / r.oneClient().p50Millis(), 1000 / p50,
                        (1000 / p50) / r.oneClient().requestsPerSecond()));
            }
        }, () -> out.add("- redis-benchmark: " + redisNote));
        return out;
    }

    /** The mean follower count of the celebrities who posted (their posts are the large fan-outs). */
    private static double celebrityAudience(FeedBenchmark.Result result) {
        FollowerGraph graph = result.graph();
        int[] top = graph.mostFollowed(result.celebrityCount());
        double sum = 0;
        for (int user : top) {
            sum += graph.followers()[user];
        }
        return top.length == 0 ? Double.NaN : sum / top.length;
    }

    private static Optional<FeedBenchmark.ModeResult> mode(FeedBenchmark.Result result, FanoutMode mode) {
        return result.modes().stream().filter(m -> m.mode() == mode).findFirst();
    }

    private static String pair(Samples samples) {
        if (samples.count() == 0) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.2f / %.2f ms", samples.millis(50), samples.millis(99));
    }

    private static String name(FanoutMode mode) {
        return mode.name().toLowerCase(Locale.ROOT);
    }

    private static String met(boolean met) {
        return met ? "met" : "NOT met";
    }
}

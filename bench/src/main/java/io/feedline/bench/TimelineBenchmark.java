package io.feedline.bench;

import com.github.f4b6a3.ulid.UlidCreator;
import io.feedline.adapter.redis.RedisSettings;
import io.feedline.adapter.redis.RedisTimelines;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.TimelineCache;
import io.feedline.testsupport.RedisAdmin;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * {@code feedline bench redis-timelines}: how fast one post fans out to many windows in one flush,
 * and how fast a reader's first page (range 20) comes back; set against {@code redis-benchmark} on
 * the same server (LPUSH and LRANGE_100, plain and with {@code -P 16}), so that the figures read as
 * ratios of what this machine's Redis can do at all rather than as absolute numbers.
 *
 * <p>It goes through the adapter's public API under a key prefix of its own, and deletes that prefix
 * afterwards. {@code redis-benchmark} writes the key {@code mylist} in the URI's database: the
 * baseline is skipped if that key already exists, and the key is deleted afterwards.
 */
final class TimelineBenchmark {

    private static final String BASELINE_KEY = "mylist";
    private static final int PAGE = 20;

    private TimelineBenchmark() {}

    /**
     * What to run.
     *
     * @param readers          followers of the post that fans out
     * @param warmupRounds     fan-outs run first and not counted (JIT, connection)
     * @param rounds           counted fan-outs, one post each; the figure is their median
     * @param reads            range-20 reads, run once one by one and once from {@code readConcurrency} callers
     * @param readConcurrency  callers sharing the connection in the concurrent read run
     * @param baselineRequests {@code -n} of redis-benchmark; 0 skips the baseline
     */
    record Options(int readers, int warmupRounds, int rounds, int reads, int readConcurrency,
            int baselineRequests) {
        public Options {
            if (readers < 1 || warmupRounds < 0 || rounds < 1 || reads < 1 || readConcurrency < 1
                    || baselineRequests < 0) {
                throw new IllegalArgumentException("benchmark sizes must be positive: " + readers + ", " + rounds
                        + ", " + reads + ", " + readConcurrency + ", " + baselineRequests);
            }
        }

        /** 10,000 readers, 5 warm-up and 20 counted fan-outs (so that every window holds a full page), 20,000 reads. */
        static Options defaults() {
            return new Options(10_000, 5, 20, 20_000, 50, 100_000);
        }
    }

    /** redis-benchmark's requests per second on the same server. */
    record Baseline(double lpush, double lrange100, double lpushPipelined, double lrange100Pipelined) {}

    /**
     * The figures of one run.
     *
     * @param fanoutInsertsPerSecond       median over the rounds of readers / time of one add of them all
     * @param rangeReadsPerSecond          range-20 reads one after the other (latency-bound)
     * @param concurrentRangeReadsPerSecond range-20 reads from several callers on the one connection
     * @param baseline                     redis-benchmark on the same server, when it is on PATH
     * @param baselineNote                 why there is no baseline, when there is none
     */
    record Report(String redisVersion, int processors, Options options, double fanoutInsertsPerSecond,
            double rangeReadsPerSecond, double concurrentRangeReadsPerSecond, Optional<Baseline> baseline,
            String baselineNote) {

        /** The report as Markdown lines, figures first, then the ratios to redis-benchmark. */
        List<String> lines() {
            List<String> lines = new ArrayList<>();
            lines.add("Redis timelines: Redis " + redisVersion + ", " + processors + " processors, fan-out to "
                    + options.readers() + " readers, median of " + options.rounds() + " rounds");
            lines.add("");
            lines.add("| figure | per second | ratio to redis-benchmark |");
            lines.add("|---|---|---|");
            lines.add(row("fan-out inserts, one flush", fanoutInsertsPerSecond,
                    baseline.map(b -> ratio(fanoutInsertsPerSecond, b.lpushPipelined(), "LPUSH -P 16")
                            + "; " + ratio(fanoutInsertsPerSecond, b.lpush(), "LPUSH"))));
            lines.add(row("range-20 reads, one caller", rangeReadsPerSecond,
                    baseline.map(b -> ratio(rangeReadsPerSecond, b.lrange100(), "LRANGE_100"))));
            lines.add(row("range-20 reads, " + options.readConcurrency() + " callers", concurrentRangeReadsPerSecond,
                    baseline.map(b -> ratio(concurrentRangeReadsPerSecond, b.lrange100(), "LRANGE_100"))));
            baseline.ifPresentOrElse(b -> {
                lines.add("");
                lines.add(String.format(Locale.ROOT,
                        "redis-benchmark -q -t lpush,lrange_100 -n %d: LPUSH %.0f/s, LRANGE_100 %.0f/s; "
                                + "with -P 16: LPUSH %.0f/s, LRANGE_100 %.0f/s",
                        options.baselineRequests(), b.lpush(), b.lrange100(), b.lpushPipelined(),
                        b.lrange100Pipelined()));
            }, () -> {
                lines.add("");
                lines.add("No redis-benchmark baseline: " + baselineNote);
            });
            return lines;
        }

        private static String row(String name, double perSecond, Optional<String> ratios) {
            return String.format(Locale.ROOT, "| %s | %.0f | %s |", name, perSecond, ratios.orElse("-"));
        }

        private static String ratio(double ours, double theirs, String what) {
            return String.format(Locale.ROOT, "%.2f x %s", ours / theirs, what);
        }
    }

    /**
     * Runs the benchmark on the server of {@code settings}, under a fresh prefix that it deletes
     * afterwards. Reads go to Redis every time (no copies of windows' first pages are kept in the
     * process), so that they compare with redis-benchmark's LRANGE; {@code GET /feed} under
     * {@code scripts/http-load.sh} measures the read as shipped.
     */
    static Report run(RedisSettings settings, Options options) {
        String prefix = settings.keyPrefix() + "bench:" + UlidCreator.getUlid() + ":";
        try (RedisAdmin admin = RedisAdmin.connect(settings.uri());
                RedisTimelines timelines = RedisTimelines.connect(settings.withKeyPrefix(prefix).withWindowNearCacheSize(0))) {
            try {
                return measure(timelines.timelineCache(), admin, options);
            } finally {
                admin.deleteMatching(prefix + "*");
            }
        }
    }

    private static Report measure(TimelineCache cache, RedisAdmin admin, Options options) {
        String version = admin.serverVersion();

        List<UserId> readers = IntStream.range(0, options.readers()).mapToObj(i -> newUserId()).toList();
        // Readers who have read once hold whole windows; adds to any other reader make parts, never read.
        readers.forEach(reader -> cache.replace(reader, List.of()));
        UserId author = newUserId();
        double[] perSecond = new double[options.rounds()];
        for (int round = -options.warmupRounds(); round < options.rounds(); round++) {
            PostRef post = new PostRef(PostId.of(UlidCreator.getMonotonicUlid().toString()), author);
            List<Delivery> deliveries = readers.stream().map(reader -> new Delivery(reader, post)).toList();
            long start = System.nanoTime();
            cache.add(deliveries);
            long elapsed = System.nanoTime() - start;
            if (round >= 0) {
                perSecond[round] = options.readers() / seconds(elapsed);
            }
        }
        double fanout = Samples.median(perSecond);

        long start = System.nanoTime();
        for (int i = 0; i < options.reads(); i++) {
            cache.range(readers.get(i % readers.size()), Optional.empty(), PAGE);
        }
        double sequential = options.reads() / seconds(System.nanoTime() - start);
        double concurrent = concurrentReads(cache, readers, options);

        Optional<Baseline> baseline = Optional.empty();
        String note = "";
        if (options.baselineRequests() == 0) {
            note = "not asked for";
        } else if (RedisBenchmarkTool.find().isEmpty()) {
            note = RedisBenchmarkTool.NAME + " is not on PATH (apt-get install -y redis-tools)";
        } else if (admin.exists(BASELINE_KEY)) {
            note = "key '" + BASELINE_KEY + "' already exists in the database, and redis-benchmark would overwrite it";
        } else {
            try {
                baseline = Optional.of(baseline(admin.uri(), options.baselineRequests()));
            } finally {
                admin.delete(BASELINE_KEY);
            }
        }
        return new Report(version, Runtime.getRuntime().availableProcessors(), options, fanout, sequential, concurrent,
                baseline, note);
    }

    private static double concurrentReads(TimelineCache cache, List<UserId> readers, Options options) {
        int callers = options.readConcurrency();
        int each = Math.max(1, options.reads() / callers);
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            long start = System.nanoTime();
            List<Future<?>> running = new ArrayList<>();
            for (int c = 0; c < callers; c++) {
                int offset = c * each;
                running.add(pool.submit(() -> {
                    for (int i = 0; i < each; i++) {
                        cache.range(readers.get((offset + i) % readers.size()), Optional.empty(), PAGE);
                    }
                }));
            }
            for (Future<?> future : running) {
                future.get();
            }
            return (double) callers * each / seconds(System.nanoTime() - start);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a concurrent read failed", e.getCause());
        }
    }

    private static Baseline baseline(String uri, int requests) {
        double[] plain = redisBenchmark(uri, requests, 1);
        double[] pipelined = redisBenchmark(uri, requests, 16);
        return new Baseline(plain[0], plain[1], pipelined[0], pipelined[1]);
    }

    private static final Pattern LPUSH = Pattern.compile("^LPUSH: ([0-9.]+) requests per second", Pattern.MULTILINE);
    private static final Pattern LRANGE_100 =
            Pattern.compile("^LRANGE_100 \\(first 100 elements\\): ([0-9.]+) requests per second", Pattern.MULTILINE);

    /** Runs redis-benchmark on the same URI (host, port, database, credentials) and returns {LPUSH, LRANGE_100} per second. */
    private static double[] redisBenchmark(String uri, int requests, int pipeline) {
        return parseRedisBenchmark(RedisBenchmarkTool.run(List.of("-u", uri, "-q", "-t", "lpush,lrange_100",
                "-n", Integer.toString(requests), "-P", Integer.toString(pipeline))));
    }

    /** Reads {LPUSH, LRANGE_100} requests per second from the quiet output (progress lines end in CR). */
    static double[] parseRedisBenchmark(String output) {
        String lines = output.replace('\r', '\n');
        return new double[] {firstNumber(LPUSH, lines), firstNumber(LRANGE_100, lines)};
    }

    private static double firstNumber(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        if (!matcher.find()) {
            throw new IllegalStateException("no '" + pattern.pattern() + "' in redis-benchmark output: " + text);
        }
        return Double.parseDouble(matcher.group(1));
    }

    private static UserId newUserId() {
        return UserId.of(UlidCreator.getMonotonicUlid().toString());
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}

package io.feedline.bench;

import io.feedline.adapter.lucene.LuceneSearchIndex;
import io.feedline.adapter.postgres.PostgresSettings;
import io.feedline.adapter.postgres.PostgresUsers;
import io.feedline.ports.model.IndexedPost;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.SearchQuery;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.SearchIndex;
import io.feedline.testsupport.PostgresServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Search latency on each engine: --posts posts of Zipf-distributed words indexed in batches (as
 * the outbox worker does), then --queries searches of one or two words of every frequency, a page
 * of 20 each, one at a time; p50 and p99 beside the engine's own floor measured in the same run.
 */
@Command(name = "search", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Indexes --posts posts (12 words each from a 5,000-word Zipf vocabulary, some as #hashtags) into the Lucene",
            "index (file-backed, in a temporary directory) and into Postgres full-text search (a schema of its own,",
            "dropped afterwards), in batches of --batch, then runs --queries searches for a page of 20 (one word, common",
            "to rare, or two words), one at a time. Prints p50/p99 per engine beside a baseline of the same run:",
            "Lucene's match-all top 20 by id, Postgres' SELECT 1 round trip. Medians of --runs runs."
        })
final class SearchCommand implements Callable<Integer> {
    private static final int VOCABULARY = 5_000;
    private static final int WORDS_PER_POST = 12;
    private static final int PAGE = 20;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--posts", paramLabel = "N", defaultValue = "100000", description = "Posts indexed per run. Default: ${DEFAULT-VALUE}.")
    int posts;

    @Option(names = "--queries", paramLabel = "N", defaultValue = "2000", description = "Searches timed per run. Default: ${DEFAULT-VALUE}.")
    int queries;

    @Option(names = "--batch", paramLabel = "N", defaultValue = "500", description = "Posts per index write. Default: ${DEFAULT-VALUE}.")
    int batch;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "3", description = "Runs; medians are reported. Default: ${DEFAULT-VALUE}.")
    int runs;

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "both", description = "lucene, postgres or both. Default: ${DEFAULT-VALUE}.")
    String engine;

    @Option(names = "--postgres-url", paramLabel = "JDBC_URL", defaultValue = "jdbc:postgresql://127.0.0.1:5432/test", description = "Default: ${DEFAULT-VALUE}.")
    String url;

    @Option(names = "--postgres-user", paramLabel = "USER", defaultValue = "postgres", description = "Default: ${DEFAULT-VALUE}.")
    String user;

    record Run(double indexPostsPerSecond, double p50Millis, double p99Millis, double baseP50Millis, double baseP99Millis,
            double meanHits) {}

    @Override
    public Integer call() {
        if (posts < 1 || queries < 1 || batch < 1 || runs < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--posts, --queries, --batch and --runs must be positive");
        }
        if (!List.of("lucene", "postgres", "both").contains(engine)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--engine must be lucene, postgres or both");
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("machine: " + Machine.current().describe());
        out.printf(Locale.ROOT, "%d posts, %d queries a run, index batches of %d, %d runs%n", posts, queries, batch, runs);
        out.flush();
        if (!engine.equals("postgres")) {
            report(out, "lucene", "match-all top 20", this::lucene);
        }
        if (!engine.equals("lucene")) {
            report(out, "postgres", "SELECT 1", this::postgres);
        }
        return 0;
    }

    private void report(PrintWriter out, String name, String baseline, Supplier<Run> run) {
        List<Run> results = new ArrayList<>();
        for (int i = 1; i <= runs; i++) {
            Run result = run.get();
            results.add(result);
            out.printf(Locale.ROOT, "%s run %d: indexed %.0f posts/s; search p50 %.2f ms, p99 %.2f ms (%.1f hits a page);"
                            + " baseline (%s) p50 %.2f ms, p99 %.2f ms%n", name, i, result.indexPostsPerSecond(),
                    result.p50Millis(), result.p99Millis(), result.meanHits(), baseline, result.baseP50Millis(),
                    result.baseP99Millis());
            out.flush();
        }
        double p50 = median(results, Run::p50Millis);
        double p99 = median(results, Run::p99Millis);
        double base50 = median(results, Run::baseP50Millis);
        double base99 = median(results, Run::baseP99Millis);
        out.printf(Locale.ROOT, "%s median of %d: indexed %.0f posts/s; search p50 %.2f ms, p99 %.2f ms; baseline (%s)"
                        + " p50 %.2f ms, p99 %.2f ms; ratio p50 %.1fx, p99 %.1fx%n", name, runs,
                median(results, Run::indexPostsPerSecond), p50, p99, baseline, base50, base99, p50 / base50, p99 / base99);
        out.flush();
    }

    private static double median(List<Run> results, java.util.function.ToDoubleFunction<Run> figure) {
        return Samples.median(results.stream().mapToDouble(figure).toArray());
    }

    private Run lucene() {
        Path dir;
        try {
            dir = Files.createTempDirectory("feedline-bench-search");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (LuceneSearchIndex index = LuceneSearchIndex.open(dir)) {
            return measure(index, () -> index.newestPosts(PAGE));
        } finally {
            delete(dir);
        }
    }

    private Run postgres() {
        PostgresSettings settings = PostgresSettings.of(url, user, System.getenv("FEEDLINE_POSTGRES_PASSWORD"));
        byte[] suffix = new byte[6];
        new java.security.SecureRandom().nextBytes(suffix);
        String schema = "feedline_bench_search_" + HexFormat.of().formatHex(suffix);
        try (PostgresUsers users = PostgresUsers.open(settings.withSchema(schema).withPoolSize(2))) {
            users.migrate();
            return measure(users.searchIndex(), () -> {
                users.healthProbe().ping();
                return List.of();
            });
        } finally {
            PostgresServer.at(settings.jdbcUrl(), settings.user(), settings.password()).dropSchema(schema);
        }
    }

    private Run measure(SearchIndex index, Supplier<List<PostRef>> baseline) {
        Random random = new Random(42);
        double[] zipf = zipfCumulative();
        UserId[] authors = new UserId[1000];
        for (int i = 0; i < authors.length; i++) {
            authors[i] = UserId.of(ulid(1_700_000_000_000L + i, random));
        }
        long start = System.nanoTime();
        List<IndexedPost> pending = new ArrayList<>(batch);
        for (int i = 0; i < posts; i++) {
            StringBuilder text = new StringBuilder();
            for (int w = 0; w < WORDS_PER_POST; w++) {
                text.append(w == 0 ? "" : " ").append(random.nextInt(10) == 0 ? "#" : "").append(word(rank(zipf, random)));
            }
            pending.add(new IndexedPost(new PostRef(PostId.of(ulid(1_750_000_000_000L + i, random)),
                    authors[random.nextInt(authors.length)]), PostText.of(text.toString())));
            if (pending.size() == batch || i == posts - 1) {
                index.indexPosts(pending);
                pending = new ArrayList<>(batch);
            }
        }
        double indexRate = posts / ((System.nanoTime() - start) / 1e9);

        List<SearchQuery> workload = new ArrayList<>();
        for (int i = 0; i < queries; i++) {
            workload.add(SearchQuery.of(switch (i % 4) {
                case 0 -> word(1 + random.nextInt(50));                  // common: thousands of matches
                case 1 -> word(50 + random.nextInt(950));                // middling
                case 2 -> "#" + word(1000 + random.nextInt(VOCABULARY - 1000)); // rare
                default -> word(1 + random.nextInt(200)) + " " + word(1 + random.nextInt(200)); // two words
            }));
        }
        // Warm up both paths (JIT, caches), untimed.
        for (int i = 0; i < Math.min(200, queries); i++) {
            index.searchPosts(workload.get(i), Optional.empty(), PAGE);
            baseline.get();
        }
        Samples search = new Samples();
        Samples base = new Samples();
        long hits = 0;
        for (SearchQuery query : workload) {
            long t0 = System.nanoTime();
            hits += index.searchPosts(query, Optional.empty(), PAGE).size();
            long t1 = System.nanoTime();
            baseline.get();
            long t2 = System.nanoTime();
            search.add(t1 - t0);
            base.add(t2 - t1);
        }
        return new Run(indexRate, search.millis(50), search.millis(99), base.millis(50), base.millis(99),
                (double) hits / queries);
    }

    /** The word of rank {@code rank} (1 = most frequent): letters only, so every engine sees one word. */
    private static String word(int rank) {
        StringBuilder word = new StringBuilder("w");
        for (int r = rank; r > 0; r /= 26) {
            word.append((char) ('a' + r % 26));
        }
        return word.toString();
    }

    private static double[] zipfCumulative() {
        double[] cumulative = new double[VOCABULARY];
        double total = 0;
        for (int rank = 1; rank <= VOCABULARY; rank++) {
            total += 1.0 / rank;
            cumulative[rank - 1] = total;
        }
        for (int i = 0; i < VOCABULARY; i++) {
            cumulative[i] /= total;
        }
        return cumulative;
    }

    private static int rank(double[] cumulative, Random random) {
        int found = java.util.Arrays.binarySearch(cumulative, random.nextDouble());
        return (found >= 0 ? found : -found - 1) + 1;
    }

    private static final char[] CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();

    /** A ULID at {@code millis} with a random tail. */
    private static String ulid(long millis, Random random) {
        char[] out = new char[26];
        for (int i = 9; i >= 0; i--) {
            out[i] = CROCKFORD[(int) (millis & 31)];
            millis >>>= 5;
        }
        for (int i = 10; i < 26; i++) {
            out[i] = CROCKFORD[random.nextInt(32)];
        }
        return new String(out);
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

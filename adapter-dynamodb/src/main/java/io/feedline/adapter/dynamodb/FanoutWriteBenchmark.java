package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

/**
 * Fans one post out to N followers twice on the same DynamoDB Local: once as the adapter does it
 * (BatchWriteItem, 25 items a call) and once the naive way (one PutItem per follower), and compares
 * wall time and requests. Local is SQLite underneath, so absolute times are not DynamoDB's: the
 * request counts and the ratio are the figures that carry over.
 */
public final class FanoutWriteBenchmark {
    public static final int DEFAULT_FOLLOWERS = 10_000;
    public static final int DEFAULT_REPETITIONS = 3;

    private static final String BATCHED = "fanout_batch_write";
    private static final String NAIVE = "bench_put_per_follower";

    private FanoutWriteBenchmark() {}

    /** One repetition: both ways of writing the same fan-out. */
    public record Run(Duration batched, long batchedRequests, double batchedWcu,
            Duration naive, long naiveRequests, double naiveWcu) {}

    /** Every repetition, with medians and the naive-to-batched time ratio of the medians. */
    public record Result(int followers, List<Run> runs) {
        public Duration medianBatched() {
            return median(Run::batched);
        }

        public Duration medianNaive() {
            return median(Run::naive);
        }

        /** How many times longer the naive loop took than the batched writes (medians). */
        public double ratio() {
            return (double) medianNaive().toNanos() / Math.max(1, medianBatched().toNanos());
        }

        public long batchedRequests() {
            return runs.get(0).batchedRequests();
        }

        public long naiveRequests() {
            return runs.get(0).naiveRequests();
        }

        private Duration median(Function<Run, Duration> of) {
            List<Duration> sorted = runs.stream().map(of).sorted().toList();
            return sorted.get(sorted.size() / 2);
        }

        /** A few lines for a terminal or BENCHMARKS.md. */
        public String summary() {
            StringBuilder out = new StringBuilder();
            out.append(String.format(Locale.ROOT, "fan-out of one post to %,d followers on DynamoDB Local (%d runs)%n",
                    followers, runs.size()));
            for (int i = 0; i < runs.size(); i++) {
                Run run = runs.get(i);
                out.append(String.format(Locale.ROOT,
                        "  run %d: BatchWriteItem %,d ms (%,d requests, %.0f WCU) | PutItem per follower %,d ms (%,d requests, %.0f WCU)%n",
                        i + 1, run.batched().toMillis(), run.batchedRequests(), run.batchedWcu(),
                        run.naive().toMillis(), run.naiveRequests(), run.naiveWcu()));
            }
            out.append(String.format(Locale.ROOT,
                    "  median: batched %,d ms, naive %,d ms, naive/batched = %.2fx; requests %,d vs %,d (%.0fx fewer)%n",
                    medianBatched().toMillis(), medianNaive().toMillis(), ratio(), batchedRequests(), naiveRequests(),
                    (double) naiveRequests() / Math.max(1, batchedRequests())));
            return out.toString();
        }
    }

    /** Runs on a DynamoDB Local started for the purpose, in memory, and stopped afterwards. */
    public static Result run(int followers, int repetitions) {
        try (EmbeddedDynamo local = EmbeddedDynamo.inMemory()) {
            return run(local.settings().withTableName("fanout-bench"), followers, repetitions);
        }
    }

    /**
     * Runs against the table of {@code settings} (created if missing); each repetition writes a
     * new post's entries into the same followers' feeds.
     */
    public static Result run(DynamoSettings settings, int followers, int repetitions) {
        if (followers < 1 || repetitions < 1) {
            throw new IllegalArgumentException("followers and repetitions must be positive");
        }
        Tally tally = new Tally();
        try (DynamoStorage storage = DynamoStorage.open(settings, tally)) {
            storage.bootstrap();
            List<UserId> readers = new ArrayList<>(followers);
            for (int i = 0; i < followers; i++) {
                readers.add(UserId.of(ulid()));
            }
            // Warm-up on a slice, so that neither way pays for class loading and JIT alone.
            fanout(storage, readers.subList(0, Math.min(followers, 2_000)), tally);
            List<Run> runs = new ArrayList<>();
            for (int i = 0; i < repetitions; i++) {
                runs.add(fanout(storage, readers, tally));
            }
            return new Result(followers, runs);
        }
    }

    private static Run fanout(DynamoStorage storage, List<UserId> readers, Tally tally) {
        UserId author = UserId.of(ulid());
        List<Delivery> batched = deliveries(readers, new PostRef(PostId.of(ulid()), author));
        List<Delivery> naive = deliveries(readers, new PostRef(PostId.of(ulid()), author));
        tally.reset();

        long start = System.nanoTime();
        storage.feedItems().append(batched);
        Duration batchedTime = Duration.ofNanos(System.nanoTime() - start);

        DynamoFeedItems feed = storage.feedItemsAdapter();
        TableAccess db = storage.access();
        long expiresAt = feed.expiresAt();
        start = System.nanoTime();
        for (Delivery delivery : naive) {
            db.run(NAIVE, () -> db.putItem(DynamoFeedItems.item(delivery, expiresAt)));
        }
        Duration naiveTime = Duration.ofNanos(System.nanoTime() - start);

        return new Run(batchedTime, tally.requests(BATCHED), tally.wcu(BATCHED),
                naiveTime, tally.requests(NAIVE), tally.wcu(NAIVE));
    }

    private static List<Delivery> deliveries(List<UserId> readers, PostRef post) {
        return readers.stream().map(reader -> new Delivery(reader, post)).toList();
    }

    /** A fresh ULID-shaped id (48 bits of time, 80 random), free of any library. */
    private static String ulid() {
        String alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long millis = System.currentTimeMillis();
        char[] out = new char[26];
        for (int i = 9; i >= 0; i--) {
            out[i] = alphabet.charAt((int) (millis & 31));
            millis >>>= 5;
        }
        for (int i = 10; i < 26; i++) {
            out[i] = alphabet.charAt(random.nextInt(32));
        }
        return new String(out);
    }

    /** Requests and write units per access pattern, from the capacity reports. */
    private static final class Tally implements CapacityListener {
        private final Map<String, LongAdder> requests = new ConcurrentHashMap<>();
        private final Map<String, DoubleAdder> writes = new ConcurrentHashMap<>();

        @Override
        public void consumed(String accessPattern, double readUnits, double writeUnits) {
            requests.computeIfAbsent(accessPattern, k -> new LongAdder()).increment();
            writes.computeIfAbsent(accessPattern, k -> new DoubleAdder()).add(writeUnits);
        }

        void reset() {
            requests.clear();
            writes.clear();
        }

        long requests(String pattern) {
            LongAdder n = requests.get(pattern);
            return n == null ? 0 : n.sum();
        }

        double wcu(String pattern) {
            DoubleAdder n = writes.get(pattern);
            return n == null ? 0 : n.sum();
        }
    }

    /** {@code [followers [repetitions]]}; prints the summary and exits (DynamoDB Local keeps threads alive). */
    public static void main(String[] args) {
        int followers = args.length > 0 ? Integer.parseInt(args[0]) : DEFAULT_FOLLOWERS;
        int repetitions = args.length > 1 ? Integer.parseInt(args[1]) : DEFAULT_REPETITIONS;
        int status = 0;
        try {
            System.out.print(run(followers, repetitions).summary());
        } catch (RuntimeException e) {
            e.printStackTrace();
            status = 1;
        }
        System.exit(status);
    }
}

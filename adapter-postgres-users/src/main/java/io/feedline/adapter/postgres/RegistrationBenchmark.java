package io.feedline.adapter.postgres;

import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.UserAccounts;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How fast registrations go through the unique indexes, and what the uniqueness check costs.
 * Password hashing is left out (every account gets the same precomputed hash): argon2 is slow on
 * purpose and would drown what is measured here. Runs in a schema of its own, dropped afterwards.
 */
public final class RegistrationBenchmark {

    /**
     * One run's figures.
     *
     * @param registrationsPerSecond accounts stored per second, {@code threads} writers at once
     * @param insertP50 median latency of one successful registration under that load
     * @param insertP99 99th percentile of the same
     * @param duplicateP50 median latency of a registration rejected by a unique index (one writer)
     * @param duplicateP99 99th percentile of the same
     */
    public record Result(
            int registrations,
            int threads,
            double registrationsPerSecond,
            Duration insertP50,
            Duration insertP99,
            int duplicateAttempts,
            Duration duplicateP50,
            Duration duplicateP99) {

        @Override
        public String toString() {
            return String.format(Locale.ROOT,
                    "registrations=%d threads=%d rate=%.0f/s insert p50=%s p99=%s | duplicates=%d rejected p50=%s p99=%s",
                    registrations, threads, registrationsPerSecond, micros(insertP50), micros(insertP99),
                    duplicateAttempts, micros(duplicateP50), micros(duplicateP99));
        }
    }

    // A realistic argon2id PHC string, so the row is as wide as a real one.
    private static final PasswordHash PRECOMPUTED_HASH = new PasswordHash(
            "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$MnFsZW5ndGhvZnRoaXNoYXNoaXNmb3J0eXRocmVlYnk");
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    private static final int MAX_DUPLICATE_ATTEMPTS = 2_000;

    private RegistrationBenchmark() {}

    /**
     * Registers {@code registrations} new accounts from {@code threads} writers, then tries as many
     * duplicates (at most 2,000; half by username, half by email, in another letter case) one at a
     * time. Every duplicate must be rejected, or the run fails.
     */
    public static Result run(PostgresSettings settings, int registrations, int threads) {
        if (registrations < 1 || threads < 1) {
            throw new IllegalArgumentException("registrations and threads must be positive");
        }
        byte[] tag = new byte[6];
        RANDOM.nextBytes(tag);
        String schema = "feedline_bench_" + HexFormat.of().formatHex(tag);
        try (PostgresUsers users = PostgresUsers.open(settings.withSchema(schema).withPoolSize(Math.max(threads, 2)))) {
            try {
                users.migrate();
                return measure(users.userAccounts(), registrations, threads);
            } finally {
                users.jdbi().useHandle(handle -> handle.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE"));
            }
        }
    }

    private static Result measure(UserAccounts accounts, int registrations, int threads) {
        Ids ids = new Ids();
        String run = HexFormat.of().formatHex(new byte[] {(byte) RANDOM.nextInt(), (byte) RANDOM.nextInt()});

        // Warm the JIT, the pool and the index pages before anything is timed.
        int warmup = Math.min(500, Math.max(50, registrations / 5));
        for (int i = 0; i < warmup; i++) {
            accounts.create(account(ids.next(), "w" + run + "_" + i), PRECOMPUTED_HASH);
        }

        List<UserAccount> fresh = new ArrayList<>(registrations);
        for (int i = 0; i < registrations; i++) {
            fresh.add(account(ids.next(), "r" + run + "_" + i));
        }
        long[] insertNanos = new long[registrations];
        long elapsed = inParallel(threads, registrations, i -> {
            long start = System.nanoTime();
            accounts.create(fresh.get(i), PRECOMPUTED_HASH);
            insertNanos[i] = System.nanoTime() - start;
        });

        int attempts = Math.min(registrations, MAX_DUPLICATE_ATTEMPTS);
        long[] duplicateNanos = new long[attempts];
        for (int i = 0; i < attempts; i++) {
            UserAccount taken = fresh.get(i);
            boolean byUsername = i % 2 == 0;
            UserAccount duplicate = byUsername
                    ? account(ids.next(), taken.username().value().toUpperCase(Locale.ROOT), "d" + run + "_" + i + "@bench.example")
                    : account(ids.next(), "d" + run + "_" + i, taken.email().value().toUpperCase(Locale.ROOT));
            long start = System.nanoTime();
            try {
                accounts.create(duplicate, PRECOMPUTED_HASH);
                throw new IllegalStateException("a duplicate was accepted: " + duplicate.username());
            } catch (FeedlineException.UsernameTaken | FeedlineException.EmailTaken expected) {
                duplicateNanos[i] = System.nanoTime() - start;
                if (byUsername != (expected instanceof FeedlineException.UsernameTaken)) {
                    throw new IllegalStateException("a duplicate was reported as the wrong claim", expected);
                }
            }
        }

        Arrays.sort(insertNanos);
        Arrays.sort(duplicateNanos);
        return new Result(
                registrations,
                threads,
                registrations / (elapsed / 1e9),
                percentile(insertNanos, 50),
                percentile(insertNanos, 99),
                attempts,
                percentile(duplicateNanos, 50),
                percentile(duplicateNanos, 99));
    }

    private interface Step {
        void run(int index);
    }

    /** Runs steps 0..count-1 on {@code threads} writers that start together; returns the wall-clock nanos. */
    private static long inParallel(int threads, int count, Step step) {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch go = new CountDownLatch(1);
            AtomicLong next = new AtomicLong();
            List<Future<?>> writers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                writers.add(pool.submit(() -> {
                    go.await();
                    for (long i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                        step.run((int) i);
                    }
                    return null;
                }));
            }
            long start = System.nanoTime();
            go.countDown();
            for (Future<?> writer : writers) {
                writer.get();
            }
            return System.nanoTime() - start;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a registration failed", e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private static UserAccount account(UserId id, String name) {
        return account(id, name, name + "@bench.example");
    }

    private static UserAccount account(UserId id, String name, String email) {
        return new UserAccount(id, Username.of(name), Email.of(email), DisplayName.of("Bench " + name), Bio.EMPTY,
                Instant.now().truncatedTo(ChronoUnit.MICROS));
    }

    // Nearest rank on a sorted sample.
    private static Duration percentile(long[] sorted, int percent) {
        int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
        return Duration.ofNanos(sorted[Math.max(0, rank - 1)]);
    }

    private static String micros(Duration duration) {
        return String.format(Locale.ROOT, "%.0fus", duration.toNanos() / 1e3);
    }

    /**
     * Distinct, time-ordered ids in the ULID shape: this run's millisecond, then a counter. The
     * benchmark only needs them unique and valid; real ids come from the app's generator.
     */
    private static final class Ids {
        private final long millis = System.currentTimeMillis();
        private final long salt = RANDOM.nextLong() >>> 24;
        private long sequence;

        UserId next() {
            return UserId.of(base32(millis, 10) + base32(salt, 6) + base32(sequence++, 10));
        }

        private static String base32(long value, int digits) {
            char[] out = new char[digits];
            for (int i = digits - 1; i >= 0; i--) {
                out[i] = CROCKFORD.charAt((int) (value & 31));
                value >>>= 5;
            }
            return new String(out);
        }
    }

    /**
     * {@code --url=jdbc:postgresql://127.0.0.1:5432/test --user=postgres --registrations=5000
     * --threads=4 --runs=3}; the password, if any, comes from {@code FEEDLINE_POSTGRES_PASSWORD}.
     * Prints every run, then the median of each figure.
     */
    public static void main(String[] args) {
        String url = option(args, "url", "jdbc:postgresql://127.0.0.1:5432/test");
        String user = option(args, "user", "postgres");
        int registrations = Integer.parseInt(option(args, "registrations", "5000"));
        int threads = Integer.parseInt(option(args, "threads", "4"));
        int runs = Integer.parseInt(option(args, "runs", "3"));
        PostgresSettings settings = PostgresSettings.of(url, user, System.getenv("FEEDLINE_POSTGRES_PASSWORD"));

        List<Result> results = new ArrayList<>();
        for (int r = 1; r <= runs; r++) {
            Result result = run(settings, registrations, threads);
            results.add(result);
            System.out.println("run " + r + ": " + result);
        }
        System.out.println("median: " + new Result(
                registrations,
                threads,
                median(results.stream().mapToDouble(Result::registrationsPerSecond).toArray()),
                Duration.ofNanos((long) median(results.stream().mapToDouble(x -> x.insertP50().toNanos()).toArray())),
                Duration.ofNanos((long) median(results.stream().mapToDouble(x -> x.insertP99().toNanos()).toArray())),
                results.getFirst().duplicateAttempts(),
                Duration.ofNanos((long) median(results.stream().mapToDouble(x -> x.duplicateP50().toNanos()).toArray())),
                Duration.ofNanos((long) median(results.stream().mapToDouble(x -> x.duplicateP99().toNanos()).toArray()))));
    }

    private static double median(double[] values) {
        Arrays.sort(values);
        int middle = values.length / 2;
        return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
    }

    private static String option(String[] args, String name, String fallback) {
        String prefix = "--" + name + "=";
        for (String arg : args) {
            if (arg.startsWith(prefix)) {
                return arg.substring(prefix.length());
            }
        }
        return fallback;
    }
}

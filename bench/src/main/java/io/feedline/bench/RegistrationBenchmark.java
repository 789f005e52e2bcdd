package io.feedline.bench;

import com.github.f4b6a3.ulid.UlidCreator;
import io.feedline.adapter.postgres.PostgresSettings;
import io.feedline.adapter.postgres.PostgresUsers;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.UserAccounts;
import io.feedline.testsupport.PostgresServer;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
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
 * purpose and would drown what is measured here. Runs through the Postgres adapter's public API in a
 * schema of its own, dropped afterwards.
 */
final class RegistrationBenchmark {

    /**
     * One run's figures.
     *
     * @param registrationsPerSecond accounts stored per second, {@code threads} writers at once
     * @param insertP50 median latency of one successful registration under that load
     * @param insertP99 99th percentile of the same
     * @param duplicateP50 median latency of a registration rejected by a unique index (one writer)
     * @param duplicateP99 99th percentile of the same
     */
    record Result(
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
    private static final int MAX_DUPLICATE_ATTEMPTS = 2_000;
    private static final String SCHEMA_PREFIX = "feedline_bench_";

    private RegistrationBenchmark() {}

    /**
     * Registers {@code registrations} new accounts from {@code threads} writers, then tries as many
     * duplicates (at most 2,000; half by username, half by email, in another letter case) one at a
     * time. Every duplicate must be rejected, or the run fails.
     */
    static Result run(PostgresSettings settings, int registrations, int threads) {
        byte[] tag = new byte[6];
        RANDOM.nextBytes(tag);
        return run(settings, SCHEMA_PREFIX + HexFormat.of().formatHex(tag), registrations, threads);
    }

    /** As {@link #run(PostgresSettings, int, int)}, in {@code schema}, which must not exist yet and is dropped afterwards. */
    static Result run(PostgresSettings settings, String schema, int registrations, int threads) {
        if (registrations < 1 || threads < 1) {
            throw new IllegalArgumentException("registrations and threads must be positive");
        }
        try (PostgresUsers users = PostgresUsers.open(settings.withSchema(schema).withPoolSize(Math.max(threads, 2)))) {
            users.migrate();
            return measure(users.userAccounts(), registrations, threads);
        } finally {
            PostgresServer.at(settings.jdbcUrl(), settings.user(), settings.password()).dropSchema(schema);
        }
    }

    private static Result measure(UserAccounts accounts, int registrations, int threads) {
        String run = HexFormat.of().formatHex(new byte[] {(byte) RANDOM.nextInt(), (byte) RANDOM.nextInt()});

        // Warm the JIT, the pool and the index pages before anything is timed.
        int warmup = Math.min(500, Math.max(50, registrations / 5));
        for (int i = 0; i < warmup; i++) {
            accounts.create(account(newUserId(), "w" + run + "_" + i), PRECOMPUTED_HASH);
        }

        List<UserAccount> fresh = new ArrayList<>(registrations);
        for (int i = 0; i < registrations; i++) {
            fresh.add(account(newUserId(), "r" + run + "_" + i));
        }
        Samples inserts = new Samples();
        long elapsed = inParallel(threads, registrations, i -> {
            long start = System.nanoTime();
            accounts.create(fresh.get(i), PRECOMPUTED_HASH);
            inserts.add(System.nanoTime() - start);
        });

        int attempts = Math.min(registrations, MAX_DUPLICATE_ATTEMPTS);
        Samples duplicates = new Samples();
        for (int i = 0; i < attempts; i++) {
            UserAccount taken = fresh.get(i);
            boolean byUsername = i % 2 == 0;
            UserAccount duplicate = byUsername
                    ? account(newUserId(), taken.username().value().toUpperCase(Locale.ROOT), "d" + run + "_" + i + "@bench.example")
                    : account(newUserId(), "d" + run + "_" + i, taken.email().value().toUpperCase(Locale.ROOT));
            long start = System.nanoTime();
            try {
                accounts.create(duplicate, PRECOMPUTED_HASH);
                throw new IllegalStateException("a duplicate was accepted: " + duplicate.username());
            } catch (FeedlineException.UsernameTaken | FeedlineException.EmailTaken expected) {
                duplicates.add(System.nanoTime() - start);
                if (byUsername != (expected instanceof FeedlineException.UsernameTaken)) {
                    throw new IllegalStateException("a duplicate was reported as the wrong claim", expected);
                }
            }
        }

        return new Result(
                registrations,
                threads,
                registrations / (elapsed / 1e9),
                inserts.percentile(50),
                inserts.percentile(99),
                attempts,
                duplicates.percentile(50),
                duplicates.percentile(99));
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

    private static UserId newUserId() {
        return UserId.of(UlidCreator.getMonotonicUlid().toString());
    }

    private static String micros(Duration duration) {
        return String.format(Locale.ROOT, "%.0fus", duration.toNanos() / 1e3);
    }
}

package io.feedline.adapter.dynamodb;

import io.feedline.testsupport.DynamoLocal;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.retries.api.BackoffStrategy;

/**
 * The adapter's storages on the test run's one DynamoDB Local ({@link DynamoLocal#shared()}, in this
 * JVM). The contract suites share one table, since their tests use fresh ids; tests that count
 * requests or inject faults open their own storage, on a fresh table when they need one. Every
 * storage refuses Scan, but one {@link #upgrading} a table of an older layout.
 */
final class LocalDynamo {
    /** Quick retries, so that the fault tests spend their time on requests, not on sleeping. */
    static final Retries FAST =
            new Retries(BackoffStrategy.exponentialDelayHalfJitter(Duration.ofMillis(1), Duration.ofMillis(20)), 6);

    private static final AtomicInteger TABLES = new AtomicInteger();
    private static DynamoStorage shared;
    private static DynamoStorage stale;
    private static final Map<Duration, DynamoStorage> BY_LOCK_TIMEOUT = new HashMap<>();

    private LocalDynamo() {}

    /** Settings for the shared server, with the defaults (table name, retention, dummy credentials). */
    static DynamoSettings settings() {
        return DynamoSettings.local(DynamoLocal.shared().endpoint());
    }

    /** The storage on the table every contract suite shares, bootstrapped once. */
    static synchronized DynamoStorage shared() {
        if (shared == null) {
            shared = open(settings().withTableName("contracts"), List.of(), Retries.DEFAULT, Clock.systemUTC());
            shared.bootstrap();
        }
        return shared;
    }

    /** A storage on the shared table whose idempotency claims may be taken over after {@code lockTimeout}. */
    static synchronized DynamoStorage sharedWithLockTimeout(Duration lockTimeout) {
        shared();
        return BY_LOCK_TIMEOUT.computeIfAbsent(lockTimeout, timeout -> open(
                settings().withTableName("contracts").withIdempotency(timeout, Duration.ofHours(24)),
                List.of(), Retries.DEFAULT, Clock.systemUTC()));
    }

    /**
     * A storage on a table of its own whose GSI1 queries and eventually consistent reads see the
     * table as it was a day ago ({@link StaleReads}): every write of a test run is still invisible
     * to them, as the slowest replica on AWS could leave it, with no waiting in the tests. GSI2
     * (claimable jobs) does not lag, as in the app's stale-table run: there a lag only delays.
     */
    static synchronized DynamoStorage stale() {
        if (stale == null) {
            DynamoSettings settings = settings().withTableName("stale-reads");
            StaleReads lagging = new StaleReads(DynamoStorage.client(settings, List.of()), settings.tableName(),
                    Duration.ofDays(1), Map.of(TableLayout.GSI2, Duration.ZERO), Clock.systemUTC());
            stale = open(settings, List.of(lagging), Retries.DEFAULT, Clock.systemUTC());
            stale.bootstrap();
        }
        return stale;
    }

    /** A fresh, bootstrapped table of its own, with the given interceptors. The caller closes it. */
    static DynamoStorage freshTable(String purpose, List<ExecutionInterceptor> interceptors, Retries retries) {
        return freshTable(purpose, interceptors, retries, Clock.systemUTC(), DynamoSettings.DEFAULT_FEED_RETENTION);
    }

    static DynamoStorage freshTable(String purpose, List<ExecutionInterceptor> interceptors, Retries retries,
            Clock clock, Duration feedRetention) {
        DynamoSettings settings = settings()
                .withTableName(purpose + "-" + TABLES.incrementAndGet())
                .withFeedRetention(feedRetention);
        DynamoStorage storage = open(settings, interceptors, retries, clock);
        storage.bootstrap();
        return storage;
    }

    /**
     * A table as a version before follower entries left it: made, then its upgrade marker removed.
     * The storage returned has not bootstrapped it, so it looks the marker up at its first follower
     * read, as a process that did not upgrade the table does. Its bootstrap upgrades the table.
     */
    static DynamoStorage olderTable(String purpose, List<ExecutionInterceptor> interceptors, Clock clock) {
        DynamoSettings settings = settings().withTableName(purpose + "-" + TABLES.incrementAndGet());
        try (DynamoStorage maker = open(settings, List.of(), Retries.DEFAULT, clock)) {
            maker.bootstrap();
            maker.access().client.deleteItem(b -> b.tableName(settings.tableName())
                    .key(TableLayout.keyMap(TableLayout.migration(FollowerEntryBackfill.NAME))));
        }
        return upgrading(settings, interceptors, clock);
    }

    /**
     * A storage that may Scan, for a table of an older layout: its bootstrap upgrades the table, and
     * the follower entries' upgrade is the adapter's one Scan ({@link FollowerEntryBackfill}).
     */
    static DynamoStorage upgrading(DynamoSettings settings, List<ExecutionInterceptor> interceptors, Clock clock) {
        return DynamoStorage.open(settings, CapacityListener.NONE, interceptors, Retries.DEFAULT, clock);
    }

    static DynamoStorage open(DynamoSettings settings, List<ExecutionInterceptor> interceptors, Retries retries, Clock clock) {
        List<ExecutionInterceptor> all = new ArrayList<>(interceptors);
        all.add(new ScanForbidden());
        return DynamoStorage.open(settings, CapacityListener.NONE, all, retries, clock);
    }
}

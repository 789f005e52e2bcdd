package io.feedline.adapter.dynamodb;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One DynamoDB Local server for the whole test run, in this JVM (nothing to install). The contract
 * suites share one table, since their tests use fresh ids; tests that count requests or inject
 * faults open their own storage, on a fresh table when they need one. Every storage refuses Scan.
 */
final class LocalDynamo {
    /** Quick retries, so that the fault tests spend their time on requests, not on sleeping. */
    static final Retries FAST =
            new Retries(BackoffStrategy.exponentialDelayHalfJitter(Duration.ofMillis(1), Duration.ofMillis(20)), 6);

    private static final AtomicInteger TABLES = new AtomicInteger();
    private static EmbeddedDynamo server;
    private static DynamoStorage shared;
    private static final Map<Duration, DynamoStorage> BY_LOCK_TIMEOUT = new HashMap<>();

    private LocalDynamo() {}

    static synchronized EmbeddedDynamo server() {
        if (server == null) {
            try {
                server = EmbeddedDynamo.inMemory();
            } catch (RuntimeException e) {
                throw new AssertionError("DynamoDB Local did not start in-process. It comes with the module's "
                        + "dependencies (com.amazonaws:DynamoDBLocal); check that the build resolved it and that the "
                        + "temp directory is writable for its native SQLite library: " + e.getMessage(), e);
            }
        }
        return server;
    }

    /** The storage on the table every contract suite shares, bootstrapped once. */
    static synchronized DynamoStorage shared() {
        if (shared == null) {
            shared = open(server().settings().withTableName("contracts"), List.of(), Retries.DEFAULT, Clock.systemUTC());
            shared.bootstrap();
        }
        return shared;
    }

    /** A storage on the shared table whose idempotency claims may be taken over after {@code lockTimeout}. */
    static synchronized DynamoStorage sharedWithLockTimeout(Duration lockTimeout) {
        shared();
        return BY_LOCK_TIMEOUT.computeIfAbsent(lockTimeout, timeout -> open(
                server().settings().withTableName("contracts").withIdempotency(timeout, Duration.ofHours(24)),
                List.of(), Retries.DEFAULT, Clock.systemUTC()));
    }

    /** A fresh, bootstrapped table of its own, with the given interceptors. The caller closes it. */
    static DynamoStorage freshTable(String purpose, List<ExecutionInterceptor> interceptors, Retries retries) {
        return freshTable(purpose, interceptors, retries, Clock.systemUTC(), DynamoSettings.DEFAULT_FEED_RETENTION);
    }

    static DynamoStorage freshTable(String purpose, List<ExecutionInterceptor> interceptors, Retries retries,
            Clock clock, Duration feedRetention) {
        DynamoSettings settings = server().settings()
                .withTableName(purpose + "-" + TABLES.incrementAndGet())
                .withFeedRetention(feedRetention);
        DynamoStorage storage = open(settings, interceptors, retries, clock);
        storage.bootstrap();
        return storage;
    }

    static DynamoStorage open(DynamoSettings settings, List<ExecutionInterceptor> interceptors, Retries retries, Clock clock) {
        List<ExecutionInterceptor> all = new ArrayList<>(interceptors);
        all.add(new ScanForbidden());
        return DynamoStorage.open(settings, CapacityListener.NONE, all, retries, clock);
    }

    /** A plain client on the server, for looking at raw items and shaping tables by hand. */
    static DynamoDbClient rawClient() {
        return DynamoDbClient.builder()
                .endpointOverride(server().endpoint())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .build();
    }
}

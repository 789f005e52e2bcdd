package io.feedline.app.http;

import io.feedline.adapter.dynamodb.ClientInterceptors;
import io.feedline.adapter.dynamodb.StaleReads;
import io.feedline.app.bootstrap.App;
import io.feedline.app.bootstrap.FeedlineConfig;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Apps for the HTTP tests: the real embedded profile (DynamoDB Local in this JVM, in memory), on a
 * free port. Fan-out runs only when a test drains it, so what a feed shows never depends on timing.
 *
 * <p>With the system property {@value #STALE_TABLE} set (the {@code stale-table} test run of this
 * module's pom), every app they build runs on a table whose eventually consistent reads and GSI1
 * answer as they were a day ago ({@link StaleReads}), as the slowest replica on AWS could: each
 * HTTP suite then passes only if no request needs an index or an eventual read to see a write just
 * made. GSI2 (claimable jobs) does not lag there: a lag would only delay claims, and the suites
 * drain the outbox right after each write.
 */
public final class TestApps {
    public static final String TOKEN_SECRET = "test-token-secret-of-at-least-32-bytes!!";
    public static final String STALE_TABLE = "feedline.test.stale-table";
    private static App shared;

    private TestApps() {}

    /** One app for every test class that needs nothing special; tests keep apart by fresh usernames. */
    public static synchronized App shared() {
        if (shared == null) {
            shared = start(Map.of());
            Runtime.getRuntime().addShutdownHook(new Thread(shared::close));
        }
        return shared;
    }

    /** The embedded profile in memory with {@code overrides}; the caller closes it. */
    public static App start(Map<String, ?> overrides) {
        return create(embedded(overrides), Clock.systemUTC()).start();
    }

    /** An unstarted app of {@code config} on {@code clock}, on a lagging table in the stale-table run. */
    public static App create(FeedlineConfig config, Clock clock) {
        return App.create(config, clock, dynamoInterceptors());
    }

    /** Bearer tokens signed with {@link #TOKEN_SECRET}, for an HTTP API a test builds by hand; none is revoked. */
    static BearerTokens bearerTokens() {
        return new BearerTokens(TOKEN_SECRET.getBytes(StandardCharsets.UTF_8), Duration.ofHours(1), Clock.systemUTC(),
                new TokenRevocations() {
                    @Override
                    public void revoke(String tokenId, Instant expiresAt) {
                        throw new UnsupportedOperationException("no route here revokes");
                    }

                    @Override
                    public boolean isRevoked(String tokenId) {
                        return false;
                    }
                }, new SessionStamps(user -> shared().useCases().authenticate().sessionStamp(user), Duration.ZERO, 1_000,
                        System::nanoTime, word -> {}));
    }

    /** Cursors signed with {@link #TOKEN_SECRET}, for an HTTP API a test builds by hand. */
    static Cursors cursors() {
        return new Cursors(TOKEN_SECRET.getBytes(StandardCharsets.UTF_8), Duration.ofHours(1), Clock.systemUTC());
    }

    /** Whether this run's apps sit on a lagging table. */
    public static boolean staleTable() {
        return Boolean.getBoolean(STALE_TABLE);
    }

    private static ClientInterceptors dynamoInterceptors() {
        return staleTable() ? StaleReads.onEveryTable(Duration.ofDays(1), Duration.ZERO) : ClientInterceptors.NONE;
    }

    public static FeedlineConfig embedded(Map<String, ?> overrides) {
        Map<String, Object> config = new HashMap<>();
        config.put("http.host", "127.0.0.1");
        config.put("http.port", 0);
        config.put("dynamodb.in-memory", true);
        config.put("worker.in-process", 0);
        // No worker runs until a test drains the outbox, so a waiting job is no sign of trouble here.
        config.put("fanout.backlog-threshold", "1d");
        config.put("token.secret", TOKEN_SECRET);
        // Tests register and log in many users from one address; the tests of these limits set them low.
        config.put("http.rate-limit.credentials.requests", 1_000_000);
        config.put("http.rate-limit.failed-logins.requests", 1_000_000);
        config.putAll(overrides);
        return FeedlineConfig.of(config);
    }
}

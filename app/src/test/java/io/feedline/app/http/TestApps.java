package io.feedline.app.http;

import io.feedline.app.bootstrap.App;
import io.feedline.app.bootstrap.FeedlineConfig;
import java.util.HashMap;
import java.util.Map;

/**
 * Apps for the HTTP tests: the real embedded profile (DynamoDB Local in this JVM, in memory), on a
 * free port. Fan-out runs only when a test drains it, so what a feed shows never depends on timing.
 */
public final class TestApps {
    public static final String TOKEN_SECRET = "test-token-secret-of-at-least-32-bytes!!";
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
        return App.create(embedded(overrides)).start();
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

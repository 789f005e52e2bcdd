package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.FeedlineException;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How to reach the table and how long its data lives.
 *
 * @param endpoint a DynamoDB Local URL, or empty for AWS itself (its regional endpoint)
 * @param region the AWS region (any valid name for DynamoDB Local)
 * @param tableName the single table's name
 * @param feedRetention how long a feed item lives before its {@code ttl} expires it
 * @param accessKey fixed credentials (DynamoDB Local takes any); empty for the default AWS chain
 *     (environment, profile, instance role)
 * @param callTimeout the most one call may take, SDK retries included
 * @param idempotencyLockTimeout after how long an unfinished idempotent request may be taken over
 * @param idempotencyRetention how long an idempotency key and its result are kept
 * @param notificationRetention how long a notification row stays after its last write (its TTL)
 * @param hotPostThreshold how many count jobs of one post in one applied batch make it hot: its
 *     counts are then spread over counter shards
 */
public record DynamoSettings(
        Optional<URI> endpoint,
        String region,
        String tableName,
        Duration feedRetention,
        Optional<AccessKey> accessKey,
        Duration callTimeout,
        Duration idempotencyLockTimeout,
        Duration idempotencyRetention,
        Duration notificationRetention,
        int hotPostThreshold) {

    public static final String DEFAULT_REGION = "us-east-1";
    public static final Duration DEFAULT_FEED_RETENTION = Duration.ofDays(90);
    public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_IDEMPOTENCY_LOCK_TIMEOUT = Duration.ofSeconds(30);
    public static final Duration DEFAULT_IDEMPOTENCY_RETENTION = Duration.ofHours(24);
    /** Notifications are kept as long as feed items by default. */
    public static final Duration DEFAULT_NOTIFICATION_RETENTION = DEFAULT_FEED_RETENTION;
    public static final int DEFAULT_HOT_POST_THRESHOLD = 16;

    // DynamoDB's own rule for table names.
    private static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z0-9_.-]{3,255}");

    /** A fixed access key; the secret never shows in {@link #toString()}. */
    public record AccessKey(String id, String secret) {
        public AccessKey {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(secret, "secret");
        }

        @Override
        public String toString() {
            return "AccessKey[id=" + id + ", secret=***]";
        }
    }

    public DynamoSettings {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(accessKey, "accessKey");
        if (region == null || region.isBlank()) {
            throw new FeedlineException.InvalidInput("dynamodb.region", "dynamodb.region is required");
        }
        if (tableName == null || !TABLE_NAME.matcher(tableName).matches()) {
            throw new FeedlineException.InvalidInput(
                    "dynamodb.table", "dynamodb.table must be 3-255 characters of A-Z, a-z, 0-9, '_', '-' and '.'");
        }
        requirePositive("dynamodb.feed-retention", feedRetention);
        requirePositive("dynamodb.call-timeout", callTimeout);
        requirePositive("dynamodb.idempotency-lock-timeout", idempotencyLockTimeout);
        requirePositive("dynamodb.idempotency-retention", idempotencyRetention);
        requirePositive("notifications.retention", notificationRetention);
        if (hotPostThreshold < 1) {
            throw new FeedlineException.InvalidInput("counters.hot-post-threshold", "counters.hot-post-threshold must be at least 1");
        }
    }

    private static void requirePositive(String field, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new FeedlineException.InvalidInput(field, field + " must be a positive duration");
        }
    }

    /** DynamoDB Local at {@code endpoint}, with the defaults. */
    public static DynamoSettings local(URI endpoint) {
        return new DynamoSettings(Optional.of(endpoint), DEFAULT_REGION, TableLayout.DEFAULT_TABLE_NAME,
                DEFAULT_FEED_RETENTION, Optional.of(new AccessKey("local", "local")), DEFAULT_CALL_TIMEOUT,
                DEFAULT_IDEMPOTENCY_LOCK_TIMEOUT, DEFAULT_IDEMPOTENCY_RETENTION,
                DEFAULT_NOTIFICATION_RETENTION, DEFAULT_HOT_POST_THRESHOLD);
    }

    /** DynamoDB in {@code region}, with the default credentials chain and the defaults. */
    public static DynamoSettings aws(String region) {
        return new DynamoSettings(Optional.empty(), region, TableLayout.DEFAULT_TABLE_NAME, DEFAULT_FEED_RETENTION,
                Optional.empty(), DEFAULT_CALL_TIMEOUT, DEFAULT_IDEMPOTENCY_LOCK_TIMEOUT, DEFAULT_IDEMPOTENCY_RETENTION,
                DEFAULT_NOTIFICATION_RETENTION, DEFAULT_HOT_POST_THRESHOLD);
    }

    public DynamoSettings withTableName(String name) {
        return new DynamoSettings(endpoint, region, name, feedRetention, accessKey, callTimeout,
                idempotencyLockTimeout, idempotencyRetention, notificationRetention, hotPostThreshold);
    }

    public DynamoSettings withRegion(String newRegion) {
        return new DynamoSettings(endpoint, newRegion, tableName, feedRetention, accessKey, callTimeout,
                idempotencyLockTimeout, idempotencyRetention, notificationRetention, hotPostThreshold);
    }

    public DynamoSettings withFeedRetention(Duration retention) {
        return new DynamoSettings(endpoint, region, tableName, retention, accessKey, callTimeout,
                idempotencyLockTimeout, idempotencyRetention, notificationRetention, hotPostThreshold);
    }

    public DynamoSettings withAccessKey(Optional<AccessKey> key) {
        return new DynamoSettings(endpoint, region, tableName, feedRetention, key, callTimeout,
                idempotencyLockTimeout, idempotencyRetention, notificationRetention, hotPostThreshold);
    }

    public DynamoSettings withCallTimeout(Duration timeout) {
        return new DynamoSettings(endpoint, region, tableName, feedRetention, accessKey, timeout,
                idempotencyLockTimeout, idempotencyRetention, notificationRetention, hotPostThreshold);
    }

    public DynamoSettings withIdempotency(Duration lockTimeout, Duration retention) {
        return new DynamoSettings(endpoint, region, tableName, feedRetention, accessKey, callTimeout,
                lockTimeout, retention, notificationRetention, hotPostThreshold);
    }

    public DynamoSettings withNotificationRetention(Duration retention) {
        return new DynamoSettings(endpoint, region, tableName, feedRetention, accessKey, callTimeout,
                idempotencyLockTimeout, idempotencyRetention, retention, hotPostThreshold);
    }

    public DynamoSettings withHotPostThreshold(int threshold) {
        return new DynamoSettings(endpoint, region, tableName, feedRetention, accessKey, callTimeout,
                idempotencyLockTimeout, idempotencyRetention, notificationRetention, threshold);
    }
}

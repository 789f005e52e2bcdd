package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.Delivery;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The fan-out the adapter does not do: one PutItem per delivery, of the very item that
 * {@code FeedItems.append} writes 25 to a BatchWriteItem. It is the naive baseline of the bench
 * module's fan-out write benchmark, and ships in this module's test-jar (not in production) because
 * it needs the table layout, which stays package-private. Each request is reported to the
 * {@link CapacityListener} under {@link #ACCESS_PATTERN}.
 */
public final class PutItemPerDelivery implements AutoCloseable {
    /** The access pattern its requests are reported under. */
    public static final String ACCESS_PATTERN = "bench_put_per_follower";

    private final DynamoDbClient client;
    private final TableAccess db;
    private final DynamoFeedItems feedItems;

    private PutItemPerDelivery(DynamoDbClient client, DynamoSettings settings) {
        this.client = client;
        this.db = new TableAccess(client, settings.tableName(), Retries.DEFAULT, Clock.systemUTC());
        this.feedItems = new DynamoFeedItems(db, settings.feedRetention());
    }

    /** A client of its own on the table of {@code settings}, reporting capacity to {@code capacity}. */
    public static PutItemPerDelivery open(DynamoSettings settings, CapacityListener capacity) {
        return new PutItemPerDelivery(DynamoStorage.client(settings, List.of(new CapacityReporting(capacity))), settings);
    }

    /** Writes each delivery's feed item with a request of its own, one after another. */
    public void write(Collection<Delivery> deliveries) {
        long expiresAt = feedItems.expiresAt();
        for (Delivery delivery : deliveries) {
            db.run(ACCESS_PATTERN, () -> db.putItem(DynamoFeedItems.item(delivery, expiresAt)));
        }
    }

    @Override
    public void close() {
        client.close();
    }
}

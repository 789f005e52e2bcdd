package io.feedline.adapter.dynamodb;

import io.feedline.ports.out.HealthProbe;
import java.time.Duration;

/** Liveness of the table: one DescribeTable, which also proves the table exists. */
final class DynamoHealthProbe implements HealthProbe {
    // A health check answers fast or not at all; the data calls keep their own, longer timeout.
    private static final Duration TIMEOUT = Duration.ofSeconds(3);

    private final TableAccess db;

    DynamoHealthProbe(TableAccess db) {
        this.db = db;
    }

    @Override
    public String component() {
        return TableAccess.COMPONENT;
    }

    @Override
    public void ping() {
        db.run("health", () -> db.client.describeTable(b -> b.tableName(db.tableName)
                .overrideConfiguration(o -> o.apiCallTimeout(TIMEOUT))));
    }
}

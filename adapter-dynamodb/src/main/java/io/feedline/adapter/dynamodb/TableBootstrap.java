package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.FeedlineException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.waiters.DynamoDbWaiter;

/**
 * Creates the single table when it is missing: string {@code pk}/{@code sk}, GSI1 on
 * {@code gsi1pk}/{@code gsi1sk} projecting everything, TTL on {@code ttl}, on-demand billing. Safe to
 * run at every start: an existing table of the right shape is left alone, and one of another shape
 * stops the start with a message naming each difference, rather than failing on the first request.
 */
public final class TableBootstrap {
    private final DynamoDbClient client;
    private final String tableName;
    private boolean addedOutboxIndex;
    private boolean created;

    TableBootstrap(DynamoDbClient client, String tableName) {
        this.client = client;
        this.tableName = tableName;
    }

    /**
     * Makes sure the table of {@code settings} exists with the right shape (what {@code feedline
     * init} runs).
     *
     * @throws IllegalStateException if a table of that name exists with another shape
     * @throws FeedlineException.StorageUnavailable if DynamoDB cannot be reached
     */
    public static void ensureTable(DynamoSettings settings) {
        try (DynamoStorage storage = DynamoStorage.open(settings)) {
            storage.bootstrap();
        }
    }

    /** Creates the table if it is missing, then checks its shape and its TTL. */
    void ensure() {
        try {
            if (describe().isEmpty()) {
                create();
            }
            try (DynamoDbWaiter waiter = DynamoDbWaiter.builder().client(client).build()) {
                waiter.waitUntilTableExists(b -> b.tableName(tableName));
            }
            TableDescription table = describe().orElseThrow(
                    () -> new IllegalStateException("table '" + tableName + "' vanished while it was being created"));
            List<String> differences = differences(table);
            if (differences.equals(List.of("index " + TableLayout.GSI2 + " is missing"))) {
                // A table of the layout before the outbox index: upgraded in place.
                addedOutboxIndex = addOutboxIndexIfMissing();
                differences = differences(describe().orElseThrow());
            }
            if (!differences.isEmpty()) {
                throw new IllegalStateException("table '" + tableName + "' exists with the wrong shape: "
                        + String.join("; ", differences)
                        + ". Use another dynamodb.table, or drop this table so that it is created anew.");
            }
            ensureTimeToLive();
        } catch (SdkException e) {
            throw new FeedlineException.StorageUnavailable(
                    TableAccess.COMPONENT, "could not create or check table '" + tableName + "': " + e.getMessage(), e);
        }
    }

    /** Whether {@link #ensure} created the table (so it holds no item of an older layout). */
    boolean created() {
        return created;
    }

    /** Whether {@link #ensure} had to add the outbox index to an older table. */
    boolean addedOutboxIndex() {
        return addedOutboxIndex;
    }

    private Optional<TableDescription> describe() {
        try {
            return Optional.of(client.describeTable(b -> b.tableName(tableName)).table());
        } catch (ResourceNotFoundException e) {
            return Optional.empty();
        }
    }

    private void create() {
        try {
            client.createTable(b -> b.tableName(tableName)
                    .billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(
                            string(TableLayout.PK), string(TableLayout.SK),
                            string(TableLayout.GSI1_PK), string(TableLayout.GSI1_SK),
                            string(TableLayout.GSI2_PK), string(TableLayout.GSI2_SK))
                    .keySchema(hash(TableLayout.PK), range(TableLayout.SK))
                    .globalSecondaryIndexes(gsi1(), gsi2()));
            created = true;
        } catch (ResourceInUseException e) {
            // Another process created it first: the shape check that follows covers both cases.
        }
    }

    private static GlobalSecondaryIndex gsi1() {
        return GlobalSecondaryIndex.builder()
                .indexName(TableLayout.GSI1)
                .keySchema(hash(TableLayout.GSI1_PK), range(TableLayout.GSI1_SK))
                .projection(p -> p.projectionType(ProjectionType.ALL))
                .build();
    }

    private static GlobalSecondaryIndex gsi2() {
        return GlobalSecondaryIndex.builder()
                .indexName(TableLayout.GSI2)
                .keySchema(hash(TableLayout.GSI2_PK), range(TableLayout.GSI2_SK))
                .projection(p -> p.projectionType(ProjectionType.ALL))
                .build();
    }

    /**
     * A table made before the outbox had its index gets it added (DynamoDB builds it in the
     * background; this waits until it is active), so an existing deployment upgrades in place.
     * Jobs written before then carry no GSI2 keys: {@link DynamoFanoutJobs#indexLegacyJobs} adds them.
     */
    boolean addOutboxIndexIfMissing() {
        TableDescription table = describe().orElseThrow();
        boolean present = table.globalSecondaryIndexes() != null && table.globalSecondaryIndexes().stream()
                .anyMatch(index -> index.indexName().equals(TableLayout.GSI2));
        if (present) {
            return false;
        }
        GlobalSecondaryIndex index = gsi2();
        client.updateTable(b -> b.tableName(tableName)
                .attributeDefinitions(string(TableLayout.GSI2_PK), string(TableLayout.GSI2_SK))
                .globalSecondaryIndexUpdates(u -> u.create(c -> c.indexName(index.indexName())
                        .keySchema(index.keySchema())
                        .projection(index.projection()))));
        for (int i = 0; i < 600; i++) {
            boolean active = describe().orElseThrow().globalSecondaryIndexes().stream()
                    .filter(d -> d.indexName().equals(TableLayout.GSI2))
                    .anyMatch(d -> "ACTIVE".equals(d.indexStatusAsString()));
            if (active) {
                return true;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while index " + TableLayout.GSI2 + " was being built", e);
            }
        }
        throw new IllegalStateException("index " + TableLayout.GSI2 + " of table '" + tableName + "' did not become active within 60 s");
    }

    /** Every way {@code table} differs from the layout, in words; empty if it matches. */
    List<String> differences(TableDescription table) {
        List<String> differences = new ArrayList<>();
        List<KeySchemaElement> expectedKeys = List.of(hash(TableLayout.PK), range(TableLayout.SK));
        if (!table.keySchema().equals(expectedKeys)) {
            differences.add("its key is " + describe(table.keySchema()) + ", expected " + describe(expectedKeys));
        }
        for (String attribute : List.of(TableLayout.PK, TableLayout.SK, TableLayout.GSI1_PK, TableLayout.GSI1_SK,
                TableLayout.GSI2_PK, TableLayout.GSI2_SK)) {
            table.attributeDefinitions().stream()
                    .filter(d -> d.attributeName().equals(attribute))
                    .filter(d -> d.attributeType() != ScalarAttributeType.S)
                    .forEach(d -> differences.add("attribute " + attribute + " is of type " + d.attributeTypeAsString()
                            + ", expected S"));
        }
        for (GlobalSecondaryIndex expected : List.of(gsi1(), gsi2())) {
            Optional<GlobalSecondaryIndexDescription> index = table.globalSecondaryIndexes() == null ? Optional.empty()
                    : table.globalSecondaryIndexes().stream()
                            .filter(d -> d.indexName().equals(expected.indexName()))
                            .findFirst();
            if (index.isEmpty()) {
                differences.add("index " + expected.indexName() + " is missing");
                continue;
            }
            if (!index.get().keySchema().equals(expected.keySchema())) {
                differences.add("index " + expected.indexName() + " is keyed by " + describe(index.get().keySchema())
                        + ", expected " + describe(expected.keySchema()));
            }
            if (index.get().projection() == null || index.get().projection().projectionType() != ProjectionType.ALL) {
                differences.add("index " + expected.indexName() + " does not project ALL attributes");
            }
        }
        return differences;
    }

    private void ensureTimeToLive() {
        if (timeToLiveOn()) {
            return;
        }
        try {
            client.updateTimeToLive(b -> b.tableName(tableName)
                    .timeToLiveSpecification(s -> s.enabled(true).attributeName(TableLayout.TTL)));
        } catch (DynamoDbException e) {
            // Another process starting on the same table (a second server, a worker) may have turned
            // it on since the check: then DynamoDB refuses the update, and the table is as it should be.
            if (!timeToLiveOn()) {
                throw e;
            }
        }
    }

    /** Whether TTL is on (or turning on) on the layout's attribute; a TTL on another attribute is a wrong shape. */
    private boolean timeToLiveOn() {
        TimeToLiveDescription ttl = client.describeTimeToLive(b -> b.tableName(tableName)).timeToLiveDescription();
        TimeToLiveStatus status = ttl == null ? TimeToLiveStatus.DISABLED : ttl.timeToLiveStatus();
        boolean on = status == TimeToLiveStatus.ENABLED || status == TimeToLiveStatus.ENABLING;
        if (on && !TableLayout.TTL.equals(ttl.attributeName())) {
            throw new IllegalStateException("table '" + tableName + "' exists with the wrong shape: its TTL is on "
                    + "attribute " + ttl.attributeName() + ", expected " + TableLayout.TTL);
        }
        return on;
    }

    private static String describe(List<KeySchemaElement> keys) {
        return keys.stream().map(k -> k.attributeName() + " " + k.keyTypeAsString())
                .collect(Collectors.joining(", ", "(", ")"));
    }

    private static AttributeDefinition string(String name) {
        return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
    }

    private static KeySchemaElement hash(String name) {
        return KeySchemaElement.builder().attributeName(name).keyType(KeyType.HASH).build();
    }

    private static KeySchemaElement range(String name) {
        return KeySchemaElement.builder().attributeName(name).keyType(KeyType.RANGE).build();
    }
}

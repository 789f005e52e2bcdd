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
                            string(TableLayout.GSI1_PK), string(TableLayout.GSI1_SK))
                    .keySchema(hash(TableLayout.PK), range(TableLayout.SK))
                    .globalSecondaryIndexes(GlobalSecondaryIndex.builder()
                            .indexName(TableLayout.GSI1)
                            .keySchema(hash(TableLayout.GSI1_PK), range(TableLayout.GSI1_SK))
                            .projection(p -> p.projectionType(ProjectionType.ALL))
                            .build()));
        } catch (ResourceInUseException e) {
            // Another process created it first: the shape check that follows covers both cases.
        }
    }

    /** Every way {@code table} differs from the layout, in words; empty if it matches. */
    List<String> differences(TableDescription table) {
        List<String> differences = new ArrayList<>();
        List<KeySchemaElement> expectedKeys = List.of(hash(TableLayout.PK), range(TableLayout.SK));
        if (!table.keySchema().equals(expectedKeys)) {
            differences.add("its key is " + describe(table.keySchema()) + ", expected " + describe(expectedKeys));
        }
        for (String attribute : List.of(TableLayout.PK, TableLayout.SK, TableLayout.GSI1_PK, TableLayout.GSI1_SK)) {
            table.attributeDefinitions().stream()
                    .filter(d -> d.attributeName().equals(attribute))
                    .filter(d -> d.attributeType() != ScalarAttributeType.S)
                    .forEach(d -> differences.add("attribute " + attribute + " is of type " + d.attributeTypeAsString()
                            + ", expected S"));
        }
        Optional<GlobalSecondaryIndexDescription> gsi1 = table.globalSecondaryIndexes().stream()
                .filter(index -> index.indexName().equals(TableLayout.GSI1))
                .findFirst();
        if (gsi1.isEmpty()) {
            differences.add("index " + TableLayout.GSI1 + " is missing");
        } else {
            List<KeySchemaElement> expectedIndexKeys = List.of(hash(TableLayout.GSI1_PK), range(TableLayout.GSI1_SK));
            if (!gsi1.get().keySchema().equals(expectedIndexKeys)) {
                differences.add("index " + TableLayout.GSI1 + " is keyed by " + describe(gsi1.get().keySchema())
                        + ", expected " + describe(expectedIndexKeys));
            }
            if (gsi1.get().projection() == null || gsi1.get().projection().projectionType() != ProjectionType.ALL) {
                differences.add("index " + TableLayout.GSI1 + " does not project ALL attributes");
            }
        }
        return differences;
    }

    private void ensureTimeToLive() {
        TimeToLiveDescription ttl = client.describeTimeToLive(b -> b.tableName(tableName)).timeToLiveDescription();
        TimeToLiveStatus status = ttl == null ? TimeToLiveStatus.DISABLED : ttl.timeToLiveStatus();
        boolean on = status == TimeToLiveStatus.ENABLED || status == TimeToLiveStatus.ENABLING;
        if (on && !TableLayout.TTL.equals(ttl.attributeName())) {
            throw new IllegalStateException("table '" + tableName + "' exists with the wrong shape: its TTL is on "
                    + "attribute " + ttl.attributeName() + ", expected " + TableLayout.TTL);
        }
        if (!on) {
            client.updateTimeToLive(b -> b.tableName(tableName)
                    .timeToLiveSpecification(s -> s.enabled(true).attributeName(TableLayout.TTL)));
        }
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

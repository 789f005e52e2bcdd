package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.testsupport.DynamoLocal;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * On a DynamoDB Local of its own: DynamoDB Local builds an index added by UpdateTable in a background
 * job on a pool of 10 threads, which its schedulers and one time-to-live sweep per table holding
 * expired items share. On the server every other test class fills, those sweeps can hold the whole
 * pool for longer than the index may take (seen as "did not become active within 60 s"); here the
 * only tables are this class's few small ones.
 */
class TableBootstrapTest {
    private static final AtomicInteger TABLES = new AtomicInteger();
    private static DynamoLocal engine;
    private static DynamoDbClient raw;

    @BeforeAll
    static void connect() {
        engine = DynamoLocal.start();
        raw = engine.client();
    }

    @AfterAll
    static void close() {
        raw.close();
        engine.close();
    }

    private static DynamoSettings settingsFor(String table) {
        return DynamoSettings.local(engine.endpoint()).withTableName(table);
    }

    private static DynamoStorage storageOn(String table) {
        return LocalDynamo.open(settingsFor(table), List.of(), Retries.DEFAULT, Clock.systemUTC());
    }

    /**
     * Two processes starting at once on a new table (two {@code serve} instances on one shared
     * DynamoDB): the other one turns TTL on between this one's check and its own update.
     */
    @Test
    void anotherProcessEnablingTtlBetweenTheCheckAndTheUpdateIsFine() {
        String name = "boot-" + TABLES.incrementAndGet();
        AtomicBoolean otherProcessWon = new AtomicBoolean();
        ExecutionInterceptor otherProcess = new ExecutionInterceptor() {
            @Override
            public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
                if (context.request() instanceof DescribeTimeToLiveRequest && otherProcessWon.compareAndSet(false, true)) {
                    raw.updateTimeToLive(b -> b.tableName(name)
                            .timeToLiveSpecification(t -> t.enabled(true).attributeName(TableLayout.TTL)));
                }
            }
        };
        try (DynamoStorage storage = LocalDynamo.open(settingsFor(name), List.of(otherProcess),
                Retries.DEFAULT, Clock.systemUTC())) {
            storage.bootstrap();
        }

        assertThat(otherProcessWon).isTrue();
        var ttl = raw.describeTimeToLive(b -> b.tableName(name)).timeToLiveDescription();
        assertThat(ttl.timeToLiveStatus()).isIn(TimeToLiveStatus.ENABLED, TimeToLiveStatus.ENABLING);
    }

    @Test
    void bootstrapCreatesTheDesignedTableAndRunningItTwiceIsFine() {
        String name = "boot-" + TABLES.incrementAndGet();
        try (DynamoStorage storage = storageOn(name)) {
            storage.bootstrap();
            storage.bootstrap();
            TableBootstrap.ensureTable(storage.settings());
        }

        TableDescription table = raw.describeTable(b -> b.tableName(name)).table();
        assertThat(table.keySchema()).extracting(k -> k.attributeName() + " " + k.keyType())
                .containsExactly("pk " + KeyType.HASH, "sk " + KeyType.RANGE);
        assertThat(table.globalSecondaryIndexes()).hasSize(2);
        assertThat(table.globalSecondaryIndexes()).anySatisfy(index -> {
            assertThat(index.indexName()).isEqualTo(TableLayout.GSI1);
            assertThat(index.keySchema()).extracting(k -> k.attributeName() + " " + k.keyType())
                    .containsExactly("gsi1pk " + KeyType.HASH, "gsi1sk " + KeyType.RANGE);
            assertThat(index.projection().projectionType()).isEqualTo(ProjectionType.ALL);
        });
        assertThat(table.globalSecondaryIndexes()).anySatisfy(index -> {
            assertThat(index.indexName()).isEqualTo(TableLayout.GSI2);
            assertThat(index.keySchema()).extracting(k -> k.attributeName() + " " + k.keyType())
                    .containsExactly("gsi2pk " + KeyType.HASH, "gsi2sk " + KeyType.RANGE);
            assertThat(index.projection().projectionType()).isEqualTo(ProjectionType.ALL);
        });
        assertThat(table.billingModeSummary().billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
        var ttl = raw.describeTimeToLive(b -> b.tableName(name)).timeToLiveDescription();
        assertThat(ttl.timeToLiveStatus()).isIn(TimeToLiveStatus.ENABLED, TimeToLiveStatus.ENABLING);
        assertThat(ttl.attributeName()).isEqualTo("ttl");
    }

    @Test
    void tableWithAnotherKeyIsRefusedNamingEachDifference() {
        String name = "wrong-key-" + TABLES.incrementAndGet();
        raw.createTable(b -> b.tableName(name)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("id").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH)));

        try (DynamoStorage storage = storageOn(name)) {
            assertThatThrownBy(storage::bootstrap)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("table '" + name + "' exists with the wrong shape")
                    .hasMessageContaining("its key is (id HASH), expected (pk HASH, sk RANGE)")
                    .hasMessageContaining("index gsi1 is missing");
        }
    }

    /** A table with the layout's keys and GSI1 (projected as given) but no outbox index, as older layouts made. */
    private static void tableWithOnlyGsi1(String name, ProjectionType gsi1Projection) {
        raw.createTable(b -> b.tableName(name)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(
                        a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("sk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("gsi1pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("gsi1sk").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE))
                .globalSecondaryIndexes(g -> g.indexName("gsi1")
                        .keySchema(k -> k.attributeName("gsi1pk").keyType(KeyType.HASH),
                                k -> k.attributeName("gsi1sk").keyType(KeyType.RANGE))
                        .projection(p -> p.projectionType(gsi1Projection))));
    }

    @Test
    void tableWhoseIndexProjectsOnlyKeysIsRefused() {
        String name = "wrong-index-" + TABLES.incrementAndGet();
        tableWithOnlyGsi1(name, ProjectionType.KEYS_ONLY);

        try (DynamoStorage storage = storageOn(name)) {
            assertThatThrownBy(storage::bootstrap)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("index gsi1 does not project ALL attributes")
                    .hasMessageNotContaining("its key is");
        }
    }

    @Test
    void tableWithoutTheOutboxIndexGetsItAndItsWaitingJobsBecomeClaimable() {
        String name = "before-gsi2-" + TABLES.incrementAndGet();
        tableWithOnlyGsi1(name, ProjectionType.ALL);
        // A job as the layout before the index wrote it: no GSI2 keys.
        var job = new io.feedline.ports.model.FanoutJob.Deliver(new io.feedline.ports.model.PostRef(
                io.feedline.ports.contract.TestIds.postId(), io.feedline.ports.contract.TestIds.userId()));
        var key = TableLayout.fanoutJob(job.key());
        raw.putItem(b -> b.tableName(name).item(java.util.Map.of(
                "pk", TableLayout.s(key.partitionKeyValue().s()),
                "sk", TableLayout.s(key.sortKeyValue().orElseThrow().s()),
                "entity", TableLayout.s("fanout_job"),
                "v", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN("1"),
                "kind", TableLayout.s("deliver"),
                "postId", TableLayout.s(job.post().postId().value()),
                "authorId", TableLayout.s(job.post().authorId().value()),
                "availableAt", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN("0"),
                "attempts", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN("0"))));

        try (DynamoStorage storage = LocalDynamo.upgrading(settingsFor(name), List.of(), Clock.systemUTC())) {
            storage.bootstrap();

            assertThat(storage.access().get("test", TableLayout.migration(FollowerEntryBackfill.NAME)))
                    .as("its edges' follower entries upgraded too").isPresent();
            TableDescription table = raw.describeTable(b -> b.tableName(name)).table();
            assertThat(table.globalSecondaryIndexes()).extracting(i -> i.indexName())
                    .containsExactlyInAnyOrder(TableLayout.GSI1, TableLayout.GSI2);
            java.time.Instant now = java.time.Instant.now().plusSeconds(1);
            assertThat(storage.fanoutJobs().backlog(now).waitingJobs()).isEqualTo(1);
            assertThat(storage.fanoutJobs().claim("w1", 10, now, java.time.Duration.ofMinutes(1)))
                    .extracting(c -> c.job()).containsExactly(job);
            storage.bootstrap();
        }
    }
}

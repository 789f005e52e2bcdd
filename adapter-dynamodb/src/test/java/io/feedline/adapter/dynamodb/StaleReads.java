package io.feedline.adapter.dynamodb;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * DynamoDB as AWS may answer it, on DynamoDB Local, which is always strongly consistent: a Query on
 * a global secondary index, and a GetItem, BatchGetItem or Query without ConsistentRead, see each
 * item as it was {@code lag} ago. Before every write the item's current image is saved (read
 * strongly consistent through a client without this interceptor); an eventually consistent answer
 * then swaps each item written within the lag for its image before the first such write, and
 * leaves out items that did not exist then (or were not yet in the index). Items deleted within the
 * lag are not brought back: a stale read here may miss a deletion's absence, never invent an item.
 * An eventually consistent COUNT query counts the items as they were. In the adapter's test-jar, so
 * that the app's HTTP suites can run on a lagging table too ({@link #onEveryTable}).
 */
public final class StaleReads implements ExecutionInterceptor {
    private record Version(long writtenAtMillis, Optional<Map<String, AttributeValue>> before) {}

    /** Marks an eventually consistent COUNT query, sent for its items so that they can be aged. */
    private static final ExecutionAttribute<Boolean> COUNT_ONLY = new ExecutionAttribute<>("StaleReads.countOnly");

    private final DynamoDbClient raw;
    private final String table;
    private final Duration lag;
    private final Map<String, Duration> indexLags;
    private final Clock clock;
    private final Map<Map<String, AttributeValue>, List<Version>> history = new ConcurrentHashMap<>();

    StaleReads(DynamoDbClient raw, String table, Duration lag, Clock clock) {
        this(raw, table, lag, Map.of(), clock);
    }

    /** As above, with {@code indexLags} overriding {@code lag} for queries on the named indexes. */
    StaleReads(DynamoDbClient raw, String table, Duration lag, Map<String, Duration> indexLags, Clock clock) {
        this.raw = raw;
        this.table = table;
        this.lag = lag;
        this.indexLags = Map.copyOf(indexLags);
        this.clock = clock;
    }

    /**
     * For a whole app: every table it opens lags {@code lag} behind on its eventually consistent
     * reads and GSI1, and {@code claimableJobsLag} on GSI2 (the outbox's claimable jobs). A lagging
     * GSI2 only delays claims, which a test that drains the outbox at once would read as "nothing to
     * deliver"; {@code StaleReadsTest} shows that a stale GSI2 never hands a job out twice.
     */
    public static ClientInterceptors onEveryTable(Duration lag, Duration claimableJobsLag) {
        return settings -> List.of(new StaleReads(DynamoStorage.client(settings, List.of()), settings.tableName(), lag,
                Map.of(TableLayout.GSI2, claimableJobsLag), Clock.systemUTC()));
    }

    /**
     * An eventually consistent Query is sent without its projection, so that each answered item
     * carries its key and its older image can be found; the adapter reads only what it projected.
     */
    @Override
    public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
        if (context.request() instanceof QueryRequest query && query.select() == Select.COUNT && eventual(query)) {
            attributes.putAttribute(COUNT_ONLY, true);
            return query.toBuilder().select((Select) null).build();
        }
        if (context.request() instanceof QueryRequest query && query.projectionExpression() != null && eventual(query)) {
            String used = query.keyConditionExpression() + " " + Optional.ofNullable(query.filterExpression()).orElse("");
            Map<String, String> names = new HashMap<>();
            query.expressionAttributeNames().forEach((placeholder, name) -> {
                if (used.contains(placeholder)) {
                    names.put(placeholder, name);
                }
            });
            return query.toBuilder()
                    .projectionExpression(null)
                    .expressionAttributeNames(names.isEmpty() ? null : names)
                    .build();
        }
        return context.request();
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        SdkRequest request = context.request();
        List<Map<String, AttributeValue>> keys = switch (request) {
            case PutItemRequest put -> List.of(key(put.item()));
            case UpdateItemRequest update -> List.of(update.key());
            case DeleteItemRequest delete -> List.of(delete.key());
            case TransactWriteItemsRequest transact -> transact.transactItems().stream().map(StaleReads::key).toList();
            case BatchWriteItemRequest batch -> batch.requestItems().values().stream()
                    .flatMap(List::stream)
                    .map(w -> w.putRequest() != null ? key(w.putRequest().item()) : w.deleteRequest().key())
                    .toList();
            default -> List.of();
        };
        long now = clock.millis();
        for (Map<String, AttributeValue> key : keys) {
            Map<String, AttributeValue> current = raw.getItem(GetItemRequest.builder()
                    .tableName(table).key(key).consistentRead(true).build()).item();
            Optional<Map<String, AttributeValue>> before =
                    current == null || current.isEmpty() ? Optional.empty() : Optional.of(current);
            history.computeIfAbsent(key, k -> java.util.Collections.synchronizedList(new ArrayList<>()))
                    .add(new Version(now, before));
        }
    }

    @Override
    public SdkResponse modifyResponse(Context.ModifyResponse context, ExecutionAttributes attributes) {
        SdkRequest request = context.request();
        SdkResponse response = context.response();
        if (request instanceof QueryRequest query && response instanceof QueryResponse answer && eventual(query)) {
            Optional<String> indexPk = Optional.ofNullable(query.indexName()).map(StaleReads::indexPartitionKey);
            Duration queryLag = Optional.ofNullable(query.indexName()).map(i -> indexLags.getOrDefault(i, lag)).orElse(lag);
            List<Map<String, AttributeValue>> items = new ArrayList<>();
            for (Map<String, AttributeValue> item : answer.items()) {
                stale(item, indexPk, queryLag).ifPresent(items::add);
            }
            if (Boolean.TRUE.equals(attributes.getAttribute(COUNT_ONLY))) {
                return answer.toBuilder().items((List<Map<String, AttributeValue>>) null).count(items.size()).build();
            }
            return answer.toBuilder().items(items).count(items.size()).build();
        }
        if (request instanceof GetItemRequest get && response instanceof GetItemResponse answer
                && !Boolean.TRUE.equals(get.consistentRead()) && answer.hasItem() && !answer.item().isEmpty()) {
            return stale(answer.item(), Optional.empty(), lag)
                    .map(item -> answer.toBuilder().item(item).build())
                    .orElseGet(() -> answer.toBuilder().item(Map.of()).build());
        }
        if (request instanceof BatchGetItemRequest batch && response instanceof BatchGetItemResponse answer) {
            Map<String, List<Map<String, AttributeValue>>> tables = new LinkedHashMap<>();
            answer.responses().forEach((name, items) -> {
                boolean consistent = Boolean.TRUE.equals(batch.requestItems().get(name).consistentRead());
                List<Map<String, AttributeValue>> kept = new ArrayList<>();
                for (Map<String, AttributeValue> item : items) {
                    if (consistent) {
                        kept.add(item);
                    } else {
                        stale(item, Optional.empty(), lag).ifPresent(kept::add);
                    }
                }
                tables.put(name, kept);
            });
            return answer.toBuilder().responses(tables).build();
        }
        return response;
    }

    /** The item as it was {@code lag} ago: absent if it did not exist then (or was not in the index). */
    private static boolean eventual(QueryRequest query) {
        return query.indexName() != null || !Boolean.TRUE.equals(query.consistentRead());
    }

    private Optional<Map<String, AttributeValue>> stale(
            Map<String, AttributeValue> item, Optional<String> indexPk, Duration lag) {
        List<Version> versions = history.get(key(item));
        if (versions == null) {
            return Optional.of(item);
        }
        long horizon = clock.millis() - lag.toMillis();
        Optional<Map<String, AttributeValue>> seen = Optional.of(item);
        synchronized (versions) {
            for (Version version : versions) {
                if (version.writtenAtMillis() > horizon) {
                    seen = version.before();
                    break;
                }
            }
        }
        return seen.filter(image -> indexPk.map(image::containsKey).orElse(true));
    }

    private static String indexPartitionKey(String index) {
        return index.equals(TableLayout.GSI1) ? TableLayout.GSI1_PK : TableLayout.GSI2_PK;
    }

    private static Map<String, AttributeValue> key(Map<String, AttributeValue> item) {
        return Map.of(TableLayout.PK, item.get(TableLayout.PK), TableLayout.SK, item.get(TableLayout.SK));
    }

    private static Map<String, AttributeValue> key(TransactWriteItem item) {
        if (item.put() != null) {
            return key(item.put().item());
        }
        if (item.update() != null) {
            return item.update().key();
        }
        if (item.delete() != null) {
            return item.delete().key();
        }
        return item.conditionCheck().key();
    }
}

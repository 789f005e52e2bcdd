package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.FeedlineException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.function.Supplier;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbIndex;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchGetItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchGetResultPage;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchWriteItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchWriteResult;
import software.amazon.awssdk.enhanced.dynamodb.model.GetItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.Page;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.ReadBatch;
import software.amazon.awssdk.enhanced.dynamodb.model.WriteBatch;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.TransactionInProgressException;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * How the adapters talk to the table: each request runs under an access-pattern name (for the
 * capacity report), every SDK failure becomes {@link FeedlineException.StorageUnavailable}, and the
 * retries DynamoDB leaves to the caller (unprocessed batch items, throttled batches, transaction
 * conflicts) are done here once, with backoff.
 */
final class TableAccess {
    static final String COMPONENT = "dynamodb";
    /** DynamoDB's own limits per request. */
    static final int BATCH_WRITE_LIMIT = 25;
    static final int BATCH_GET_LIMIT = 100;

    private static final String CONDITION_FAILED = "ConditionalCheckFailed";
    private static final String CONFLICT = "TransactionConflict";
    private static final List<String> THROTTLED = List.of("ThrottlingError", "ProvisionedThroughputExceeded");
    private static final int CLIENT_TOKEN_LENGTH = 36;

    final DynamoDbClient client;
    final DynamoDbTable<EnhancedDocument> table;
    final DynamoDbIndex<EnhancedDocument> gsi1;
    final DynamoDbIndex<EnhancedDocument> gsi2;
    final String tableName;
    final Clock clock;
    private final DynamoDbEnhancedClient enhanced;
    private final Retries retries;

    TableAccess(DynamoDbClient client, String tableName, Retries retries, Clock clock) {
        this.client = client;
        this.enhanced = DynamoDbEnhancedClient.builder().dynamoDbClient(client).build();
        this.table = enhanced.table(tableName, TableLayout.SCHEMA);
        this.gsi1 = table.index(TableLayout.GSI1);
        this.gsi2 = table.index(TableLayout.GSI2);
        this.tableName = tableName;
        this.retries = retries;
        this.clock = clock;
    }

    /** Runs {@code body} as access pattern {@code pattern}, with SDK failures wrapped. */
    <T> T call(String pattern, Supplier<T> body) {
        return CapacityReporting.under(pattern, () -> {
            try {
                return body.get();
            } catch (FeedlineException e) {
                throw e;
            } catch (SdkException e) {
                throw unavailable(pattern, e);
            }
        });
    }

    void run(String pattern, Runnable body) {
        call(pattern, () -> {
            body.run();
            return null;
        });
    }

    static FeedlineException.StorageUnavailable unavailable(String pattern, Throwable cause) {
        return new FeedlineException.StorageUnavailable(COMPONENT, pattern + " failed: " + cause.getMessage(), cause);
    }

    // --- reads

    /** One strongly consistent GetItem. */
    Optional<EnhancedDocument> get(String pattern, Key key) {
        return call(pattern, () -> Optional.ofNullable(
                table.getItem(GetItemEnhancedRequest.builder().key(key).consistentRead(true).build())));
    }

    /** Exactly one Query request: the first page only. */
    Page<EnhancedDocument> queryPage(String pattern, QueryEnhancedRequest request) {
        return call(pattern, () -> table.query(request).iterator().next());
    }

    /** Exactly one Query request on GSI1. */
    Page<EnhancedDocument> queryIndexPage(String pattern, QueryEnhancedRequest request) {
        return call(pattern, () -> gsi1.query(request).iterator().next());
    }

    /**
     * The first {@code max} items of a Query whose limit is {@code max}: one request, unless a page
     * stops short at the 1 MB a response may carry, and then the pages after it until {@code max}.
     */
    List<EnhancedDocument> queryUpTo(String pattern, QueryEnhancedRequest request, int max) {
        return call(pattern, () -> table.query(request).items().stream().limit(max).toList());
    }

    /** As {@link #queryUpTo}, on GSI1. */
    List<EnhancedDocument> queryIndexUpTo(String pattern, QueryEnhancedRequest request, int max) {
        return call(pattern, () -> gsi1.query(request).stream().flatMap(page -> page.items().stream()).limit(max).toList());
    }

    /** Exactly one Query request on GSI2 (the outbox's claimable jobs). */
    Page<EnhancedDocument> queryOutboxIndexPage(String pattern, QueryEnhancedRequest request) {
        return call(pattern, () -> gsi2.query(request).iterator().next());
    }

    /** How many items a query on GSI2 matches, counted by the engine page after page. */
    long countOutboxIndex(String pattern, QueryEnhancedRequest request) {
        return call(pattern, () -> {
            long total = 0;
            for (Page<EnhancedDocument> page : gsi2.query(request)) {
                total += page.count() == null ? 0 : page.count();
            }
            return total;
        });
    }

    /** Every item the query matches, page after page (for partitions known to stay small). */
    List<EnhancedDocument> queryAll(String pattern, QueryEnhancedRequest request) {
        return call(pattern, () -> {
            List<EnhancedDocument> all = new ArrayList<>();
            table.query(request).items().forEach(all::add);
            return all;
        });
    }

    /** How many items the query matches, counted by the engine page after page. */
    long count(String pattern, QueryEnhancedRequest request) {
        return call(pattern, () -> {
            long total = 0;
            for (Page<EnhancedDocument> page : table.query(request)) {
                total += page.count() == null ? 0 : page.count();
            }
            return total;
        });
    }

    /**
     * BatchGetItem, strongly consistent (every batch read here must see the latest write),
     * {@value #BATCH_GET_LIMIT} keys a call, retrying UnprocessedKeys with backoff.
     */
    List<EnhancedDocument> batchGetConsistent(String pattern, List<Key> keys) {
        return call(pattern, () -> {
            List<EnhancedDocument> found = new ArrayList<>(keys.size());
            for (int from = 0; from < keys.size(); from += BATCH_GET_LIMIT) {
                List<Key> pending = keys.subList(from, Math.min(keys.size(), from + BATCH_GET_LIMIT));
                int stalls = 0;
                while (!pending.isEmpty()) {
                    ReadBatch.Builder<EnhancedDocument> batch =
                            ReadBatch.builder(EnhancedDocument.class).mappedTableResource(table);
                    pending.forEach(key -> batch.addGetItem(
                            GetItemEnhancedRequest.builder().key(key).consistentRead(true).build()));
                    BatchGetResultPage page;
                    try {
                        page = enhancedBatchGet(batch.build());
                    } catch (SdkException e) {
                        if (!throttled(e)) {
                            throw e;
                        }
                        stalls = stall(pattern, stalls, pending.size(), e);
                        continue;
                    }
                    found.addAll(page.resultsForTable(table));
                    List<Key> unprocessed = page.unprocessedKeysForTable(table);
                    stalls = afterRound(pattern, stalls, pending.size(), unprocessed.size());
                    pending = unprocessed;
                }
            }
            return found;
        });
    }

    private BatchGetResultPage enhancedBatchGet(ReadBatch batch) {
        // The enhanced paginator would resubmit UnprocessedKeys at once; we take one page and back off.
        return enhanced.batchGetItem(BatchGetItemEnhancedRequest.builder().readBatches(batch).build())
                .iterator()
                .next();
    }

    // --- batched writes

    /** One write of a batch: a put of a whole item or a delete by key. */
    sealed interface BatchOp {
        record PutDoc(EnhancedDocument item) implements BatchOp {}

        record DeleteKey(Key key) implements BatchOp {}
    }

    /**
     * BatchWriteItem, {@value #BATCH_WRITE_LIMIT} items a call, retrying UnprocessedItems and
     * throttled calls with exponential backoff and jitter until every item is written. It gives up
     * only after several retries in a row made no progress at all.
     */
    void batchWrite(String pattern, List<BatchOp> ops) {
        run(pattern, () -> {
            for (int from = 0; from < ops.size(); from += BATCH_WRITE_LIMIT) {
                List<BatchOp> pending = ops.subList(from, Math.min(ops.size(), from + BATCH_WRITE_LIMIT));
                int stalls = 0;
                while (!pending.isEmpty()) {
                    WriteBatch.Builder<EnhancedDocument> batch =
                            WriteBatch.builder(EnhancedDocument.class).mappedTableResource(table);
                    for (BatchOp op : pending) {
                        switch (op) {
                            case BatchOp.PutDoc put -> batch.addPutItem(put.item());
                            case BatchOp.DeleteKey delete -> batch.addDeleteItem(delete.key());
                        }
                    }
                    BatchWriteResult result;
                    try {
                        result = enhanced.batchWriteItem(
                                BatchWriteItemEnhancedRequest.builder().writeBatches(batch.build()).build());
                    } catch (SdkException e) {
                        if (!throttled(e)) {
                            throw e;
                        }
                        stalls = stall(pattern, stalls, pending.size(), e);
                        continue;
                    }
                    List<BatchOp> unprocessed = new ArrayList<>();
                    result.unprocessedPutItemsForTable(table).forEach(d -> unprocessed.add(new BatchOp.PutDoc(d)));
                    result.unprocessedDeleteItemsForTable(table).forEach(k -> unprocessed.add(new BatchOp.DeleteKey(k)));
                    stalls = afterRound(pattern, stalls, pending.size(), unprocessed.size());
                    pending = unprocessed;
                }
            }
        });
    }

    /** Backs off before resending what a round left over; the stall count restarts on progress. */
    private int afterRound(String pattern, int stalls, int sent, int left) {
        if (left == 0) {
            return 0;
        }
        if (left < sent) {
            retries.pauseBefore(2);
            return 0;
        }
        return stall(pattern, stalls, left, null);
    }

    /** Backs off after a retry that made no progress; gives up after too many in a row. */
    private int stall(String pattern, int stalls, int left, SdkException cause) {
        if (stalls + 1 >= retries.attempts()) {
            throw new FeedlineException.StorageUnavailable(
                    COMPONENT, pattern + ": " + left + " items still unprocessed after " + (stalls + 1) + " tries", cause);
        }
        retries.pauseBefore(stalls + 2);
        return stalls + 1;
    }

    static boolean throttled(SdkException e) {
        if (e instanceof ProvisionedThroughputExceededException || e instanceof RequestLimitExceededException) {
            return true;
        }
        return e instanceof AwsServiceException service
                && service.awsErrorDetails() != null
                && service.isThrottlingException();
    }

    // --- transactions

    /** How a transaction ended: committed, or cancelled with one reason code per item. */
    record Outcome(List<String> reasons) {
        static final Outcome COMMITTED = new Outcome(List.of());

        boolean committed() {
            return reasons.isEmpty();
        }

        /** Whether item {@code index} of the transaction failed its condition. */
        boolean failed(int index) {
            return index < reasons.size() && CONDITION_FAILED.equals(reasons.get(index));
        }

        /**
         * Those of {@code sources}, whose items stood in the transaction one each from index
         * {@code from} on, whose condition did not fail, in order: what a cancelled write sends again.
         */
        <T> List<T> unfailed(List<T> sources, int from) {
            List<T> kept = new ArrayList<>(sources.size());
            for (int i = 0; i < sources.size(); i++) {
                if (!failed(from + i)) {
                    kept.add(sources.get(i));
                }
            }
            return kept;
        }

        /**
         * The answer of a transaction whose item {@code guard} carries the condition that means
         * "already so" (the edge exists, the post is there, the like is gone): true if it
         * committed, false if that condition failed. Any other cancellation is no answer the
         * caller planned for, and is reported as the engine failing {@code pattern}.
         */
        boolean committedUnlessFailed(int guard, String pattern) {
            if (committed()) {
                return true;
            }
            if (failed(guard)) {
                return false;
            }
            throw new FeedlineException.StorageUnavailable(COMPONENT, pattern + " was cancelled: " + reasons, null);
        }
    }

    /**
     * TransactWriteItems. A cancellation by a failed condition is returned to the caller, which
     * knows what each item meant. Conflicts with concurrent transactions are retried with backoff
     * and end in {@link FeedlineException.WriteConflict}; nothing is half-written either way.
     *
     * @param tokenStem when present, starts the ClientRequestToken, so that the SDK's own retries of
     *     one attempt are applied at most once; the rest of the token is random per attempt, since a
     *     later, deliberate call with the same items must still see its condition fail
     */
    Outcome transact(String pattern, List<TransactWriteItem> items, Optional<String> tokenStem) {
        return call(pattern, () -> {
            SdkException last = null;
            boolean conflicted = false;
            for (int attempt = 1; attempt <= retries.attempts(); attempt++) {
                if (attempt > 1) {
                    retries.pauseBefore(attempt);
                }
                try {
                    client.transactWriteItems(b -> b.transactItems(items)
                            .clientRequestToken(tokenStem.map(TableAccess::clientToken).orElse(null)));
                    return Outcome.COMMITTED;
                } catch (TransactionCanceledException e) {
                    List<String> reasons = e.cancellationReasons().stream()
                            .map(CancellationReason::code)
                            .map(code -> code == null ? "None" : code)
                            .toList();
                    if (reasons.contains(CONDITION_FAILED)) {
                        return new Outcome(reasons);
                    }
                    if (reasons.contains(CONFLICT)) {
                        conflicted = true;
                    } else if (reasons.stream().noneMatch(THROTTLED::contains)) {
                        throw e;
                    }
                    last = e;
                } catch (TransactionConflictException | TransactionInProgressException e) {
                    conflicted = true;
                    last = e;
                } catch (SdkException e) {
                    if (!throttled(e)) {
                        throw e;
                    }
                    last = e;
                }
            }
            if (conflicted) {
                throw new FeedlineException.WriteConflict(
                        pattern + ": the items stayed in conflict after " + retries.attempts() + " attempts", last);
            }
            throw unavailable(pattern, last);
        });
    }

    private static String clientToken(String stem) {
        StringBuilder token = new StringBuilder(stem.length() > 26 ? stem.substring(0, 26) : stem);
        ThreadLocalRandom random = ThreadLocalRandom.current();
        while (token.length() < CLIENT_TOKEN_LENGTH) {
            token.append(Character.forDigit(random.nextInt(36), 36));
        }
        return token.toString();
    }

    /**
     * Writes the items {@code itemsOf} makes of {@code sources} in one TransactWriteItems and, while
     * a condition cancels it, again without the sources whose condition failed; returns the sources
     * of the write that committed (none if every one failed). {@code itemsOf} puts each source's
     * conditioned item at the source's own index, any other items after them.
     */
    <T> List<T> transactUnfailed(String pattern, List<T> sources, Function<List<T>, List<TransactWriteItem>> itemsOf,
            Optional<String> tokenStem) {
        List<T> trying = sources;
        while (!trying.isEmpty()) {
            Outcome outcome = transact(pattern, itemsOf.apply(trying), tokenStem);
            if (outcome.committed()) {
                return trying;
            }
            trying = outcome.unfailed(trying, 0);
        }
        return List.of();
    }

    /** Runs a conditional single-item write; false if its condition failed. */
    boolean conditionally(String pattern, Runnable write) {
        return call(pattern, () -> {
            try {
                write.run();
                return true;
            } catch (ConditionalCheckFailedException e) {
                return false;
            }
        });
    }

    // --- single-item writes with expressions (the enhanced client maps whole items only)

    UpdateItemResponse updateItem(Key key, Expressions.Update update, ReturnValue returnValues) {
        UpdateItemRequest.Builder builder = UpdateItemRequest.builder()
                .tableName(tableName)
                .key(TableLayout.keyMap(key))
                .updateExpression(update.expression())
                .expressionAttributeNames(update.names())
                .returnValues(returnValues);
        if (!update.values().isEmpty()) {
            builder.expressionAttributeValues(update.values());
        }
        update.condition().ifPresent(builder::conditionExpression);
        return client.updateItem(builder.build());
    }

    void deleteItem(Key key, Expressions.Update condition) {
        DeleteItemRequest.Builder builder = DeleteItemRequest.builder()
                .tableName(tableName)
                .key(TableLayout.keyMap(key));
        if (condition.condition().isPresent()) {
            builder.conditionExpression(condition.condition().get()).expressionAttributeNames(condition.names());
            if (!condition.values().isEmpty()) {
                builder.expressionAttributeValues(condition.values());
            }
        }
        client.deleteItem(builder.build());
    }

    void putItem(EnhancedDocument item) {
        table.putItem(item);
    }

    /** A PutItem only where no item has the key yet; throws ConditionalCheckFailedException otherwise. */
    void putNewItem(EnhancedDocument item) {
        client.putItem(b -> b.tableName(tableName)
                .item(item.toMap())
                .conditionExpression("attribute_not_exists(" + TableLayout.PK + ")"));
    }

    // --- transaction items

    TransactWriteItem putNew(EnhancedDocument item) {
        return TransactWriteItem.builder().put(Put.builder()
                        .tableName(tableName)
                        .item(item.toMap())
                        .conditionExpression("attribute_not_exists(" + TableLayout.PK + ")")
                        .build())
                .build();
    }

    TransactWriteItem deleteExisting(Key key) {
        return TransactWriteItem.builder().delete(Delete.builder()
                        .tableName(tableName)
                        .key(TableLayout.keyMap(key))
                        .conditionExpression("attribute_exists(" + TableLayout.PK + ")")
                        .build())
                .build();
    }

    /** A delete that succeeds whether or not the item is there. */
    TransactWriteItem deleteAny(Key key) {
        return TransactWriteItem.builder().delete(Delete.builder()
                        .tableName(tableName)
                        .key(TableLayout.keyMap(key))
                        .build())
                .build();
    }

    /** A put that replaces whatever is there: for items whose every write carries the same content. */
    TransactWriteItem put(EnhancedDocument item) {
        return TransactWriteItem.builder().put(Put.builder().tableName(tableName).item(item.toMap()).build()).build();
    }

    /** A condition on an item the transaction does not write (a post that must still exist). */
    TransactWriteItem check(Key key, String condition) {
        return TransactWriteItem.builder().conditionCheck(ConditionCheck.builder()
                        .tableName(tableName)
                        .key(TableLayout.keyMap(key))
                        .conditionExpression(condition)
                        .build())
                .build();
    }

    /** A delete under the condition of {@code condition} (an outbox job still held by its lease). */
    TransactWriteItem delete(Key key, Expressions.Update condition) {
        Delete.Builder builder = Delete.builder()
                .tableName(tableName)
                .key(TableLayout.keyMap(key));
        condition.condition().ifPresent(builder::conditionExpression);
        if (condition.condition().isPresent()) {
            builder.expressionAttributeNames(condition.names());
            if (!condition.values().isEmpty()) {
                builder.expressionAttributeValues(condition.values());
            }
        }
        return TransactWriteItem.builder().delete(builder.build()).build();
    }

    /**
     * One TransactGetItems: the items as of one instant, in the order of {@code keys} (empty where
     * there is none). At most 100 keys.
     */
    List<Optional<EnhancedDocument>> transactGet(String pattern, List<Key> keys) {
        return call(pattern, () -> client.transactGetItems(b -> b.transactItems(keys.stream()
                                .map(key -> TransactGetItem.builder().get(Get.builder()
                                        .tableName(tableName)
                                        .key(TableLayout.keyMap(key))
                                        .build()).build())
                                .toList()))
                .responses().stream()
                .map(response -> response.hasItem() && !response.item().isEmpty()
                        ? Optional.of(EnhancedDocument.fromAttributeValueMap(response.item()))
                        : Optional.<EnhancedDocument>empty())
                .toList());
    }

    TransactWriteItem update(Key key, Expressions.Update update) {
        Update.Builder builder = Update.builder()
                .tableName(tableName)
                .key(TableLayout.keyMap(key))
                .updateExpression(update.expression())
                .expressionAttributeNames(update.names());
        if (!update.values().isEmpty()) {
            builder.expressionAttributeValues(update.values());
        }
        update.condition().ifPresent(builder::conditionExpression);
        return TransactWriteItem.builder().update(builder.build()).build();
    }
}

package io.feedline.adapter.dynamodb;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Faults DynamoDB Local never produces, injected into real requests:
 * <ul>
 *   <li>a BatchWriteItem that leaves items unprocessed: they are taken out of the request before
 *       it is sent (so they really are not written) and handed back as UnprocessedItems;</li>
 *   <li>a BatchGetItem that leaves keys unprocessed, the same way;</li>
 *   <li>a BatchWriteItem refused for throughput, before anything is written;</li>
 *   <li>a TransactWriteItems cancelled by a TransactionConflict, before anything is written.</li>
 * </ul>
 */
final class Faults implements ExecutionInterceptor {
    private static final ExecutionAttribute<Map<String, List<WriteRequest>>> HELD_BACK =
            new ExecutionAttribute<>("feedline.heldBack");
    private static final ExecutionAttribute<Map<String, KeysAndAttributes>> KEYS_HELD_BACK =
            new ExecutionAttribute<>("feedline.keysHeldBack");

    private final AtomicInteger batchWrites = new AtomicInteger();
    private final AtomicInteger batchGets = new AtomicInteger();
    private final AtomicInteger heldBackKeys = new AtomicInteger();
    private volatile int holdBackKeysOnFirstCalls;
    private final AtomicInteger batchAttempts = new AtomicInteger();
    private final AtomicInteger heldBackItems = new AtomicInteger();
    private final AtomicInteger throttled = new AtomicInteger();
    private final AtomicInteger conflicts = new AtomicInteger();
    private volatile int holdBackOnFirstCalls;
    private volatile Set<Integer> throttleAttempts = Set.of();
    private volatile int conflictsToInject;

    /** Clears every fault and counter, so that one client can take turns of faults. */
    Faults reset() {
        holdBackOnFirstCalls = 0;
        holdBackKeysOnFirstCalls = 0;
        batchGets.set(0);
        heldBackKeys.set(0);
        throttleAttempts = Set.of();
        conflictsToInject = 0;
        batchWrites.set(0);
        batchAttempts.set(0);
        heldBackItems.set(0);
        throttled.set(0);
        conflicts.set(0);
        return this;
    }

    /** On each of the first {@code calls} BatchWriteItem calls, a third of the items come back unprocessed. */
    Faults holdBackOnFirst(int calls) {
        holdBackOnFirstCalls = calls;
        return this;
    }

    /** On each of the first {@code calls} BatchGetItem calls, a third of the keys come back unprocessed. */
    Faults holdBackKeysOnFirst(int calls) {
        holdBackKeysOnFirstCalls = calls;
        return this;
    }

    int heldBackKeys() {
        return heldBackKeys.get();
    }

    /** These BatchWriteItem attempts (1-based, counting retries) fail with a throughput error. */
    Faults throttleAttempts(Set<Integer> attempts) {
        throttleAttempts = attempts;
        return this;
    }

    /** The next {@code count} TransactWriteItems calls are cancelled by a conflict. */
    Faults conflicts(int count) {
        conflictsToInject = count;
        return this;
    }

    int heldBackItems() {
        return heldBackItems.get();
    }

    int throttled() {
        return throttled.get();
    }

    int conflictsInjected() {
        return conflicts.get();
    }

    @Override
    public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
        if (context.request() instanceof BatchGetItemRequest batch) {
            return batchGets.incrementAndGet() > holdBackKeysOnFirstCalls ? batch : holdBackKeys(batch, attributes);
        }
        if (!(context.request() instanceof BatchWriteItemRequest batch) || batchWrites.incrementAndGet() > holdBackOnFirstCalls) {
            return context.request();
        }
        Map<String, List<WriteRequest>> sent = new HashMap<>();
        Map<String, List<WriteRequest>> held = new HashMap<>();
        batch.requestItems().forEach((table, writes) -> {
            List<WriteRequest> keep = new ArrayList<>();
            List<WriteRequest> hold = new ArrayList<>();
            for (int i = 0; i < writes.size(); i++) {
                (i % 3 == 1 ? hold : keep).add(writes.get(i));
            }
            if (keep.isEmpty()) {
                keep.add(hold.remove(0));
            }
            sent.put(table, keep);
            if (!hold.isEmpty()) {
                held.put(table, hold);
                heldBackItems.addAndGet(hold.size());
            }
        });
        attributes.putAttribute(HELD_BACK, held);
        return batch.toBuilder().requestItems(sent).build();
    }

    private SdkRequest holdBackKeys(BatchGetItemRequest batch, ExecutionAttributes attributes) {
        Map<String, KeysAndAttributes> sent = new HashMap<>();
        Map<String, KeysAndAttributes> held = new HashMap<>();
        batch.requestItems().forEach((table, keys) -> {
            List<Map<String, AttributeValue>> keep = new ArrayList<>();
            List<Map<String, AttributeValue>> hold = new ArrayList<>();
            for (int i = 0; i < keys.keys().size(); i++) {
                (i % 3 == 1 ? hold : keep).add(keys.keys().get(i));
            }
            if (keep.isEmpty()) {
                keep.add(hold.remove(0));
            }
            sent.put(table, keys.toBuilder().keys(keep).build());
            if (!hold.isEmpty()) {
                held.put(table, keys.toBuilder().keys(hold).build());
                heldBackKeys.addAndGet(hold.size());
            }
        });
        attributes.putAttribute(KEYS_HELD_BACK, held);
        return batch.toBuilder().requestItems(sent).build();
    }

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        if (context.request() instanceof BatchWriteItemRequest && throttleAttempts.contains(batchAttempts.incrementAndGet())) {
            throttled.incrementAndGet();
            throw ProvisionedThroughputExceededException.builder()
                    .message("injected: throughput exceeded")
                    .statusCode(400)
                    .awsErrorDetails(AwsErrorDetails.builder().errorCode("ProvisionedThroughputExceededException").build())
                    .build();
        }
        if (context.request() instanceof TransactWriteItemsRequest transaction && conflicts.get() < conflictsToInject) {
            conflicts.incrementAndGet();
            List<CancellationReason> reasons = new ArrayList<>();
            for (int i = 0; i < transaction.transactItems().size(); i++) {
                reasons.add(CancellationReason.builder().code(i == 0 ? "TransactionConflict" : "None").build());
            }
            throw TransactionCanceledException.builder()
                    .message("injected: transaction cancelled [TransactionConflict]")
                    .statusCode(400)
                    .awsErrorDetails(AwsErrorDetails.builder().errorCode("TransactionCanceledException").build())
                    .cancellationReasons(reasons)
                    .build();
        }
    }

    @Override
    public SdkResponse modifyResponse(Context.ModifyResponse context, ExecutionAttributes attributes) {
        Map<String, KeysAndAttributes> keysHeld = attributes.getAttribute(KEYS_HELD_BACK);
        if (keysHeld != null && !keysHeld.isEmpty() && context.response() instanceof BatchGetItemResponse response) {
            Map<String, KeysAndAttributes> unprocessed = new HashMap<>(response.unprocessedKeys());
            keysHeld.forEach(unprocessed::put);
            return response.toBuilder().unprocessedKeys(unprocessed).build();
        }
        Map<String, List<WriteRequest>> held = attributes.getAttribute(HELD_BACK);
        if (held == null || held.isEmpty() || !(context.response() instanceof BatchWriteItemResponse response)) {
            return context.response();
        }
        Map<String, List<WriteRequest>> unprocessed = new HashMap<>();
        response.unprocessedItems().forEach((table, writes) -> unprocessed.put(table, new ArrayList<>(writes)));
        held.forEach((table, writes) -> unprocessed.computeIfAbsent(table, t -> new ArrayList<>()).addAll(writes));
        return response.toBuilder().unprocessedItems(unprocessed).build();
    }
}

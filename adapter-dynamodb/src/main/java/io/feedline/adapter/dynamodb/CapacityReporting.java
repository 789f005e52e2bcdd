package io.feedline.adapter.dynamodb;

import java.util.List;
import java.util.function.Supplier;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * Makes every data request ask for its consumed capacity and hands the figure to the
 * {@link CapacityListener}, under the access pattern the adapter is serving on this thread. One
 * interceptor instead of a flag on each call site, so that no request can forget it.
 */
final class CapacityReporting implements ExecutionInterceptor {
    private static final ThreadLocal<String> PATTERN = new ThreadLocal<>();
    private static final ReturnConsumedCapacity TOTAL = ReturnConsumedCapacity.TOTAL;
    private static final ExecutionAttribute<Long> SENT = new ExecutionAttribute<>("feedline.sentNanos");

    private final CapacityListener listener;

    CapacityReporting(CapacityListener listener) {
        this.listener = listener;
    }

    /** Runs {@code body} with its requests reported under {@code pattern}. */
    static <T> T under(String pattern, Supplier<T> body) {
        String outer = PATTERN.get();
        PATTERN.set(pattern);
        try {
            return body.get();
        } finally {
            if (outer == null) {
                PATTERN.remove();
            } else {
                PATTERN.set(outer);
            }
        }
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        attributes.putAttribute(SENT, System.nanoTime());
    }

    @Override
    public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
        return switch (context.request()) {
            case GetItemRequest r -> r.toBuilder().returnConsumedCapacity(TOTAL).build();
            case QueryRequest r -> r.toBuilder().returnConsumedCapacity(TOTAL).build();
            case PutItemRequest r -> r.toBuilder().returnConsumedCapacity(TOTAL).build();
            case UpdateItemRequest r -> r.toBuilder().returnConsumedCapacity(TOTAL).build();
            case DeleteItemRequest r -> r.toBuilder().returnConsumedCapacity(TOTAL).build();
            case BatchGetItemRequest r -> r.toBuilder().returnConsumedCapacity(TOTAL).build();
            case BatchWriteItemRequest r -> r.toBuilder().returnConsumedCapacity(TOTAL).build();
            case TransactWriteItemsRequest r -> r.toBuilder().returnConsumedCapacity(TOTAL).build();
            case TransactGetItemsRequest r -> r.toBuilder().returnConsumedCapacity(TOTAL).build();
            default -> context.request();
        };
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        SdkResponse response = context.response();
        List<ConsumedCapacity> used;
        boolean writes;
        switch (response) {
            case GetItemResponse r -> { used = one(r.consumedCapacity()); writes = false; }
            case QueryResponse r -> { used = one(r.consumedCapacity()); writes = false; }
            case BatchGetItemResponse r -> { used = r.consumedCapacity(); writes = false; }
            case TransactGetItemsResponse r -> { used = r.consumedCapacity(); writes = false; }
            case PutItemResponse r -> { used = one(r.consumedCapacity()); writes = true; }
            case UpdateItemResponse r -> { used = one(r.consumedCapacity()); writes = true; }
            case DeleteItemResponse r -> { used = one(r.consumedCapacity()); writes = true; }
            case BatchWriteItemResponse r -> { used = r.consumedCapacity(); writes = true; }
            case TransactWriteItemsResponse r -> { used = r.consumedCapacity(); writes = true; }
            default -> { return; }
        }
        double read = 0;
        double write = 0;
        for (ConsumedCapacity c : used) {
            if (c.readCapacityUnits() != null || c.writeCapacityUnits() != null) {
                read += c.readCapacityUnits() == null ? 0 : c.readCapacityUnits();
                write += c.writeCapacityUnits() == null ? 0 : c.writeCapacityUnits();
            } else if (c.capacityUnits() != null) {
                // TOTAL may report only the sum; the operation says which kind it was.
                if (writes) {
                    write += c.capacityUnits();
                } else {
                    read += c.capacityUnits();
                }
            }
        }
        String pattern = PATTERN.get();
        Long sent = attributes.getAttribute(SENT);
        listener.consumed(pattern == null ? "other" : pattern, read, write, sent == null ? 0 : System.nanoTime() - sent);
    }

    private static List<ConsumedCapacity> one(ConsumedCapacity capacity) {
        return capacity == null ? List.of() : List.of(capacity);
    }
}

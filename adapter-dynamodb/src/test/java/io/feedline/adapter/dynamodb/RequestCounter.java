package io.feedline.adapter.dynamodb;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/** Counts the requests sent to DynamoDB, by operation, every attempt included. */
final class RequestCounter implements ExecutionInterceptor {
    private final Map<String, AtomicInteger> sent = new ConcurrentHashMap<>();
    private final AtomicInteger scanned = new AtomicInteger();

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        sent.computeIfAbsent(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME), k -> new AtomicInteger())
                .incrementAndGet();
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        if (context.response() instanceof QueryResponse query && query.scannedCount() != null) {
            scanned.addAndGet(query.scannedCount());
        }
    }

    void reset() {
        sent.clear();
        scanned.set(0);
    }

    /** Items the engine read to answer every Query since the reset, before any filter. */
    int queryItemsRead() {
        return scanned.get();
    }

    int count(String operation) {
        AtomicInteger n = sent.get(operation);
        return n == null ? 0 : n.get();
    }

    int total() {
        return sent.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    /** Every operation and its count, for assertions that nothing else was sent. */
    Map<String, Integer> all() {
        Map<String, Integer> all = new TreeMap<>();
        sent.forEach((op, n) -> all.put(op, n.get()));
        return all;
    }
}

package io.feedline.bench;

import io.feedline.adapter.dynamodb.CapacityListener;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * Every request the benchmark's storage sends. DynamoDB requests come from the adapter's capacity
 * reports (one per request, named by access pattern, with the units it consumed). Redis and Postgres
 * have no such hook, so their ports are wrapped in a counting proxy: each call of those adapters is
 * one round trip (the Redis adapter pipelines a whole fan-out page into one).
 */
final class BackendCalls implements CapacityListener {
    /** The benchmark's own outbox polling, which no user operation causes. */
    private static final Set<String> IGNORED = Set.of("fanout_pending");
    /** Workers polling the outbox: a cost per second of running, not per operation; counted apart. */
    private static final String CLAIM = "fanout_claim";

    private final LongAdder dynamoReads = new LongAdder();
    private final LongAdder dynamoWrites = new LongAdder();
    private final LongAdder claimPolls = new LongAdder();
    private final DoubleAdder readUnits = new DoubleAdder();
    private final DoubleAdder writeUnits = new DoubleAdder();
    private final LongAdder cacheCalls = new LongAdder();
    private final LongAdder userCalls = new LongAdder();
    private final Map<String, LongAdder> byPattern = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> nanosByPattern = new ConcurrentHashMap<>();

    @Override
    public void consumed(String accessPattern, double read, double write, long nanos) {
        if (IGNORED.contains(accessPattern)) {
            return;
        }
        nanosByPattern.computeIfAbsent(accessPattern, pattern -> new LongAdder()).add(nanos);
        consumed(accessPattern, read, write);
    }

    @Override
    public void consumed(String accessPattern, double read, double write) {
        if (IGNORED.contains(accessPattern)) {
            return;
        }
        byPattern.computeIfAbsent(accessPattern, pattern -> new LongAdder()).increment();
        if (write > 0) {
            dynamoWrites.increment();
        } else if (CLAIM.equals(accessPattern)) {
            claimPolls.increment();
            return;
        } else {
            dynamoReads.increment();
        }
        readUnits.add(read);
        writeUnits.add(write);
    }

    /** A view of {@code port} that counts each call as one timeline-cache round trip. */
    <T> T countingCacheCalls(Class<T> type, T port) {
        return counting(type, port, cacheCalls);
    }

    /** A view of {@code port} that counts each call as one user-store round trip. */
    <T> T countingUserCalls(Class<T> type, T port) {
        return counting(type, port, userCalls);
    }

    private static <T> T counting(Class<T> type, T port, LongAdder counter) {
        InvocationHandler handler = (proxy, method, args) -> {
            if (countable(method)) {
                counter.increment();
            }
            try {
                return method.invoke(port, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
    }

    // Object's methods and the cache's description of itself send nothing.
    private static boolean countable(Method method) {
        return method.getDeclaringClass() != Object.class;
    }

    /** The DynamoDB requests so far, outbox polling included, by access pattern. */
    Map<String, Long> requestsByPattern() {
        Map<String, Long> counts = new TreeMap<>();
        byPattern.forEach((pattern, count) -> counts.put(pattern, count.sum()));
        return counts;
    }

    /** How long the DynamoDB requests so far took as the client saw them, summed, in nanoseconds, by access pattern. */
    Map<String, Long> nanosByPattern() {
        Map<String, Long> nanos = new TreeMap<>();
        nanosByPattern.forEach((pattern, sum) -> nanos.put(pattern, sum.sum()));
        return nanos;
    }

    Snapshot snapshot() {
        return new Snapshot(dynamoReads.sum(), dynamoWrites.sum(), claimPolls.sum(), readUnits.sum(), writeUnits.sum(),
                cacheCalls.sum(), userCalls.sum());
    }

    /** Totals at one moment; the difference of two is what happened in between. */
    record Snapshot(long dynamoReads, long dynamoWrites, long claimPolls, double readUnits, double writeUnits,
            long cacheCalls, long userCalls) {

        Snapshot since(Snapshot earlier) {
            return new Snapshot(dynamoReads - earlier.dynamoReads, dynamoWrites - earlier.dynamoWrites,
                    claimPolls - earlier.claimPolls, readUnits - earlier.readUnits, writeUnits - earlier.writeUnits,
                    cacheCalls - earlier.cacheCalls, userCalls - earlier.userCalls);
        }

        /** Every request to every engine, outbox polling excepted. */
        long calls() {
            return dynamoReads + dynamoWrites + cacheCalls + userCalls;
        }
    }
}

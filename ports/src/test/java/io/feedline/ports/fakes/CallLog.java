package io.feedline.ports.fakes;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The calls a fake received, one per port-method call, so that tests can assert how many requests
 * a use case sends (the fakes stand in for engines where each call is a round trip).
 */
public final class CallLog {
    private final Map<String, Integer> counts = new HashMap<>();
    private int delivered;

    /** How many times {@code method} (the port method's name, e.g. "append") was called. */
    public synchronized int count(String method) {
        return counts.getOrDefault(method, 0);
    }

    /** Calls of every method together. */
    public synchronized int total() {
        return counts.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** Deliveries written through {@code append} or {@code add}, replays included (each is a write). */
    public synchronized int delivered() {
        return delivered;
    }

    public synchronized void reset() {
        counts.clear();
        delivered = 0;
    }

    synchronized void record(String method) {
        counts.merge(method, 1, Integer::sum);
    }

    synchronized void recordDelivered(int deliveries) {
        delivered += deliveries;
    }

    @Override
    public synchronized String toString() {
        return "CallLog" + new TreeMap<>(counts) + ", delivered=" + delivered;
    }
}

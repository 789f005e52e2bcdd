package io.feedline.adapter.dynamodb;

/**
 * Receives the capacity each DynamoDB request consumed, named by access pattern ({@code AP1_home_feed},
 * {@code publish}, {@code fanout_batch_write}, ...). Kept free of any metrics library: the app bridges
 * it to its own registry. Called on the requesting thread, so it must be cheap and thread-safe.
 */
@FunctionalInterface
public interface CapacityListener {

    /** Ignores every report. */
    CapacityListener NONE = (accessPattern, readUnits, writeUnits) -> {};

    void consumed(String accessPattern, double readUnits, double writeUnits);

    /**
     * As {@link #consumed(String, double, double)}, with how long the request took as the client
     * saw it, from its sending to its answer, retries and the engine's queue included.
     */
    default void consumed(String accessPattern, double readUnits, double writeUnits, long nanos) {
        consumed(accessPattern, readUnits, writeUnits);
    }
}

package io.feedline.ports.model;

/**
 * A count kept on a post through the outbox rather than in the write that changes it: the edge is
 * written with a {@link FanoutJob.CountDelta}, and the worker applies the deltas in batches.
 */
public enum CounterKind {
    LIKES,
    REPLIES,
    /** Kept once reposts exist; nothing moves it yet. */
    REPOSTS;

    /** The kind's name in job keys and stored items. */
    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public static CounterKind fromWire(String wire) {
        for (CounterKind kind : values()) {
            if (kind.wireName().equals(wire)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown counter kind '" + wire + "'");
    }
}

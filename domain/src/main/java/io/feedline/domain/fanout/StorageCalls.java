package io.feedline.domain.fanout;

import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/**
 * A fan-out worker's bound on its concurrent storage calls ({@link FanoutSettings#workerConcurrency()}),
 * and within it the share its durable feed writes may take: half, at least one. A step of thousands
 * of items would otherwise queue all its chunks at once at the engine and its connection pool, and
 * every claim, lease renewal and follower read (each of which a hot window waits for) would wait
 * behind the whole step. On an engine that serialises writes, as DynamoDB Local does, more writes in
 * flight only lengthen that queue.
 */
final class StorageCalls {
    private final Semaphore calls;
    private final Semaphore durableWrites;

    StorageCalls(int concurrency) {
        this.calls = new Semaphore(concurrency);
        this.durableWrites = new Semaphore(Math.max(1, concurrency / 2));
    }

    /** One storage call, within the bound. */
    <T> T call(Supplier<T> call) {
        return holding(calls, "call storage", call);
    }

    void call(Runnable call) {
        call(() -> {
            call.run();
            return null;
        });
    }

    /** One durable write: a storage call that also holds one of the durable writes' share. */
    void durableWrite(Runnable write) {
        holding(durableWrites, "write durably", () -> {
            call(write);
            return null;
        });
    }

    /** Runs {@code body} holding one of {@code slots}, waiting for one first. */
    private static <T> T holding(Semaphore slots, String what, Supplier<T> body) {
        try {
            slots.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting to " + what, e);
        }
        try {
            return body.get();
        } finally {
            slots.release();
        }
    }
}

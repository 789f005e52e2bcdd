package io.feedline.app.web;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A bound on costly work in flight: {@code inFlight} run at once, up to {@code queue} more wait in
 * turn (a fair semaphore) for at most {@code maxWait} each, and any caller past those is refused at
 * once. The short wait lets an honest burst be served a little later instead of refused; the bound
 * on the queue keeps a flood from parking thousands of threads on it, each still holding its
 * request. Both APIs and the password hashes use it.
 */
public final class Admission {
    private final Semaphore slots;
    /** One per caller in flight or waiting: taken without waiting, so past the queue a caller is refused at once. */
    private final Semaphore places;
    private final Bounds bounds;

    /** How many run at once, how many more may wait, and how long each waits before it is refused. */
    public record Bounds(int inFlight, int queue, Duration maxWait) {
        public Bounds {
            Objects.requireNonNull(maxWait, "maxWait");
            if (inFlight < 1) {
                throw new IllegalArgumentException("at least one must run at once, not " + inFlight);
            }
            if (queue < 0) {
                throw new IllegalArgumentException("the queue cannot be negative, not " + queue);
            }
            if (maxWait.isNegative()) {
                throw new IllegalArgumentException("the wait cannot be negative, not " + maxWait);
            }
        }
    }

    public Admission(Bounds bounds) {
        this.bounds = Objects.requireNonNull(bounds, "bounds");
        this.slots = new Semaphore(bounds.inFlight(), true);
        this.places = new Semaphore(bounds.inFlight() + bounds.queue());
    }

    public Bounds bounds() {
        return bounds;
    }

    /**
     * Takes a slot, waiting in the queue for up to {@code maxWait}; false, holding nothing, when the
     * queue is full or the wait ran out. An interrupted wait is refused and keeps the interrupt.
     * Each {@code true} is paired with one {@link #leave()}.
     */
    public boolean enter() {
        if (!places.tryAcquire()) {
            return false;
        }
        boolean entered = false;
        try {
            entered = slots.tryAcquire(bounds.maxWait().toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!entered) {
            places.release();
        }
        return entered;
    }

    /** Frees the slot taken by a successful {@link #enter()}. */
    public void leave() {
        slots.release();
        places.release();
    }

    /** Callers waiting for a slot now. */
    public int waiting() {
        return slots.getQueueLength();
    }

    /** Callers holding a slot now. */
    public int inFlight() {
        return bounds.inFlight() - slots.availablePermits();
    }
}

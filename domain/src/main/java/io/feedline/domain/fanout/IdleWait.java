package io.feedline.domain.fanout;

import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A lane's wait between polls, and the wake that cuts it short: the fan-out's claiming and the
 * relations lane (ADR-0021) each wait on one of their own.
 */
final class IdleWait {
    /**
     * How far an idle lane's wait between empty polls grows: it doubles after each empty poll, from
     * the idle-poll interval up to this many times it. A job enqueued anywhere wakes it at once (this
     * process's directly, another's through {@link io.feedline.ports.out.OutboxSignals}); the polls
     * find what nothing announces (a lease run out, a retry come due) and what a lost signal missed.
     */
    static final int IDLE_POLL_GROWTH = 10;

    private final long idlePollNanos;
    private final ReentrantLock lock = new ReentrantLock();
    /** Signalled by a wake, and by {@link #signal} (for the fan-out: a step gave up jobs, room to claim more). */
    private final Condition woken = lock.newCondition();
    private boolean wakeRequested;
    private long idleWaitNanos;

    IdleWait(Duration idlePoll) {
        this.idlePollNanos = idlePoll.toNanos();
        this.idleWaitNanos = idlePollNanos;
    }

    /** Cuts the wait short, and keeps the wake for the next {@link #consumeWake} if nobody waits. */
    void wake() {
        lock.lock();
        try {
            wakeRequested = true;
            woken.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Whether a wake came since the last one consumed; it is consumed. */
    boolean consumeWake() {
        lock.lock();
        try {
            boolean was = wakeRequested;
            wakeRequested = false;
            return was;
        } finally {
            lock.unlock();
        }
    }

    /** Ends any wait without a wake. */
    void signal() {
        lock.lock();
        try {
            woken.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The poll found work: the next idle wait starts again from the idle-poll interval. */
    void reset() {
        lock.lock();
        try {
            idleWaitNanos = idlePollNanos;
        } finally {
            lock.unlock();
        }
    }

    /** Waits for a wake or the idle wait, which doubles (up to its bound) each time it runs out unwoken. */
    void awaitWork() {
        lock.lock();
        try {
            if (!wakeRequested) {
                woken.awaitNanos(idleWaitNanos);
            }
            idleWaitNanos = wakeRequested ? idlePollNanos : Math.min(idleWaitNanos * 2, idlePollNanos * IDLE_POLL_GROWTH);
            wakeRequested = false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits for a wake, a {@link #signal} or {@code nanos}; if a wake is pending, not at all unless
     * {@code evenIfWoken} (so that a full worker with a wake pending does not spin).
     */
    void await(long nanos, boolean evenIfWoken) {
        lock.lock();
        try {
            if (evenIfWoken || !wakeRequested) {
                woken.awaitNanos(nanos);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.unlock();
        }
    }
}

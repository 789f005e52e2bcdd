package io.feedline.domain.fanout;

import java.util.TreeSet;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A barrier between the window passes running in this process and its workers' durable feed
 * writes: a durable write waits for the passes begun before it. DynamoDB Local serves every
 * request's SQLite work on one queue (ADR-0010), so a claim and its first-page reads would
 * otherwise wait behind up to {@link FanoutSettings#workerConcurrency()} BatchWriteItems of every
 * worker here. Each wait is bounded:
 * <ul>
 *   <li>a durable write waits only for the passes that had begun when it started waiting, never for
 *       one begun after, so the claims of several workers in one process, however often they come,
 *       cannot hold a write back for ever (a wait for "no pass running" did: two workers' passes
 *       overlapped each other for minutes under load, and every held job's lease ran out);</li>
 *   <li>a running worker's pass claims a step's worth of jobs at a time, and ends when a claim comes
 *       back short, when the worker holds all it may (at most {@value HoldPolicy#STEPS_HELD} steps'
 *       worth), or once it has lasted a quarter of a lease, so a pass is bounded too.</li>
 * </ul>
 * A pass includes its window write, so a cache that hangs holds the durable writes back for as long
 * as its own timeouts let it. A trial that left the window write out of the pass, so that the
 * durable writes ran beside it, put a burst's hot windows at p99 20.9 s instead of 9.1 s; it was not
 * kept.
 */
public final class WindowPassBarrier {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition ended = lock.newCondition();
    /** The tickets of the passes running, each a number one higher than the pass begun before it. */
    private final TreeSet<Long> running = new TreeSet<>();
    private long lastTicket;

    /** A claim and its window pass begin; the ticket ends it. */
    long begin() {
        lock.lock();
        try {
            long ticket = ++lastTicket;
            running.add(ticket);
            return ticket;
        } finally {
            lock.unlock();
        }
    }

    /** ... and end, whether or not they succeeded. */
    void end(long ticket) {
        lock.lock();
        try {
            if (running.remove(ticket) && (running.isEmpty() || running.first() > ticket)) {
                ended.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Whether a durable write is waiting for a pass now. */
    boolean writesWaiting() {
        lock.lock();
        try {
            return lock.hasWaiters(ended);
        } finally {
            lock.unlock();
        }
    }

    /** Waits until every pass that had begun by now has ended; passes begun meanwhile are not waited for. */
    void awaitThoseBegun() {
        lock.lock();
        try {
            long begunBefore = lastTicket;
            while (!running.isEmpty() && running.first() <= begunBefore) {
                ended.await();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the window passes", e);
        } finally {
            lock.unlock();
        }
    }
}

package io.feedline.domain;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The window passes running in this process, which its workers' durable feed writes wait for.
 * DynamoDB Local serves every request's SQLite work on one queue (BENCHMARKS section 5a), so a claim
 * and its first-page reads would otherwise wait behind up to {@link FeedSettings#workerConcurrency()}
 * BatchWriteItems of every worker here. Each wait is bounded: a worker holds at most {@value
 * FanoutWorker#STEPS_HELD} steps of jobs, and claims nothing more while full. A pass includes its
 * window write, so a cache that hangs holds the durable writes back for as long as its own timeouts
 * let it. A trial that left the window write out of the pass, so that the durable writes ran
 * beside it, put a burst's hot windows at p99 20.9 s instead of 9.1 s (BENCHMARKS section 5f); it was
 * not kept.
 */
final class WindowPasses {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition none = lock.newCondition();
    private int running;

    /** A claim and its window pass begin. */
    void begin() {
        lock.lock();
        try {
            running++;
        } finally {
            lock.unlock();
        }
    }

    /** ... and end, whether or not they succeeded. */
    void end() {
        lock.lock();
        try {
            running--;
            if (running == 0) {
                none.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Waits until no window pass runs. */
    void awaitNone() {
        lock.lock();
        try {
            while (running > 0) {
                none.await();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the window passes", e);
        } finally {
            lock.unlock();
        }
    }
}

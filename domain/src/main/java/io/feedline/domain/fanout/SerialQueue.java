package io.feedline.domain.fanout;

import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A serial task queue: pieces of work run one at a time, in the order given, on a virtual thread
 * of its own, so that whoever gives one never waits for it. A running worker queues each claim's
 * side work here (its counts, notifications and index jobs). A window pass gives its claims'
 * side work without waiting, since the process's durable writes wait for the pass; once the pass
 * has ended, the claiming waits until all it gave has started ({@link #awaitStarted}), which keeps
 * it at most one piece ahead of its side work.
 */
final class SerialQueue {
    private static final Logger LOG = Logger.getLogger(SerialQueue.class.getName());
    private final String threadName;
    private final ReentrantLock lock = new ReentrantLock();
    /** Signalled whenever a piece starts and when the last one has run. */
    private final Condition moved = lock.newCondition();
    private final ArrayDeque<Runnable> waiting = new ArrayDeque<>();
    private boolean running;

    SerialQueue(String threadName) {
        this.threadName = threadName;
    }

    /** Runs {@code piece} after every piece given before it; never waits. */
    void give(Runnable piece) {
        lock.lock();
        try {
            waiting.add(piece);
            if (!running) {
                running = true;
                Thread.ofVirtual().name(threadName).start(this::drain);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Waits until every piece given so far has started: at most the one running is left. */
    void awaitStarted() {
        await(false);
    }

    /** Waits until every piece given so far has run. */
    void awaitDone() {
        await(true);
    }

    private void await(boolean done) {
        lock.lock();
        try {
            while (done ? running : !waiting.isEmpty()) {
                moved.await();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for side work", e);
        } finally {
            lock.unlock();
        }
    }

    private void drain() {
        while (true) {
            Runnable next;
            lock.lock();
            try {
                next = waiting.poll();
                if (next == null) {
                    running = false;
                }
                moved.signalAll();
            } finally {
                lock.unlock();
            }
            if (next == null) {
                return;
            }
            try {
                next.run();
            } catch (RuntimeException e) {
                // Its jobs are claimed again once their leases run out; the pieces after it still run.
                LOG.log(Level.WARNING, "side work failed", e);
            } catch (Error e) {
                // An Error ends the side work: what waits for it is let go, and the rest is dropped.
                lock.lock();
                try {
                    waiting.clear();
                    running = false;
                    moved.signalAll();
                } finally {
                    lock.unlock();
                }
                throw e;
            }
        }
    }
}

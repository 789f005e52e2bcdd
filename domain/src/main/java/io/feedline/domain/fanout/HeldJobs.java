package io.feedline.domain.fanout;

import io.feedline.domain.fanout.ParallelTasks.Outcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The jobs a fan-out worker holds, oldest first, and what its stepping and claiming threads share
 * about them: how many it may hold at its steps' pace ({@link HoldPolicy}), the wait for jobs to
 * step through, and an Error that ended the claiming. A claim appends to the list (in {@link
 * FanoutWorker#runUntil}, on the claiming thread) and a step takes from its head, both under one
 * lock; a job is added only once its first page is windowed, and only the stepping thread touches
 * a job after that.
 */
final class HeldJobs {
    private final FanoutSettings settings;
    private final ReentrantLock lock = new ReentrantLock();
    /** Signalled when jobs are added, the claiming thread died, or by a wake. */
    private final Condition jobsAdded = lock.newCondition();
    private final List<DeliveryRun> held = new ArrayList<>();
    /** An Error that ended the claiming thread: the stepping thread rethrows it. */
    private Error claimingDied;
    /** The pace of the worker's steps: the stepping thread writes it, the claiming thread reads it. */
    private volatile HoldPolicy.Pace pace = HoldPolicy.Pace.NONE;

    HeldJobs(FanoutSettings settings) {
        this.settings = settings;
    }

    /** The jobs held now, oldest first. */
    List<DeliveryRun> now() {
        lock.lock();
        try {
            return List.copyOf(held);
        } finally {
            lock.unlock();
        }
    }

    int count() {
        lock.lock();
        try {
            return held.size();
        } finally {
            lock.unlock();
        }
    }

    /** The most jobs the worker holds now (see {@link HoldPolicy}). */
    int limit() {
        return HoldPolicy.limit(pace, settings.jobsPerClaim(), settings.jobLease());
    }

    /** Notes a step: how long it took (less its wait for window passes), the feed items it wrote and the jobs it took. */
    void noteStep(Duration took, long items, int jobs) {
        pace = pace.noted(took, items, jobs, settings.jobsPerClaim());
    }

    /** Holds {@code taken}, after those held before them, and tells the stepping thread. */
    void add(List<DeliveryRun> taken) {
        lock.lock();
        try {
            held.addAll(taken);
            jobsAdded.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Lets go of the job (done, failed or taken over): room for the next claim. */
    void drop(DeliveryRun run) {
        run.stopReading();
        lock.lock();
        try {
            held.remove(run);
        } finally {
            lock.unlock();
        }
    }

    /** Empties the hold, returning what it held. */
    List<DeliveryRun> takeAll() {
        lock.lock();
        try {
            List<DeliveryRun> all = List.copyOf(held);
            held.clear();
            return all;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits up to an idle-poll interval for jobs to step through; false if there are none. An Error
     * that ended the claiming thread is rethrown here.
     */
    boolean await() {
        lock.lock();
        try {
            if (held.isEmpty() && claimingDied == null) {
                jobsAdded.awaitNanos(settings.idlePoll().toNanos());
            }
            if (claimingDied != null) {
                throw claimingDied;
            }
            return !held.isEmpty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            lock.unlock();
        }
    }

    /** Cuts the stepping thread's wait for jobs short. */
    void wake() {
        lock.lock();
        try {
            jobsAdded.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Ends the steps with an Error that ended the claiming (or its side work's) thread. */
    void claimingDied(Error e) {
        lock.lock();
        try {
            claimingDied = e;
            jobsAdded.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** An Error (the process is dying) stops the worker as it would have stopped a single thread. */
    <T> void rethrowErrors(List<Outcome<T>> outcomes) {
        for (Outcome<T> outcome : outcomes) {
            if (outcome.failure() instanceof Error error) {
                takeAll().forEach(DeliveryRun::stopReading);
                throw error;
            }
        }
    }
}

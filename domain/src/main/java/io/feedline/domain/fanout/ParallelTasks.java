package io.feedline.domain.fanout;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Tasks run side by side on virtual threads of one name, each ending in an {@link Outcome}: its
 * value or what it threw, so that the caller decides what a failure means (a fan-out worker retries
 * a failed job and stops on an Error).
 */
final class ParallelTasks {

    /** A task's value or what it threw. */
    record Outcome<T>(T value, Throwable failure) {}

    /** Tasks running on virtual threads of their own, each filling in its outcome as it ends. */
    record Started<T>(List<Thread> threads, List<Outcome<T>> outcomes) {}

    private final String threadName;

    ParallelTasks(String threadName) {
        this.threadName = threadName;
    }

    /** Runs the tasks side by side (one alone on this thread) and returns their outcomes in order. */
    <T> List<Outcome<T>> all(List<Callable<T>> tasks) {
        if (tasks.size() == 1) {
            return List.of(attempt(tasks.getFirst()));
        }
        return await(start(tasks));
    }

    /** Waits for every task started and returns their outcomes in order. */
    <T> List<Outcome<T>> await(Started<T> started) {
        for (Thread thread : started.threads()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while fanning out", e);
            }
        }
        return started.outcomes();
    }

    /** Starts every task on a virtual thread of its own, without waiting for any. */
    <T> Started<T> start(List<Callable<T>> tasks) {
        List<Outcome<T>> outcomes = new ArrayList<>(Collections.nCopies(tasks.size(), null));
        List<Thread> threads = new ArrayList<>(tasks.size());
        for (int i = 0; i < tasks.size(); i++) {
            int index = i;
            threads.add(Thread.ofVirtual().name(threadName).start(() -> outcomes.set(index, attempt(tasks.get(index)))));
        }
        return new Started<>(threads, outcomes);
    }

    static <T> Outcome<T> attempt(Callable<T> task) {
        try {
            return new Outcome<>(task.call(), null);
        } catch (RuntimeException | Error e) {
            return new Outcome<>(null, e);
        } catch (Exception e) {
            return new Outcome<>(null, new IllegalStateException(e));
        }
    }
}

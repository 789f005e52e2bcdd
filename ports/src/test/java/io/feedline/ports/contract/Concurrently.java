package io.feedline.ports.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntFunction;

/** Runs tasks on that many threads released at the same instant, so that they really race. */
final class Concurrently {
    private static final long GIVE_UP_SECONDS = 120;

    private Concurrently() {}

    /** The result or the failure of one task. */
    record Outcome<T>(T value, Throwable error) {
        boolean succeeded() {
            return error == null;
        }
    }

    /** Runs {@code task(0..n-1)} on n threads at once; returns each outcome in task order. */
    static <T> List<Outcome<T>> run(int n, IntFunction<T> task) {
        CountDownLatch ready = new CountDownLatch(n);
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<T>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                futures.add(pool.submit(() -> {
                    ready.countDown();
                    go.await();
                    return task.apply(index);
                }));
            }
            ready.await(GIVE_UP_SECONDS, TimeUnit.SECONDS);
            go.countDown();
            List<Outcome<T>> outcomes = new ArrayList<>();
            for (Future<T> future : futures) {
                try {
                    outcomes.add(new Outcome<>(future.get(GIVE_UP_SECONDS, TimeUnit.SECONDS), null));
                } catch (ExecutionException e) {
                    outcomes.add(new Outcome<>(null, e.getCause()));
                }
            }
            return outcomes;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while racing " + n + " tasks", e);
        } catch (TimeoutException e) {
            throw new AssertionError(n + " racing tasks did not finish within " + GIVE_UP_SECONDS + " s", e);
        } finally {
            pool.shutdownNow();
        }
    }
}

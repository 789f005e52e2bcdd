package io.feedline.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.function.IntConsumer;

/**
 * Seeding and verification send many small independent requests; a few at once keep a local engine
 * busy without drowning two cores in threads.
 */
final class Parallel {
    static final int DEFAULT_WIDTH = 16;

    private Parallel() {}

    /** Runs {@code step} for 0..count-1 on virtual threads, at most {@code width} at once; rethrows the first failure. */
    static void forEach(int count, int width, IntConsumer step) {
        Semaphore permits = new Semaphore(width);
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> running = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                int index = i;
                permits.acquireUninterruptibly();
                running.add(pool.submit(() -> {
                    try {
                        step.accept(index);
                    } finally {
                        permits.release();
                    }
                }));
            }
            for (Future<?> future : running) {
                future.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    static void forEach(int count, IntConsumer step) {
        forEach(count, DEFAULT_WIDTH, step);
    }
}

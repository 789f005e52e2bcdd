package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.FeedlineException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.function.Function;

/**
 * Independent requests of one read or write sent side by side on virtual threads, within a bound,
 * their answers and failures handed back as one call's would be. The adapters use it where a batch
 * of independent requests (explore's shards, notification folds, follower index reads) would
 * otherwise be as many round trips one after another.
 */
final class SideBySide {
    private SideBySide() {}

    /**
     * Applies {@code request} to each input on virtual threads, at most {@code inFlight} at once (a
     * batch of independent writes would otherwise be as many round trips one after another), and
     * returns the answers in the inputs' order once all have ended; the first failure, in that
     * order, is thrown as {@link #resultOf} throws it.
     */
    static <T, R> List<R> apply(List<T> inputs, int inFlight, String pattern, Function<T, R> request) {
        if (inputs.size() == 1) {
            return List.of(request.apply(inputs.getFirst()));
        }
        Semaphore slots = new Semaphore(inFlight);
        List<Future<R>> answers = new ArrayList<>(inputs.size());
        try (ExecutorService parallel = Executors.newVirtualThreadPerTaskExecutor()) {
            for (T input : inputs) {
                answers.add(parallel.submit(() -> {
                    slots.acquire();
                    try {
                        return request.apply(input);
                    } finally {
                        slots.release();
                    }
                }));
            }
        }
        List<R> results = new ArrayList<>(answers.size());
        for (Future<R> answer : answers) {
            results.add(resultOf(answer, pattern));
        }
        return results;
    }

    /**
     * The answer of a request run on another thread (requests of one read sent side by side): its
     * storage failure as thrown, anything else it threw as unavailable, an interrupt as unavailable.
     */
    static <T> T resultOf(Future<T> request, String pattern) {
        try {
            return request.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw TableAccess.unavailable(pattern, e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FeedlineException.StorageUnavailable(TableAccess.COMPONENT, "interrupted during " + pattern, e);
        }
    }
}

package io.feedline.bench;

import io.feedline.domain.FeedlineCore;
import io.feedline.domain.fanout.FanoutWorker;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntFunction;

/** Fan-out workers of {@code core} on platform threads of this process, as worker.in-process runs them. */
final class InProcessWorkers {
    private final List<Thread> threads;
    private final AtomicBoolean stop;

    private InProcessWorkers(List<Thread> threads, AtomicBoolean stop) {
        this.threads = threads;
        this.stop = stop;
    }

    /** Starts {@code count} workers, the i-th named {@code id.apply(i)}. */
    static InProcessWorkers start(FeedlineCore core, int count, IntFunction<String> id) {
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            FanoutWorker worker = core.worker(id.apply(i));
            threads.add(Thread.ofPlatform().name(worker.id()).start(() -> worker.runUntil(stop::get)));
        }
        return new InProcessWorkers(threads, stop);
    }

    /** Asks every worker to stop and waits until each has. */
    void stop() throws InterruptedException {
        stop.set(true);
        for (Thread thread : threads) {
            thread.join();
        }
    }
}

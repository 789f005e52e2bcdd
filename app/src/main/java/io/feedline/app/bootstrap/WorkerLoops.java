package io.feedline.app.bootstrap;

import io.feedline.domain.FeedlineCore;
import io.feedline.domain.fanout.FanoutWorker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Fan-out worker loops on their own threads, stopped together. */
final class WorkerLoops implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerLoops.class);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

    private final AtomicBoolean stopping = new AtomicBoolean();
    private final List<FanoutWorker> workers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();

    static WorkerLoops start(FeedlineCore core, int count) {
        WorkerLoops loops = new WorkerLoops();
        String process = ProcessHandle.current().pid() + "";
        for (int i = 0; i < count; i++) {
            FanoutWorker worker = core.worker(hostName() + "-" + process + "-" + i);
            loops.workers.add(worker);
            loops.threads.add(Thread.ofPlatform().name("fanout-" + i).start(() -> worker.runUntil(loops.stopping::get)));
        }
        if (count > 0) {
            LOG.info("fan-out: {} worker loop(s) running", count);
        }
        return loops;
    }

    /** Stops after the job in hand: a lease cut short would only make another worker redo it. */
    @Override
    public void close() {
        stopping.set(true);
        workers.forEach(FanoutWorker::wake);
        long deadline = System.nanoTime() + STOP_TIMEOUT.toNanos();
        for (Thread thread : threads) {
            try {
                if (!thread.join(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())))) {
                    LOG.warn("{} did not stop within {}; its lease will expire and another worker resumes", thread.getName(), STOP_TIMEOUT);
                    thread.interrupt();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static String hostName() {
        String name = System.getenv("HOSTNAME");
        return name == null || name.isBlank() ? "feedline" : name;
    }
}

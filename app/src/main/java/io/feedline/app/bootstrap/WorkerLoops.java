package io.feedline.app.bootstrap;

import io.feedline.domain.FeedlineCore;
import io.feedline.domain.fanout.FanoutWorker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fan-out worker loops on their own threads, and the sweep of uploads never attached (every
 * {@link #SWEEP_EVERY}, {@code media.unattached-ttl} after their upload), stopped together.
 */
final class WorkerLoops implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerLoops.class);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

    private final AtomicBoolean stopping = new AtomicBoolean();
    private final List<FanoutWorker> workers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    /** How often the uploads never attached are looked for, and how many are deleted in one go. */
    static final Duration SWEEP_EVERY = Duration.ofMinutes(1);
    private static final int SWEEP_BATCH = 100;
    private java.util.concurrent.ScheduledExecutorService sweeper;

    static WorkerLoops start(FeedlineCore core, int count, Duration unattachedTtl) {
        WorkerLoops loops = new WorkerLoops();
        String process = ProcessHandle.current().pid() + "";
        for (int i = 0; i < count; i++) {
            FanoutWorker worker = core.worker(hostName() + "-" + process + "-" + i);
            loops.workers.add(worker);
            loops.threads.add(Thread.ofPlatform().name("fanout-" + i).start(() -> worker.runUntil(loops.stopping::get)));
        }
        if (count > 0) {
            LOG.info("fan-out: {} worker loop(s) running", count);
            // Where workers run, so does the sweep: a server with none leaves it to its worker processes.
            loops.sweeper = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(
                    Thread.ofPlatform().name("media-expiry").daemon(true).factory());
            loops.sweeper.scheduleWithFixedDelay(() -> sweep(core, unattachedTtl), SWEEP_EVERY.toMillis(),
                    SWEEP_EVERY.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        }
        return loops;
    }

    /** Deletes every upload past its time, a batch at a time; a failure waits for the next round. */
    static void sweep(FeedlineCore core, Duration unattachedTtl) {
        try {
            int deleted;
            int total = 0;
            do {
                deleted = core.expireUnattachedMedia(unattachedTtl, SWEEP_BATCH);
                total += deleted;
            } while (deleted == SWEEP_BATCH);
            if (total > 0) {
                LOG.info("media: deleted {} upload(s) never attached", total);
            }
        } catch (RuntimeException e) {
            LOG.warn("media: the sweep of uploads never attached failed; the next round tries again", e);
        }
    }

    /** Stops after the job in hand: a lease cut short would only make another worker redo it. */
    @Override
    public void close() {
        if (sweeper != null) {
            sweeper.shutdownNow();
        }
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

package io.feedline.app.bootstrap;

import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Fan-out only (`feedline worker`): drains the outbox with {@code worker.loops} loops and serves no HTTP. */
public final class FanoutProcess implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FanoutProcess.class);

    private final Assembly assembly;
    private final WorkerLoops loops;

    private FanoutProcess(Assembly assembly, WorkerLoops loops) {
        this.assembly = assembly;
        this.loops = loops;
    }

    public static FanoutProcess start(FeedlineConfig config) {
        if (config.profile() == FeedlineConfig.Profile.EMBEDDED) {
            throw new InvalidConfiguration("feedline worker needs a DynamoDB it shares with the server (the polyglot "
                    + "profile with dynamodb.endpoint, or AWS); on the embedded profile DynamoDB lives inside the "
                    + "server, and `feedline serve` drains the outbox itself (worker.in-process)");
        }
        if (config.timelines() == FeedlineConfig.TimelinesStore.MEMORY) {
            LOG.warn("storage.timelines = memory: the windows this worker writes live in its own memory, where no "
                    + "server reads them, and a server with memory windows does not see this worker's deliveries "
                    + "until its windows are rebuilt; run separate workers with storage.timelines = redis");
        }
        Assembly assembly = Assembly.open(config, Clock.systemUTC());
        try {
            return new FanoutProcess(assembly, WorkerLoops.start(assembly.core, config.workerLoops(), config.media().unattachedTtl()));
        } catch (RuntimeException e) {
            assembly.close();
            throw e;
        }
    }

    @Override
    public void close() {
        LOG.info("fan-out: stopping");
        try {
            loops.close();
        } finally {
            assembly.close();
        }
    }
}

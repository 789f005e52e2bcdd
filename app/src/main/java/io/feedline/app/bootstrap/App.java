package io.feedline.app.bootstrap;

import io.feedline.app.http.BearerTokens;
import io.feedline.app.http.Cursors;
import io.feedline.app.http.DegradationCheck;
import io.feedline.app.http.EngineProbe;
import io.feedline.app.http.HttpApi;
import io.feedline.domain.FanoutWorker;
import io.feedline.ports.in.UseCases;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server: storage, core, HTTP API and the in-process fan-out loops, wired from a
 * {@link FeedlineConfig}. {@link #create} opens storage but listens on nothing until {@link #start},
 * so tests start it on port 0 and read {@link #port()}.
 */
public final class App implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(App.class);

    private final Assembly assembly;
    private final HttpApi http;
    private WorkerLoops loops;
    private FanoutWorker drainer;
    private boolean closed;

    private App(Assembly assembly, HttpApi http) {
        this.assembly = assembly;
        this.http = http;
    }

    public static App create(FeedlineConfig config) {
        return create(config, Clock.systemUTC());
    }

    /** As {@link #create(FeedlineConfig)}, on {@code clock} (tokens, cursors, posts and the outbox all read it). */
    public static App create(FeedlineConfig config, Clock clock) {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(clock, "clock");
        Keys keys = Keys.from(config);
        Assembly assembly = Assembly.open(config, clock);
        try {
            FanoutBacklogWatch backlog = new FanoutBacklogWatch(assembly.storage.jobs, clock, config.fanoutBacklogThreshold());
            assembly.metrics.watchFanoutBacklog(backlog);
            HttpApi http = HttpApi.create(
                    config.http(),
                    assembly.core.useCases(),
                    new BearerTokens(keys.token(), config.tokenTtl(), clock),
                    new Cursors(keys.cursor(), config.cursorTtl(), clock),
                    assembly.storage.probes.stream().map(p -> new EngineProbe(p.component(), p::ping)).toList(),
                    List.of(new DegradationCheck("fanout", backlog::degradedBecause)),
                    assembly.metrics.registry);
            return new App(assembly, http);
        } catch (RuntimeException e) {
            assembly.close();
            throw e;
        }
    }

    /** Listens for HTTP and starts the configured number of in-process fan-out loops. */
    public synchronized App start() {
        http.start();
        loops = WorkerLoops.start(assembly.core, assembly.config.inProcessWorkers());
        if (assembly.config.inProcessWorkers() == 0 && assembly.config.profile() == FeedlineConfig.Profile.EMBEDDED) {
            LOG.warn("worker.in-process = 0 on the embedded profile: no other process can reach this DynamoDB, "
                    + "so posts will not be fanned out to feeds");
        }
        LOG.info("feedline listening on {}:{} (fan-out mode {})", assembly.config.http().host(), http.port(),
                assembly.config.feed().mode().name().toLowerCase(java.util.Locale.ROOT));
        return this;
    }

    public int port() {
        return http.port();
    }

    public UseCases useCases() {
        return assembly.core.useCases();
    }

    /**
     * Works the fan-out outbox dry on the calling thread and returns how many jobs it completed: for
     * tests and tools that need every pending delivery done before they look.
     */
    public int drainFanout() {
        FanoutWorker worker;
        synchronized (this) {
            if (drainer == null) {
                drainer = assembly.core.worker("drain-" + ProcessHandle.current().pid());
            }
            worker = drainer;
        }
        return worker.drain();
    }

    /** Stops listening, lets the fan-out loops finish their job in hand, then closes the core and every engine. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            http.close();
        } finally {
            try {
                if (loops != null) {
                    loops.close();
                }
            } finally {
                assembly.close();
            }
        }
    }
}

package io.feedline.app.bootstrap;

import io.feedline.adapter.dynamodb.CapacityListener;
import io.feedline.domain.DomainPorts;
import io.feedline.ports.model.FeedlineException;
import java.time.Clock;
import java.util.List;

/** `feedline init`: creates the DynamoDB table and runs the Postgres migrations of the configured engines. */
public final class StorageSetup {
    private StorageSetup() {}

    /** Brings every configured engine up to the current layout, and returns what it checked, in words. */
    public static List<String> initialize(FeedlineConfig config) {
        try (Storage storage = Storage.open(config, CapacityListener.NONE, true)) {
            List<String> checked = new java.util.ArrayList<>(storage.probes.stream().map(probe -> {
                probe.ping();
                return probe.component() + ": ready";
            }).toList());
            // A cache has nothing to set up, and the server starts without it.
            for (var probe : storage.cacheProbes) {
                try {
                    probe.ping();
                    checked.add(probe.component() + ": ready");
                } catch (FeedlineException.StorageUnavailable e) {
                    checked.add(probe.component() + ": unreachable (a cache: the server starts without it)");
                }
            }
            return List.copyOf(checked);
        }
    }

    /**
     * The configured engines, opened as the domain's ports (with the app's hasher and id generator),
     * for tools that build their own core over them, such as {@code feedline bench}. Each DynamoDB
     * request reports its consumed capacity to {@code capacity}. Closing the result closes every engine.
     */
    public static OpenedStorage open(FeedlineConfig config, CapacityListener capacity, Clock clock) {
        Storage storage = Storage.open(config, capacity, config.autoInit());
        return new OpenedStorage(storage.ports(clock, config.passwords()), storage::close);
    }

    /** Ports over open engines; {@link #close()} releases the engines. */
    public record OpenedStorage(DomainPorts ports, Runnable closer) implements AutoCloseable {
        @Override
        public void close() {
            closer.run();
        }
    }
}

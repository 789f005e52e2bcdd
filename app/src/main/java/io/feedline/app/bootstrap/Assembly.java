package io.feedline.app.bootstrap;

import io.feedline.adapter.dynamodb.ClientInterceptors;
import io.feedline.domain.FeedlineCore;
import java.time.Clock;

/** Storage, the core over it, and the meters: what every command runs on. */
final class Assembly implements AutoCloseable {
    final FeedlineConfig config;
    final Metrics metrics;
    final Storage storage;
    final FeedlineCore core;

    private Assembly(FeedlineConfig config, Metrics metrics, Storage storage, FeedlineCore core) {
        this.config = config;
        this.metrics = metrics;
        this.storage = storage;
        this.core = core;
    }

    static Assembly open(FeedlineConfig config, Clock clock) {
        return open(config, clock, ClientInterceptors.NONE);
    }

    static Assembly open(FeedlineConfig config, Clock clock, ClientInterceptors dynamoInterceptors) {
        Metrics metrics = new Metrics();
        Storage storage;
        try {
            storage = Storage.open(config, metrics.capacity(), config.autoInit(), dynamoInterceptors);
        } catch (RuntimeException e) {
            metrics.close();
            throw e;
        }
        FeedlineCore core = FeedlineCore.create(storage.ports(clock, config.passwords()), config.feed());
        core.onFanoutDelivered(metrics::fanoutDelivered);
        metrics.watchCacheFailures(core::cacheFailures);
        return new Assembly(config, metrics, storage, core);
    }

    @Override
    public void close() {
        try {
            core.close();
        } finally {
            try {
                storage.close();
            } finally {
                metrics.close();
            }
        }
    }
}

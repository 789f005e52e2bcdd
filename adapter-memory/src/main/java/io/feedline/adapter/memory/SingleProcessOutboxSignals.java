package io.feedline.adapter.memory;

import io.feedline.ports.out.OutboxSignals;

/**
 * The outbox's signal where every worker is in this process (in-memory caches: one process): its
 * workers are woken directly by the enqueue, so there is no one else to tell and nothing to hear.
 */
public final class SingleProcessOutboxSignals implements OutboxSignals {

    @Override
    public void jobsEnqueued() {}

    @Override
    public Subscription listen(Runnable listener) {
        return () -> {};
    }
}

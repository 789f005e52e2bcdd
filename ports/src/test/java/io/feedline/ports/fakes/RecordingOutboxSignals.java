package io.feedline.ports.fakes;

import io.feedline.ports.out.OutboxSignals;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** The outbox's signal as a test sees it: counts what this process announces, and plays another process's announcement. */
public final class RecordingOutboxSignals implements OutboxSignals {
    private final AtomicInteger announced = new AtomicInteger();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    @Override
    public void jobsEnqueued() {
        announced.incrementAndGet();
    }

    @Override
    public Subscription listen(Runnable listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /** How many times this process said it enqueued jobs. */
    public int announced() {
        return announced.get();
    }

    /** Another process says it enqueued jobs. */
    public void hearAnotherProcess() {
        listeners.forEach(Runnable::run);
    }
}

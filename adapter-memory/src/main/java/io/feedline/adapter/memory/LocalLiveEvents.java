package io.feedline.adapter.memory;

import io.feedline.ports.model.LiveEvent;
import io.feedline.ports.out.LiveEvents;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The live channel of a single process: events go into a bounded queue and one thread hands them
 * to the subscribers in order, so a publisher (a request, a fan-out step) never waits for a
 * stream. When the queue is full the event is dropped and counted ({@link #dropped()}): streams
 * are best effort, and memory is not spent on them without bound.
 */
public final class LocalLiveEvents implements LiveEvents, AutoCloseable {
    private static final Logger LOG = Logger.getLogger(LocalLiveEvents.class.getName());

    private final BlockingQueue<LiveEvent> queue;
    private final List<Consumer<LiveEvent>> listeners = new CopyOnWriteArrayList<>();
    private final LongAdder dropped = new LongAdder();
    private final Thread dispatcher;

    /** @param capacity the most events waiting for the subscribers */
    public LocalLiveEvents(int capacity) {
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.dispatcher = Thread.ofPlatform().daemon().name("live-events").start(this::dispatch);
    }

    /** How many events were dropped because the subscribers were behind. */
    public long dropped() {
        return dropped.sum();
    }

    @Override
    public void publish(LiveEvent event) {
        if (!queue.offer(event)) {
            dropped.increment();
        }
    }

    @Override
    public Subscription subscribe(Consumer<LiveEvent> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    private void dispatch() {
        try {
            while (true) {
                deliver(listeners, queue.take());
            }
        } catch (InterruptedException e) {
            // Closed.
        }
    }

    /** Hands the event to each listener; one that fails is logged and the others still get it. */
    static void deliver(List<Consumer<LiveEvent>> listeners, LiveEvent event) {
        for (Consumer<LiveEvent> listener : listeners) {
            try {
                listener.accept(event);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "a live-event listener failed", e);
            }
        }
    }

    @Override
    public void close() {
        dispatcher.interrupt();
    }
}

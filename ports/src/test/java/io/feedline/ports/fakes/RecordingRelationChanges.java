package io.feedline.ports.fakes;

import io.feedline.ports.model.UserId;
import io.feedline.ports.out.RelationChanges;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Relation changes as a test sees them: counts what this process announces, and plays another
 * process's word and the channel going down or up. It starts up (hearing every change).
 */
public final class RecordingRelationChanges implements RelationChanges {
    private final AtomicInteger announced = new AtomicInteger();
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private volatile boolean hearing = true;

    @Override
    public void changed(UserId first, UserId second) {
        announced.incrementAndGet();
    }

    @Override
    public synchronized Subscription listen(Listener listener) {
        listeners.add(listener);
        listener.hearing(hearing);
        return () -> listeners.remove(listener);
    }

    /** How many changes this process announced. */
    public int announced() {
        return announced.get();
    }

    /** Another process changed the relations between these users. */
    public void hearAnotherProcess(UserId first, UserId second) {
        listeners.forEach(listener -> listener.changed(first, second));
    }

    /** The channel goes down ({@code false}) or comes up again ({@code true}). */
    public synchronized void channel(boolean up) {
        hearing = up;
        listeners.forEach(listener -> listener.hearing(up));
    }
}

package io.feedline.ports.fakes;

import io.feedline.ports.out.Announcements;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Announcements as a test sees them: records what this process announces, and plays another
 * process's word and the channel going down or up. It starts up (hearing every word).
 */
public final class RecordingAnnouncements<M> implements Announcements<M> {
    private final List<M> announced = new CopyOnWriteArrayList<>();
    private final List<Listener<M>> listeners = new CopyOnWriteArrayList<>();
    private volatile boolean hearing = true;

    @Override
    public void announce(M word) {
        announced.add(word);
    }

    @Override
    public synchronized Subscription listen(Listener<M> listener) {
        listeners.add(listener);
        listener.hearing(hearing);
        return () -> listeners.remove(listener);
    }

    /** What this process announced, in order. */
    public List<M> announced() {
        return List.copyOf(announced);
    }

    /** Another process announced {@code word}. */
    public void hearAnotherProcess(M word) {
        listeners.forEach(listener -> listener.heard(word));
    }

    /** The channel goes down ({@code false}) or comes up again ({@code true}). */
    public synchronized void channel(boolean up) {
        hearing = up;
        listeners.forEach(listener -> listener.hearing(up));
    }
}

package io.feedline.ports.fakes;

import io.feedline.ports.model.LiveEvent;
import io.feedline.ports.out.LiveEvents;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/** The live channel in memory: every event is handed to the subscribers on the publishing thread, and kept; a listener that throws is skipped. */
public final class InMemoryLiveEvents implements LiveEvents {
    private final List<Consumer<LiveEvent>> listeners = new CopyOnWriteArrayList<>();
    private final List<LiveEvent> published = new CopyOnWriteArrayList<>();

    /** Every event published so far, in order. */
    public List<LiveEvent> published() {
        return new ArrayList<>(published);
    }

    @Override
    public void publish(LiveEvent event) {
        published.add(event);
        for (Consumer<LiveEvent> listener : listeners) {
            try {
                listener.accept(event);
            } catch (RuntimeException e) {
                // A listener's failure is its own: the others still get the event.
            }
        }
    }

    @Override
    public Subscription subscribe(Consumer<LiveEvent> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }
}

package io.feedline.ports.out;

import io.feedline.ports.model.LiveEvent;
import java.util.function.Consumer;

/**
 * The channel live events travel on, from the process where something happened (a server that
 * took a publish, a worker that fanned a post out) to every process holding streams. Delivery is
 * best effort and at most once: a stream may miss an event while its channel is down, as a
 * Mastodon client may, and reads the timeline to catch up. Events are published after the write
 * they announce has committed.
 */
public interface LiveEvents {

    /**
     * Sends the event to every subscriber in every process, itself included. Never throws and never
     * waits past a bounded time: a channel that is down drops the event (and counts it).
     */
    void publish(LiveEvent event);

    /**
     * Calls {@code listener} with every event published from now on, by any process, until the
     * returned handle is closed. The listener is called on the channel's own thread, one event at a
     * time in the order received, and must not block.
     */
    Subscription subscribe(Consumer<LiveEvent> listener);

    /** A subscription; closing it stops its listener. */
    interface Subscription extends AutoCloseable {
        @Override
        void close();
    }
}

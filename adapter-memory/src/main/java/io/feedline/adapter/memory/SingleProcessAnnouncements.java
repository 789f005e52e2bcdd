package io.feedline.adapter.memory;

import io.feedline.ports.out.Announcements;

/**
 * Announcements where every copy is in this process (in-memory caches: one process): its own
 * changes correct its copies directly, so there is no one else to tell, and no change is made
 * anywhere it would not hear.
 */
public final class SingleProcessAnnouncements<M> implements Announcements<M> {

    @Override
    public void announce(M word) {}

    @Override
    public Subscription listen(Listener<M> listener) {
        listener.hearing(true);
        return () -> {};
    }
}

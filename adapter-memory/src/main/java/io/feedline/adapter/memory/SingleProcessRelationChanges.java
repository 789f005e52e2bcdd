package io.feedline.adapter.memory;

import io.feedline.ports.out.RelationChanges;
import io.feedline.ports.model.UserId;

/**
 * Relation changes where every reader's copy is in this process (in-memory caches: one process):
 * its own changes drop its copies directly, so there is no one else to tell, and no change is
 * made anywhere it would not hear.
 */
public final class SingleProcessRelationChanges implements RelationChanges {

    @Override
    public void changed(UserId first, UserId second) {}

    @Override
    public Subscription listen(Listener listener) {
        listener.hearing(true);
        return () -> {};
    }
}

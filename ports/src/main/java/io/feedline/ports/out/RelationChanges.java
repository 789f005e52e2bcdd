package io.feedline.ports.out;

import io.feedline.ports.model.UserId;

/**
 * Word between processes that the mutes or blocks between two users changed, so that every process
 * drops its copy of their relation sets at once instead of serving it until it ages out. A hint to
 * caches, never the change itself, which {@link Relations} has committed first. The channel can
 * drop; a listener is told whenever it may have missed a word, and then keeps its copies only as
 * long as it would with no channel at all.
 */
public interface RelationChanges {

    /**
     * Tells every other process that the relations between these two users changed. Called after
     * the commit; never throws. A word the channel did not take is counted and lost: the other
     * processes' copies then age out.
     */
    void changed(UserId first, UserId second);

    /**
     * Calls {@code listener} for the changes other processes announce and whenever the channel's
     * state changes, until the returned handle is closed; it is told the current state at once.
     * Calls come from the channel's own thread and must not block.
     */
    Subscription listen(Listener listener);

    /** What a process hears. */
    interface Listener {
        /** Another process changed the relations between these two users. */
        void changed(UserId first, UserId second);

        /**
         * Whether this process now hears every change another process announces ({@code true}: the
         * channel is up, and what was announced before this call is unknown) or may miss some
         * ({@code false}). Either way, copies kept before this call may be stale.
         */
        void hearing(boolean everyChange);
    }

    /** A listener's registration; closing it stops the calls. */
    interface Subscription extends AutoCloseable {
        @Override
        void close();
    }
}

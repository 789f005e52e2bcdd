package io.feedline.ports.out;

/**
 * Word between processes that something each may keep in memory changed, so that every process
 * drops or corrects its copy at once instead of serving it until it ages out. A hint to caches,
 * never the change itself, which its store has committed first. The channel can drop; a listener
 * is told whenever it may have missed a word, and then keeps its copies only as long as it would
 * with no channel at all.
 *
 * @param <M> what a word names: the two users whose mutes or blocks changed, a revoked token's id
 */
public interface Announcements<M> {

    /**
     * Tells every other process about {@code word}. Called after the commit; never throws. A word the
     * channel did not take is counted and lost: the other processes' copies then age out.
     */
    void announce(M word);

    /**
     * Calls {@code listener} for the words other processes announce and whenever the channel's state
     * changes, until the returned handle is closed; it is told the current state at once. Calls come
     * from the channel's own thread and must not block.
     */
    Subscription listen(Listener<M> listener);

    /** What a process hears. */
    interface Listener<M> {
        /** Another process announced {@code word}. */
        void heard(M word);

        /**
         * Whether this process now hears every word another process announces ({@code true}: the
         * channel is up, and what was announced before this call is unknown) or may miss some
         * ({@code false}). Either way, copies kept before this call may be stale.
         */
        void hearing(boolean everyWord);
    }

    /** A listener's registration; closing it stops the calls. */
    interface Subscription extends AutoCloseable {
        @Override
        void close();
    }
}

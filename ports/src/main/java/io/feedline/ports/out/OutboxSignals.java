package io.feedline.ports.out;

/**
 * Word between processes that the outbox has new jobs: a hint that cuts an idle worker's wait
 * short, never the work itself. A worker that misses one (its channel was down, it was not yet
 * listening) finds the jobs at its next poll of the outbox, so a signal may be lost, repeated or
 * coalesced with others without changing what is done, only how soon.
 */
public interface OutboxSignals {

    /**
     * Tells the workers of every other process that jobs were just committed to the outbox. Called
     * after the commit; never throws and never waits on the channel.
     */
    void jobsEnqueued();

    /**
     * Calls {@code listener} each time another process says it enqueued jobs, until the returned
     * handle is closed. The listener runs on the channel's own thread and must not block.
     */
    Subscription listen(Runnable listener);

    /** A listener's registration; closing it stops the calls. */
    interface Subscription extends AutoCloseable {
        @Override
        void close();
    }
}

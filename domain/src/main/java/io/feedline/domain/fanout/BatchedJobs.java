package io.feedline.domain.fanout;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.CountChange;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.PostId;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.Notifications;
import io.feedline.ports.out.PostCounters;
import java.time.Clock;
import java.util.List;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The jobs a fan-out worker does not hold but settles as it takes them, each kind of a claim as one
 * batch: count deltas ({@link PostCounters#apply}: each delta in one atomic write with its job's
 * completion, so a redelivery counts once), notifications ({@link Notifications#recordClaimed}: the
 * events on one row folded into one write with their jobs' completions) and search-index jobs
 * (one batch read, one index write, the completions in one write). A failed batch is given back,
 * each job claimable again after its backoff; every batch is idempotent, so a redelivery changes
 * nothing. Each method returns how many jobs it completed.
 */
final class BatchedJobs {
    private static final Logger LOG = Logger.getLogger(BatchedJobs.class.getName());

    private final FanoutJobs jobs;
    private final Notifications notifications;
    private final PostCounters counters;
    private final CountCache cachedPosts;
    private final SearchIndexing searchIndexing;
    private final Clock clock;
    private final StorageCalls storage;
    private volatile Consumer<List<CountChange>> countsApplied = changes -> {};
    private volatile Consumer<List<NotificationEvent>> notified = events -> {};

    BatchedJobs(FanoutJobs jobs, Notifications notifications, PostCounters counters, CountCache cachedPosts,
            SearchIndexing searchIndexing, Clock clock, StorageCalls storage) {
        this.jobs = jobs;
        this.notifications = notifications;
        this.counters = counters;
        this.cachedPosts = cachedPosts;
        this.searchIndexing = searchIndexing;
        this.clock = clock;
        this.storage = storage;
    }

    /** Receives the changes of each batch of count jobs applied. */
    void onCountsApplied(Consumer<List<CountChange>> listener) {
        this.countsApplied = listener;
    }

    /** Receives the events of each set of notifications once they are recorded. */
    void onNotified(Consumer<List<NotificationEvent>> listener) {
        this.notified = listener;
    }

    /** Tells {@link #onNotified}'s listener of events recorded elsewhere (a post's subscribers). */
    void notified(List<NotificationEvent> events) {
        notified.accept(events);
    }

    /**
     * Records a claim's notification events, those on one row folded into one write with their
     * jobs' completions. A failed batch is given back, each job retried after its backoff (what was
     * recorded is not recorded again: each actor counts once per row).
     */
    int recordNotifications(List<ClaimedJob> notes) {
        try {
            storage.call(() -> notifications.recordClaimed(notes));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "recording " + notes.size() + " notification jobs failed; retrying them after a backoff", e);
            releaseAll(notes);
            return 0;
        }
        notified.accept(notes.stream().map(ClaimedJob::job).filter(FanoutJob.Notify.class::isInstance)
                .map(job -> ((FanoutJob.Notify) job).event()).toList());
        return notes.size();
    }

    private void releaseAll(List<ClaimedJob> claimed) {
        for (ClaimedJob job : claimed) {
            try {
                storage.call(() -> jobs.release(job, clock.instant().plus(Retries.backoff(job.attempts()))));
            } catch (RuntimeException releaseFailed) {
                LOG.log(Level.WARNING, "could not release " + job.job().key() + "; its lease will expire", releaseFailed);
            }
        }
    }

    /**
     * Brings the search index up to date with a batch of index jobs (one batch read of the posts,
     * one index write), then completes the jobs in one write. The index writes are idempotent, so a batch that
     * fails after the index took it is simply run again; a failed batch is given back, each job
     * retried after its backoff.
     */
    int applyIndexing(List<ClaimedJob> indexing) {
        try {
            storage.call(() -> {
                searchIndexing.apply(indexing.stream().map(ClaimedJob::job).toList());
                return null;
            });
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "applying " + indexing.size() + " search index jobs failed; retrying them after a backoff", e);
            releaseAll(indexing);
            return 0;
        }
        // The completions in one write (FanoutJobs.completeAll), not a round trip each.
        try {
            storage.call(() -> jobs.completeAll(indexing));
        } catch (RuntimeException e) {
            // Their leases expire and a redelivery indexes the posts again, which changes nothing.
            LOG.log(Level.INFO, "could not complete " + indexing.size() + " search index jobs; their leases will expire", e);
            return 0;
        }
        return indexing.size();
    }

    /**
     * Applies a batch of count deltas, each completed with its delta in one atomic write, then
     * moves the cached counts. A failed batch is given back, each job retried after its backoff.
     */
    int applyCounts(List<ClaimedJob> counts) {
        List<PostId> posts = counts.stream()
                .map(claimed -> claimed.job())
                .filter(FanoutJob.CountDelta.class::isInstance)
                .map(job -> ((FanoutJob.CountDelta) job).post().postId())
                .distinct()
                .toList();
        List<CountChange> changes;
        cachedPosts.countsApplying(posts);
        try {
            try {
                changes = storage.call(() -> counters.apply(counts));
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "applying " + counts.size() + " count jobs failed; retrying them after a backoff", e);
                releaseAll(counts);
                return 0;
            }
            changes.forEach(cachedPosts::countMoved);
        } finally {
            cachedPosts.countsApplied(posts);
        }
        countsApplied.accept(changes);
        return counts.size();
    }
}

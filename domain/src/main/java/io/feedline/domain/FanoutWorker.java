package io.feedline.domain;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.FeedItems;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.TimelineCache;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Drains the outbox (DESIGN §4, "Publish"). A job is leased, its author's followers are walked a
 * page at a time, and a checkpoint is written after each page, so a worker that dies is replaced
 * from where it stopped. Every write is idempotent, so replaying a page after a crash changes
 * nothing. Durable feed items are written first; the hot window after them, as a cache whose
 * failure never holds up the durable copy.
 */
public final class FanoutWorker {
    private static final Logger LOG = Logger.getLogger(FanoutWorker.class.getName());
    private static final Duration MAX_BACKOFF = Duration.ofMinutes(5);

    private final String workerId;
    private final FanoutJobs jobs;
    private final FollowGraph graph;
    private final FeedItems feedItems;
    private final TimelineCache timelines;
    private final Clock clock;
    private final FeedSettings settings;
    private final Consumer<Duration> deliveredAfter;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition woken = lock.newCondition();
    private boolean wakeRequested;

    FanoutWorker(String workerId, FanoutJobs jobs, FollowGraph graph, FeedItems feedItems, TimelineCache timelines,
            Clock clock, FeedSettings settings, Consumer<Duration> deliveredAfter) {
        this.workerId = workerId;
        this.jobs = jobs;
        this.graph = graph;
        this.feedItems = feedItems;
        this.timelines = timelines;
        this.clock = clock;
        this.settings = settings;
        this.deliveredAfter = deliveredAfter;
    }

    public String id() {
        return workerId;
    }

    /** Claims what is claimable now and works it off. Returns how many jobs were completed. */
    public int runOnce() {
        List<ClaimedJob> claimed = jobs.claim(workerId, settings.jobsPerClaim(), clock.instant(), settings.jobLease());
        int done = 0;
        for (ClaimedJob job : claimed) {
            try {
                process(job);
                jobs.complete(job);
                done++;
            } catch (FeedlineException.WriteConflict lost) {
                LOG.log(Level.INFO, "lease on {0} was taken over; leaving it to the new holder", job.job().key());
            } catch (RuntimeException e) {
                Instant retryAt = clock.instant().plus(backoff(job.attempts()));
                LOG.log(Level.WARNING, "fan-out job " + job.job().key() + " failed; retrying at " + retryAt, e);
                try {
                    jobs.release(job, retryAt);
                } catch (RuntimeException releaseFailed) {
                    LOG.log(Level.WARNING, "could not release " + job.job().key() + "; its lease will expire", releaseFailed);
                }
            }
        }
        return done;
    }

    /** Runs jobs until none is claimable. Returns how many were completed. */
    public int drain() {
        int total = 0;
        int done;
        while ((done = runOnce()) > 0) {
            total += done;
        }
        return total;
    }

    /** Works until {@code stop} says so, sleeping between empty polls unless woken. */
    public void runUntil(BooleanSupplier stop) {
        while (!stop.getAsBoolean()) {
            int done;
            try {
                done = runOnce();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "outbox poll failed", e);
                done = 0;
            }
            if (done == 0) {
                awaitWork();
            }
        }
    }

    /** Cuts the idle wait short: called when this process enqueued a job. */
    public void wake() {
        lock.lock();
        try {
            wakeRequested = true;
            woken.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void awaitWork() {
        lock.lock();
        try {
            if (!wakeRequested) {
                woken.await(settings.idlePoll().toMillis(), TimeUnit.MILLISECONDS);
            }
            wakeRequested = false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.unlock();
        }
    }

    private void process(ClaimedJob claimed) {
        switch (claimed.job()) {
            case FanoutJob.Deliver deliver -> walkAudience(claimed, deliver.post(), this::deliver);
            case FanoutJob.Retract retract -> walkAudience(claimed, retract.post(), this::retract);
            case FanoutJob.PurgeAuthor purge -> {
                if (graph.isFollowing(purge.reader(), purge.author())) {
                    // Followed again since: the re-follow's backfill is the newer truth.
                    return;
                }
                feedItems.removeAuthor(purge.reader(), purge.author());
                Windows.update(timelines, window -> window.removeAuthor(purge.reader(), purge.author()));
            }
        }
    }

    private interface PageAction {
        void apply(PostRef post, List<UserId> readers);
    }

    /** The author and every follower, a page at a time, from the job's checkpoint. */
    private void walkAudience(ClaimedJob claimed, PostRef post, PageAction action) {
        ClaimedJob current = claimed;
        if (current.checkpoint().isEmpty()) {
            action.apply(post, List.of(post.authorId()));
        }
        while (true) {
            Page<UserId> page = graph.followers(post.authorId(), new PageRequest(current.checkpoint(), settings.fanoutPageSize()));
            if (!page.items().isEmpty()) {
                action.apply(post, page.items());
            }
            if (page.next().isEmpty()) {
                break;
            }
            current = jobs.checkpoint(current, page.next().get(), clock.instant(), settings.jobLease());
        }
        if (claimed.job() instanceof FanoutJob.Deliver) {
            deliveredAfter.accept(Duration.ofMillis(Math.max(0, clock.millis() - post.postId().epochMillis())));
        }
    }

    private void deliver(PostRef post, List<UserId> readers) {
        List<Delivery> deliveries = new ArrayList<>(readers.size());
        for (UserId reader : readers) {
            deliveries.add(new Delivery(reader, post));
        }
        feedItems.append(deliveries);
        Windows.update(timelines, window -> window.add(deliveries));
    }

    private void retract(PostRef post, List<UserId> readers) {
        feedItems.remove(readers.stream().map(reader -> new Delivery(reader, post)).toList());
        for (UserId reader : readers) {
            Windows.update(timelines, window -> window.remove(reader, post.postId()));
        }
    }

    private static Duration backoff(int attempts) {
        long seconds = 1L << Math.min(Math.max(attempts - 1, 0), 8);
        Duration backoff = Duration.ofSeconds(seconds);
        return backoff.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff;
    }
}

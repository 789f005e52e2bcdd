package io.feedline.domain.fanout;

import io.feedline.domain.fanout.ParallelTasks.Outcome;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.Notifications;
import io.feedline.ports.out.Posts;
import io.feedline.ports.out.Subscriptions;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.logging.Level;
import java.util.logging.Logger;

/** A worker's work beside the deliveries: a post's subscribers' notifications, and the trending tags' ranking. */
final class SideJobs {
    private static final Logger LOG = Logger.getLogger(SideJobs.class.getName());
    private final FanoutJobs jobs;
    private final Posts posts;
    private final Subscriptions subscriptions;
    private final Notifications notifications;
    private final BatchedJobs batched;
    private final TagFanout tags;
    private final Clock clock;
    private final FanoutSettings settings;
    private final StorageCalls storage;
    private final ParallelTasks tasks;

    SideJobs(FanoutJobs jobs, Posts posts, Subscriptions subscriptions, Notifications notifications, BatchedJobs batched,
            TagFanout tags, Clock clock, FanoutSettings settings, StorageCalls storage, ParallelTasks tasks) {
        this.jobs = jobs;
        this.posts = posts;
        this.subscriptions = subscriptions;
        this.notifications = notifications;
        this.batched = batched;
        this.tags = tags;
        this.clock = clock;
        this.settings = settings;
        this.storage = storage;
        this.tasks = tasks;
    }

    /** Ranks the trending tags if this worker counted uses and the ranking is due (see {@link TagRanking}). */
    void rankTags() {
        try {
            storage.call(() -> tags.ranker().rankIfDue(clock.instant()));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "ranking the trending tags failed; the next round ranks again", e);
            tags.ranker().used();
        }
    }

    /**
     * One {@code post} notification for each subscriber of the post's author, a page of subscribers
     * at a time from the job's checkpoint (the page's recordings in parallel, within the bound on
     * calls). Each recording is idempotent, so a page redone after a crash adds nothing. A post
     * deleted before its job ran notifies nobody.
     */
    void notifySubscribers(DeliveryRun run, PostRef post) {
        Optional<Post> published = storage.call(() -> posts.get(post));
        if (published.isEmpty()) {
            return;
        }
        Instant at = published.get().createdAt();
        while (true) {
            Optional<PageToken> from = run.claimed.checkpoint();
            Page<UserId> page = storage.call(() -> subscriptions.subscribers(post.authorId(), new PageRequest(from, settings.fanoutPageSize())));
            List<Outcome<Void>> recorded = tasks.all(page.items().stream()
                    .filter(subscriber -> !subscriber.equals(post.authorId()))
                    .<Callable<Void>>map(subscriber -> () -> {
                        NotificationEvent event = new NotificationEvent(
                                subscriber, NotificationType.POST, Optional.of(post.postId()), post.authorId(), at);
                        storage.call(() -> notifications.record(event));
                        batched.notified(List.of(event));
                        return null;
                    })
                    .toList());
            for (Outcome<Void> outcome : recorded) {
                if (outcome.failure() instanceof RuntimeException failure) {
                    throw failure;
                }
                if (outcome.failure() instanceof Error error) {
                    throw error;
                }
            }
            if (page.next().isEmpty()) {
                return;
            }
            PageToken next = page.next().get();
            run.claimed = storage.call(() -> jobs.checkpoint(run.claimed, next, clock.instant(), settings.jobLease()));
        }
    }
}

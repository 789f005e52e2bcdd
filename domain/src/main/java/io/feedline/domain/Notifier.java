package io.feedline.domain;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FanoutJobs;
import java.time.Clock;
import java.util.Optional;

/**
 * Turns a write that concerns someone else into an outbox job, so that the notification is written
 * by the worker and never in the request. Nobody is notified of their own doing.
 */
final class Notifier {
    private final FanoutJobs jobs;
    private final Clock clock;
    private final Runnable onEnqueue;

    Notifier(FanoutJobs jobs, Clock clock, Runnable onEnqueue) {
        this.jobs = jobs;
        this.clock = clock;
        this.onEnqueue = onEnqueue;
    }

    /** Enqueues the event for {@code recipient} unless they are the actor; true if a job was enqueued. */
    boolean notify(UserId recipient, NotificationType type, Optional<PostId> post, UserId actor) {
        if (recipient.equals(actor)) {
            return false;
        }
        jobs.enqueue(new FanoutJob.Notify(new NotificationEvent(recipient, type, post, actor, clock.instant())));
        onEnqueue.run();
        return true;
    }
}

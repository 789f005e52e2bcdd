package io.feedline.domain.notifications;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;
import java.time.Clock;
import java.util.Optional;

/**
 * Turns a write that concerns someone else into an outbox job, which the caller writes in the same
 * atomic write as its own change (so the notification cannot be lost between the two) and the
 * worker records, never the request. Nobody is notified of their own doing.
 */
public final class Notifier {
    private final Clock clock;

    public Notifier(Clock clock) {
        this.clock = clock;
    }

    /** The job that notifies {@code recipient}, unless they are the actor. */
    public Optional<FanoutJob> job(UserId recipient, NotificationType type, Optional<PostId> post, UserId actor) {
        if (recipient.equals(actor)) {
            return Optional.empty();
        }
        return Optional.of(new FanoutJob.Notify(new NotificationEvent(recipient, type, post, actor, clock.instant())));
    }
}

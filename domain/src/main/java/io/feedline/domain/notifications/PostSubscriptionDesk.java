package io.feedline.domain.notifications;

import io.feedline.domain.users.UserDesk;
import io.feedline.ports.in.NotifyOfPosts;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.Subscriptions;

/**
 * Subscriptions to an account's posts. The notifications themselves are written by the worker (a
 * {@link io.feedline.ports.model.FanoutJob.NotifySubscribers} job enqueued with each original post),
 * never in the publish request.
 */
public final class PostSubscriptionDesk implements NotifyOfPosts {
    private final Subscriptions subscriptions;
    private final UserDesk users;

    public PostSubscriptionDesk(Subscriptions subscriptions, UserDesk users) {
        this.subscriptions = subscriptions;
        this.users = users;
    }

    @Override
    public boolean subscribe(UserId caller, Username author) {
        UserAccount target = users.byName(author);
        if (target.id().equals(caller)) {
            throw new FeedlineException.InvalidInput("username", "you cannot be notified of your own posts");
        }
        return subscriptions.subscribe(caller, target.id());
    }

    @Override
    public boolean unsubscribe(UserId caller, Username author) {
        return subscriptions.unsubscribe(caller, users.byName(author).id());
    }

    @Override
    public boolean isSubscribed(UserId caller, Username author) {
        return subscriptions.isSubscribed(caller, users.byName(author).id());
    }
}

package io.feedline.app.http;

import io.feedline.ports.in.NotifyOfPosts;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.javalin.http.Context;

/**
 * {@code /users/{username}/notify}: whether the caller is told of each new post of that user (the
 * subscriber model), set with PUT, ended with DELETE, read with GET. Independent of following.
 */
final class SubscriptionResource {
    private final NotifyOfPosts notifyOfPosts;

    SubscriptionResource(NotifyOfPosts notifyOfPosts) {
        this.notifyOfPosts = notifyOfPosts;
    }

    /** The caller's subscription to one author's posts, and whether this request changed it. */
    record Notifying(String username, boolean notifying, boolean changed) {}

    void subscribe(Context ctx) {
        UserId caller = Caller.of(ctx).required();
        Username author = PathValues.username(ctx, "username");
        boolean changed;
        try {
            changed = notifyOfPosts.subscribe(caller, author);
        } catch (FeedlineException.InvalidInput selfNotify) {
            throw HttpProblem.unprocessable("self-notify", selfNotify.field(), selfNotify.getMessage());
        }
        ctx.json(new Notifying(author.value(), true, changed));
    }

    void unsubscribe(Context ctx) {
        UserId caller = Caller.of(ctx).required();
        Username author = PathValues.username(ctx, "username");
        boolean changed = notifyOfPosts.unsubscribe(caller, author);
        ctx.json(new Notifying(author.value(), false, changed));
    }

    void read(Context ctx) {
        UserId caller = Caller.of(ctx).required();
        Username author = PathValues.username(ctx, "username");
        ctx.json(new Notifying(author.value(), notifyOfPosts.isSubscribed(caller, author), false));
    }
}

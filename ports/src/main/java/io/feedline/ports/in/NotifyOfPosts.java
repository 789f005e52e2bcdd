package io.feedline.ports.in;

import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;

/**
 * Asks to be notified of an account's new posts (the subscriber model): each original post the
 * author publishes afterwards gives the subscriber one {@code post} notification. Replies and
 * reposts notify no subscriber. Independent of following: unfollowing keeps the subscription.
 */
public interface NotifyOfPosts {

    /**
     * Subscribes {@code caller} to {@code author}'s posts. Idempotent.
     *
     * @return true if the subscription is new
     * @throws io.feedline.ports.model.FeedlineException.NotFound if the author does not exist
     * @throws io.feedline.ports.model.FeedlineException.InvalidInput when subscribing to oneself
     */
    boolean subscribe(UserId caller, Username author);

    /**
     * Ends {@code caller}'s subscription to {@code author}'s posts. Idempotent.
     *
     * @return true if there was one
     * @throws io.feedline.ports.model.FeedlineException.NotFound if the author does not exist
     */
    boolean unsubscribe(UserId caller, Username author);

    /**
     * Whether {@code caller} is subscribed to {@code author}'s posts.
     *
     * @throws io.feedline.ports.model.FeedlineException.NotFound if the author does not exist
     */
    boolean isSubscribed(UserId caller, Username author);
}

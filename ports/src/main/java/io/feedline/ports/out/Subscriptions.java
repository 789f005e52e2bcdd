package io.feedline.ports.out;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserId;

/**
 * Who asked to be notified of whose new posts (the subscriber model: "be notified when new items
 * from entities you follow are posted"). Independent of the follow graph: unfollowing leaves a
 * subscription; blocking removes it ({@link #unsubscribe}).
 */
public interface Subscriptions {

    /** Subscribes {@code subscriber} to {@code author}'s posts; false, changing nothing, if already subscribed. */
    boolean subscribe(UserId subscriber, UserId author);

    /** Ends the subscription; false, changing nothing, if there was none. */
    boolean unsubscribe(UserId subscriber, UserId author);

    /** Whether {@code subscriber} is subscribed to {@code author}, as of the last write (strongly consistent). */
    boolean isSubscribed(UserId subscriber, UserId author);

    /** A page of {@code author}'s subscribers, in a stable order, resumable from its token. */
    Page<UserId> subscribers(UserId author, PageRequest page);

    /** How many subscribers {@code author} has. */
    long count(UserId author);
}

package io.feedline.ports.in;

import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;

/** Removes the edge; the author's posts leave the follower's feed (the durable copies asynchronously). */
public interface Unfollow {

    /**
     * @return true if there was an edge to remove
     * @throws io.feedline.ports.model.FeedlineException.NotFound if the followee does not exist
     */
    boolean unfollow(UserId follower, Username followee);
}

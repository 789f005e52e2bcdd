package io.feedline.ports.in;

import io.feedline.ports.model.Username;

/** Whether one user follows another. */
public interface CheckFollows {

    /** @throws io.feedline.ports.model.FeedlineException.NotFound if either user does not exist */
    boolean follows(Username follower, Username followee);
}

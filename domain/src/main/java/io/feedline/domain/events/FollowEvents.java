package io.feedline.domain.events;

import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;

/**
 * What {@code FollowDesk} tells after a follow or an unfollow, whether or not it changed the edge
 * (ADR-0022). Listeners run on the caller's thread, in the order {@link io.feedline.domain.FeedlineCore} lists them.
 */
public interface FollowEvents {
    void followed(UserId follower, Username followee);

    void unfollowed(UserId follower, Username followee);
}

package io.feedline.domain;

import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;

/**
 * What {@link SocialGraph} tells after a follow or an unfollow, whether or not it changed the edge
 * (ADR-0022). Listeners run on the caller's thread, in the order {@link FeedlineCore} lists them.
 */
interface FollowEvents {
    void followed(UserId follower, Username followee);

    void unfollowed(UserId follower, Username followee);
}

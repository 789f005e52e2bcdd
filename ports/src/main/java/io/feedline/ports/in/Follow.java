package io.feedline.ports.in;

import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;

/**
 * Makes {@code follower} follow {@code followee}, and backfills the followee's newest posts into the
 * follower's feed. Idempotent: following twice changes nothing the second time.
 */
public interface Follow {

    /**
     * @return true if the edge is new
     * @throws io.feedline.ports.model.FeedlineException.NotFound if the followee does not exist
     * @throws io.feedline.ports.model.FeedlineException.InvalidInput when following oneself
     */
    boolean follow(UserId follower, Username followee);
}

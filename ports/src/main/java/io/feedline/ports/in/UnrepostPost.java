package io.feedline.ports.in;

import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;

/** Takes back a repost; it leaves the feeds it reached. Idempotent: undoing nothing changes nothing. */
public interface UnrepostPost {

    /**
     * @return the post's exact repost count afterwards
     * @throws io.feedline.ports.model.FeedlineException.NotFound if there is no such post
     */
    long unrepost(UserId user, PostId post);
}

package io.feedline.ports.in;

import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;

/** Withdraws a like. Idempotent: unliking a post one does not like changes nothing. */
public interface UnlikePost {

    /**
     * @return the post's exact like count afterwards
     * @throws io.feedline.ports.model.FeedlineException.NotFound if there is no such post
     */
    long unlike(UserId user, PostId post);
}

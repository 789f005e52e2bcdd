package io.feedline.ports.in;

import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;

/** Likes a post. Idempotent: a second like changes nothing. */
public interface LikePost {

    /**
     * @return the post's exact like count afterwards
     * @throws io.feedline.ports.model.FeedlineException.NotFound if there is no such post
     */
    long like(UserId user, PostId post);
}

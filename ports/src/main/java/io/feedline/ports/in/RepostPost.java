package io.feedline.ports.in;

import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;

/**
 * Reposts a post to the reposter's followers. Idempotent: a second repost changes nothing. A
 * user may repost their own post, and a reply, as Mastodon allows.
 */
public interface RepostPost {

    /**
     * @return the post's exact repost count afterwards
     * @throws io.feedline.ports.model.FeedlineException.NotFound if there is no such post
     */
    long repost(UserId user, PostId post);
}

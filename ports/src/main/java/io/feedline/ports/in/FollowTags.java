package io.feedline.ports.in;

import io.feedline.ports.model.Tag;
import io.feedline.ports.model.UserId;

/**
 * Makes a user follow or unfollow a tag. A followed tag's posts reach the follower's home feed as a
 * followed author's do; a follow backfills the tag's newest posts, an unfollow purges those that
 * came through the tag alone. Both are idempotent.
 */
public interface FollowTags {

    /**
     * @return true if the edge is new
     * @throws io.feedline.ports.model.FeedlineException.LimitReached past {@code graph.max-following} tags
     */
    boolean follow(UserId reader, Tag tag);

    /** @return true if there was an edge */
    boolean unfollow(UserId reader, Tag tag);
}

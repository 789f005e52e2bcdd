package io.feedline.ports.out;

import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;

/**
 * Who liked which post. Each change moves the post's like count (read through {@link Posts}) in the
 * same atomic write, so the count is exact.
 */
public interface Likes {

    /**
     * Records the like and adds one to the count. Idempotent: returns false, changing nothing, if
     * the user already liked it.
     *
     * @throws io.feedline.ports.model.FeedlineException.NotFound if the post does not exist
     */
    boolean like(PostRef post, UserId user);

    /** Removes the like and subtracts one from the count. Returns false, changing nothing, if absent. */
    boolean unlike(PostRef post, UserId user);
}

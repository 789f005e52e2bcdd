package io.feedline.ports.in;

import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;

/** Deletes a post: only its author may. It vanishes from every feed at once; copies are cleaned later. */
public interface DeletePost {

    /**
     * @throws io.feedline.ports.model.FeedlineException.NotFound if there is no such post
     * @throws io.feedline.ports.model.FeedlineException.Forbidden if {@code caller} is not the author
     */
    void delete(UserId caller, PostId post);
}

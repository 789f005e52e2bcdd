package io.feedline.ports.in;

import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;

/** Reads one post with its current like count. */
public interface ReadPost {

    /** @throws io.feedline.ports.model.FeedlineException.NotFound if it does not exist (or was deleted) */
    Post read(PostId post);
}

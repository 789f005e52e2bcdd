package io.feedline.ports.in;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.Username;

/** An author's own posts, newest first. */
public interface ReadAuthorTimeline {

    /** @throws io.feedline.ports.model.FeedlineException.NotFound if the author does not exist */
    Page<Post> read(Username author, PageRequest page);
}

package io.feedline.ports.in;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.UserId;

/**
 * A reader's home feed: the posts of everyone they follow, and their own, newest first by post id.
 * The same data gives the same pages in push, pull and hybrid mode. The page token is the last
 * post id of the page.
 */
public interface ReadHomeFeed {

    /** @throws io.feedline.ports.model.FeedlineException.Forbidden unless {@code caller} is {@code owner} */
    Page<Post> read(UserId caller, UserId owner, PageRequest page);
}

package io.feedline.ports.in;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.SearchQuery;
import io.feedline.ports.model.UserSummary;

/**
 * Full-text search. Posts holding every word of the query, newest first; accounts whose username
 * or display name has words starting with each word of the query, by username. The index trails
 * the writes (it is kept through the outbox), but a deleted post is never returned.
 */
public interface Search {

    /** Matching posts, newest first. A page that dropped deleted posts may be short and still have a next cursor. */
    Page<Post> posts(SearchQuery query, PageRequest page);

    /** Matching accounts, by username. */
    Page<UserSummary> accounts(SearchQuery query, PageRequest page);
}

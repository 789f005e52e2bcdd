package io.feedline.ports.in;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.SearchQuery;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.UserSummary;
import java.util.Optional;

/**
 * Full-text search. Posts holding every word of the query, newest first; accounts whose username
 * or display name has words starting with each word of the query, by username. The index trails
 * the writes (it is kept through the outbox), but a deleted post is never returned.
 */
public interface Search {

    /**
     * Matching posts, newest first, less what a signed-in {@code reader} does not see (posts of, by
     * way of, replying to or mentioning an account the reader mutes or blocks, or that blocks the
     * reader). A page that dropped posts may be short and still have a next cursor.
     */
    Page<Post> posts(Optional<UserId> reader, SearchQuery query, PageRequest page);

    /**
     * Matching accounts, by username, less the accounts a block separates from a signed-in
     * {@code reader} (either way). A muted account is still found: a mute hides posts, not people.
     */
    Page<UserSummary> accounts(Optional<UserId> reader, SearchQuery query, PageRequest page);
}

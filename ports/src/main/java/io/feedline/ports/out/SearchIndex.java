package io.feedline.ports.out;

import io.feedline.ports.model.IndexedPost;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.SearchQuery;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.model.Username;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Full-text search over posts and accounts. The index is kept by the outbox worker, so it trails
 * the writes; readers drop hits whose post is gone.
 *
 * <p>Every engine matches alike: text is split into words and lower-cased, without stemming or
 * stop words (a {@code #tag} or an {@code @handle} is found by its word), and a post matches when it
 * holds every word of the query. Matching posts come newest first (recency among matches, as
 * Mastodon orders statuses), matching accounts by username.
 */
public interface SearchIndex {

    /** Adds the posts, or replaces the ones indexed already (by post id): a batch, idempotent. */
    void indexPosts(Collection<IndexedPost> posts);

    /** Removes the posts; ids never indexed are ignored. */
    void removePosts(Collection<PostId> ids);

    /**
     * Whether accounts must be handed to {@link #indexAccounts}: false when the index reads the
     * accounts' own store (the polyglot profile's users table), true when it keeps a copy.
     */
    boolean keepsAccounts();

    /** Adds the accounts, or replaces the ones indexed already (by id). Ignored when {@link #keepsAccounts()} is false. */
    void indexAccounts(Collection<UserSummary> accounts);

    /**
     * The posts holding every word of {@code query}, strictly older than {@code before} (or from the
     * newest), newest first, at most {@code limit}. A query of no words matches nothing.
     */
    List<PostRef> searchPosts(SearchQuery query, Optional<PostId> before, int limit);

    /**
     * The accounts of which each word of {@code query} ({@link SearchQuery#words()}) starts the
     * username or a word of the display name, with usernames strictly after {@code after} (or from
     * the first), by username, at most {@code limit}. A query of no words matches nothing.
     */
    List<UserSummary> searchAccounts(SearchQuery query, Optional<Username> after, int limit);
}

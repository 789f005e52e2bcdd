package io.feedline.ports.in;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.Slug;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.util.Optional;

/**
 * An author's articles: one by its slug, the published ones newest first, and (for the author
 * alone) the drafts. A draft is not found by anybody but its author, exactly as a missing article.
 */
public interface ReadArticles {

    /** @throws io.feedline.ports.model.FeedlineException.NotFound if no such article, or a draft of someone else's, or a block separates viewer and author */
    Post bySlug(Optional<UserId> viewer, Username author, Slug slug);

    /** The author's published articles, newest first (by the time each was published). */
    Page<Post> published(Optional<UserId> viewer, Username author, PageRequest page);

    /**
     * The author's drafts, newest first.
     *
     * @throws io.feedline.ports.model.FeedlineException.Forbidden unless the caller is the author
     */
    Page<Post> drafts(UserId caller, Username author, PageRequest page);
}

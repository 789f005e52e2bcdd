package io.feedline.ports.in;

import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;

/**
 * Publishes the caller's draft: it becomes a post with a new id (so it sorts by the time of
 * publishing in every feed), keeping its title, body and slug, and fans out as any post does. The
 * draft and its slug move to the post in one atomic write. Publishing again (the draft's id or the
 * article's) answers the published article.
 */
public interface PublishDraft {

    /**
     * @throws io.feedline.ports.model.FeedlineException.NotFound if the caller has no such draft or article
     * @throws io.feedline.ports.model.FeedlineException.Forbidden if the id names someone else's post
     * @throws io.feedline.ports.model.FeedlineException.InvalidInput naming {@code id} if it names a post that is no article
     */
    Post publish(UserId caller, PostId id);
}

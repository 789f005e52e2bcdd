package io.feedline.domain.events;

import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;

/**
 * What {@code PostDesk} and {@code RepostDesk} tell once their write has committed, for the parts
 * of this process that keep something a post changes (ADR-0022). Listeners run on the caller's
 * thread, in the order {@link io.feedline.domain.FeedlineCore} lists them; each overrides what it keeps.
 */
public interface PostEvents {
    /**
     * A publish, or a draft's publish, answered {@code post}: a draft when one was saved, and the
     * post made before when a retry with the same idempotency key found it.
     */
    default void published(Post post) {}

    /** The post was deleted. */
    default void deleted(PostRef post) {}

    /** The author's draft was deleted; it was never shown. */
    default void draftDeleted(PostId draft) {}

    /** {@code reposter} reposted or unreposted a post, or found it so already. */
    default void repostsChanged(UserId reposter) {}
}

package io.feedline.ports.out;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import java.util.List;

/**
 * Who liked which post. A change writes only the like edge and its outbox jobs (the count's
 * {@link FanoutJob.CountDelta}, a notification) in one atomic write: the count itself moves when
 * the worker applies the delta ({@link PostCounters}), so a hot post is never written per like, and
 * no job can be lost between the edge and its enqueue.
 */
public interface Likes {

    /**
     * Records the like and enqueues {@code jobs}, atomically. Idempotent: returns false, writing
     * nothing (no job either), if the user already liked it.
     *
     * @throws io.feedline.ports.model.FeedlineException.NotFound if the post does not exist
     */
    boolean like(PostRef post, UserId user, List<FanoutJob> jobs);

    /** Removes the like and enqueues {@code jobs}, atomically. Returns false, writing nothing, if absent. */
    boolean unlike(PostRef post, UserId user, List<FanoutJob> jobs);

    /**
     * A page of the users who like {@code post}, in user id order (one read; a position is the
     * last user id of the page before). Empty for a post nobody likes or that does not exist.
     */
    Page<UserId> likers(PostId post, PageRequest page);

    /**
     * A page of the posts {@code user} likes, newest post first (by post id, not by when it was
     * liked): one read. A post deleted since may still be named; readers check that it exists.
     */
    Page<PostRef> liked(UserId user, PageRequest page);
}

package io.feedline.ports.out;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.IdempotencyCompletion;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Posts, stored under their author, with the author's exact post count and each post's like and
 * reply counts (moved by the outbox's count jobs, see {@link PostCounters}); replies are also
 * listed under the post they answer (its thread).
 */
public interface Posts {

    /**
     * Writes the post, adds one to its author's post count and, when given, enqueues the fan-out job,
     * all in one atomic write. Idempotent by post id: a second publish of the same id returns false
     * and changes nothing. A reply also joins its parent's thread in that write, only while the
     * parent exists. An article also claims its slug in that write.
     *
     * @throws io.feedline.ports.model.FeedlineException.NotFound naming {@code inReplyTo} if the
     *     parent does not exist (nothing is written)
     * @throws io.feedline.ports.model.FeedlineException.SlugTaken if the author already holds the
     *     article's slug (nothing is written)
     */
    default boolean publish(Post post, Optional<FanoutJob> fanout) {
        return publish(post, fanout.stream().toList(), Optional.empty());
    }

    /** As {@link #publish(Post, List, Optional)} with at most one job. */
    default boolean publish(Post post, Optional<FanoutJob> fanout, Optional<IdempotencyCompletion> completion) {
        return publish(post, fanout.stream().toList(), completion);
    }

    /**
     * As {@link #publish(Post, Optional)}, enqueueing every one of {@code jobs} (the fan-out, the
     * parent's reply-count delta, the notifications) and, when given, completing the idempotency
     * key in the same atomic write: the post exists if and only if its jobs are enqueued and its key
     * is complete with it.
     *
     * @throws io.feedline.ports.model.FeedlineException.IdempotencyInProgress if the completion's
     *     claim no longer holds its key (another request took it over); nothing is written
     */
    boolean publish(Post post, List<FanoutJob> jobs, Optional<IdempotencyCompletion> completion);

    /**
     * Publishes {@code post}, an article, in place of the author's draft {@code draft}: one atomic
     * write of everything {@link #publish(Post, List, Optional)} writes (the slug item now naming the
     * post, not claimed again), the draft's deletion, and a record that the draft became this post
     * ({@link Articles#publishedAs}). Returns false, writing nothing, if the draft is gone (published
     * or deleted meanwhile).
     */
    boolean publishDraft(PostId draft, Post post, List<FanoutJob> jobs);

    /** As {@link #delete(PostRef, List)} with at most one job. */
    default boolean delete(PostRef post, Optional<FanoutJob> cleanup) {
        return delete(post, cleanup.stream().toList());
    }

    /**
     * Deletes the post, subtracts one from its author's post count and enqueues {@code jobs} (the
     * clean-up, a parent's reply-count delta), all in one atomic write. Returns false (and changes
     * nothing) if it did not exist. A reply also leaves its parent's thread; an article frees its slug. The post's own replies
     * stay, readable by id and in its thread.
     */
    boolean delete(PostRef post, List<FanoutJob> jobs);

    /**
     * The direct replies to {@code parent} strictly after {@code after} (or from the first), oldest
     * first, at most {@code limit}: one query of the parent's thread, whether or not the parent
     * still exists.
     */
    List<PostRef> replies(PostId parent, Optional<PostId> after, int limit);

    /** The post with this id, with its current like count, if it exists. */
    Optional<Post> get(PostId id);

    /**
     * The post this ref points to, read by its key and strongly consistent: a post just published
     * is found and a post just deleted is not. For when the author is known (a replay, a fan-out).
     */
    Optional<Post> get(PostRef ref);

    /**
     * The posts that still exist among {@code refs}, in one batch read per engine limit, newest
     * first. Deleted or unknown posts are silently left out.
     */
    List<Post> getAll(Collection<PostRef> refs);

    /** The author's posts strictly older than {@code before} (or the newest), newest first, at most {@code limit}. */
    List<Post> byAuthor(UserId author, Optional<PostId> before, int limit);

    /** The author's exact number of posts. */
    long countByAuthor(UserId author);
}

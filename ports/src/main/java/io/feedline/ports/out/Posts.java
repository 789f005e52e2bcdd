package io.feedline.ports.out;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** Posts, stored under their author, with the author's exact post count and each post's like count. */
public interface Posts {

    /**
     * Writes the post, adds one to its author's post count and, when given, enqueues the fan-out job,
     * all in one atomic write. Idempotent by post id: a second publish of the same id returns false
     * and changes nothing.
     */
    boolean publish(Post post, Optional<FanoutJob> fanout);

    /**
     * Deletes the post, subtracts one from its author's post count and, when given, enqueues the
     * clean-up job, all in one atomic write. Returns false (and changes nothing) if it did not exist.
     */
    boolean delete(PostRef post, Optional<FanoutJob> cleanup);

    /** The post with this id, with its current like count, if it exists. */
    Optional<Post> get(PostId id);

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

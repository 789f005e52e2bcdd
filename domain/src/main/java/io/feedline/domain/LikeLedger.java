package io.feedline.domain;

import io.feedline.ports.in.LikePost;
import io.feedline.ports.in.UnlikePost;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Likes;
import io.feedline.ports.out.Posts;
import java.util.Optional;

/**
 * Likes with exact counts: the storage moves the count in the same atomic write as the like, and
 * the cached count follows in the same request. A new like of someone else's post enqueues a
 * notification for its author.
 */
final class LikeLedger implements LikePost, UnlikePost {
    private final Posts posts;
    private final CachedPosts cachedPosts;
    private final Likes likes;
    private final Notifier notifier;

    LikeLedger(Posts posts, CachedPosts cachedPosts, Likes likes, Notifier notifier) {
        this.posts = posts;
        this.cachedPosts = cachedPosts;
        this.likes = likes;
        this.notifier = notifier;
    }

    @Override
    public long like(UserId user, PostId id) {
        Post post = existing(id);
        if (likes.like(post.ref(), user)) {
            cachedPosts.likesMoved(id, 1);
            notifier.notify(post.authorId(), NotificationType.LIKE, Optional.of(post.id()), user);
        }
        return currentCount(post);
    }

    @Override
    public long unlike(UserId user, PostId id) {
        Post post = existing(id);
        if (likes.unlike(post.ref(), user)) {
            cachedPosts.likesMoved(id, -1);
        }
        return currentCount(post);
    }

    private Post existing(PostId id) {
        return cachedPosts.get(id).orElseThrow(() -> new FeedlineException.NotFound("post", "no such post"));
    }

    /** Read back by primary key, strongly consistent, so the answer includes this change and any concurrent one. */
    private long currentCount(Post post) {
        return posts.get(post.ref())
                .orElseThrow(() -> new FeedlineException.NotFound("post", "no such post"))
                .likeCount();
    }
}

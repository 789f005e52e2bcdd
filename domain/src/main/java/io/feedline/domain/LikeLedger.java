package io.feedline.domain;

import io.feedline.ports.in.LikePost;
import io.feedline.ports.in.UnlikePost;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Likes;
import io.feedline.ports.out.Posts;
import java.util.List;

/** Likes with exact counts: the storage moves the count in the same atomic write as the like. */
final class LikeLedger implements LikePost, UnlikePost {
    private final Posts posts;
    private final Likes likes;

    LikeLedger(Posts posts, Likes likes) {
        this.posts = posts;
        this.likes = likes;
    }

    @Override
    public long like(UserId user, PostId id) {
        Post post = existing(id);
        likes.like(post.ref(), user);
        return currentCount(post);
    }

    @Override
    public long unlike(UserId user, PostId id) {
        Post post = existing(id);
        likes.unlike(post.ref(), user);
        return currentCount(post);
    }

    private Post existing(PostId id) {
        return posts.get(id).orElseThrow(() -> new FeedlineException.NotFound("post", "no such post"));
    }

    /** Read back by primary key, so the answer includes this change and any concurrent one. */
    private long currentCount(Post post) {
        List<Post> now = posts.getAll(List.of(post.ref()));
        if (now.isEmpty()) {
            throw new FeedlineException.NotFound("post", "no such post");
        }
        return now.getFirst().likeCount();
    }
}

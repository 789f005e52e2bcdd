package io.feedline.ports.model;

import java.util.Objects;

/**
 * A pointer to a post: its id and its author. This is what feeds and timelines store (the author
 * lets a reader's feed purge one author and lets storage locate the post without an index).
 */
public record PostRef(PostId postId, UserId authorId) implements Comparable<PostRef> {
    public PostRef {
        Objects.requireNonNull(postId, "postId");
        Objects.requireNonNull(authorId, "authorId");
    }

    /** Newest first: the order of every feed. */
    @Override
    public int compareTo(PostRef other) {
        return other.postId.compareTo(postId);
    }
}

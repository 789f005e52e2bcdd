package io.feedline.ports.model;

import java.time.Instant;
import java.util.Objects;

/**
 * A published post. The author's username is copied in at publish time (usernames never change),
 * so a page of posts is hydrated with one batch read and no join to users.
 */
public record Post(
        PostId id, UserId authorId, Username authorUsername, PostText text, Instant createdAt, long likeCount) {
    public Post {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(authorId, "authorId");
        Objects.requireNonNull(authorUsername, "authorUsername");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(createdAt, "createdAt");
        if (likeCount < 0) {
            throw new IllegalArgumentException("likeCount < 0");
        }
    }

    public PostRef ref() {
        return new PostRef(id, authorId);
    }

    public Post withLikeCount(long count) {
        return new Post(id, authorId, authorUsername, text, createdAt, count);
    }
}

package io.feedline.ports.model;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A published post. The author's username is copied in at publish time (usernames never change),
 * so a page of posts is hydrated with one batch read and no join to users. A reply names the post
 * it answers ({@code inReplyTo}, with that post's author, so the parent is read by key); the counts
 * are the post's likes and direct replies. {@code mentions} are the users its text names by handle,
 * resolved once at publish (handles of no user stay plain text).
 */
public record Post(
        PostId id, UserId authorId, Username authorUsername, PostText text, Instant createdAt, long likeCount,
        Optional<PostRef> inReplyTo, long replyCount, List<Mention> mentions) {
    public Post {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(authorId, "authorId");
        Objects.requireNonNull(authorUsername, "authorUsername");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(inReplyTo, "inReplyTo");
        mentions = List.copyOf(mentions);
        if (likeCount < 0) {
            throw new IllegalArgumentException("likeCount < 0");
        }
        if (replyCount < 0) {
            throw new IllegalArgumentException("replyCount < 0");
        }
        if (inReplyTo.isPresent() && inReplyTo.get().postId().equals(id)) {
            throw new IllegalArgumentException("a post cannot reply to itself");
        }
    }

    /** A post that starts a thread, with no replies yet counted. */
    public Post(PostId id, UserId authorId, Username authorUsername, PostText text, Instant createdAt, long likeCount) {
        this(id, authorId, authorUsername, text, createdAt, likeCount, Optional.empty(), 0, List.of());
    }

    public PostRef ref() {
        return new PostRef(id, authorId);
    }

    public Post withLikeCount(long count) {
        return new Post(id, authorId, authorUsername, text, createdAt, count, inReplyTo, replyCount, mentions);
    }

    public Post withReplyCount(long count) {
        return new Post(id, authorId, authorUsername, text, createdAt, likeCount, inReplyTo, count, mentions);
    }

    /** This post naming {@code mentioned}, the users its text mentions by handle. */
    public Post mentioning(List<Mention> mentioned) {
        return new Post(id, authorId, authorUsername, text, createdAt, likeCount, inReplyTo, replyCount, mentioned);
    }

    /** This post as a reply to {@code parent}. */
    public Post replyingTo(PostRef parent) {
        return new Post(id, authorId, authorUsername, text, createdAt, likeCount, Optional.of(parent), replyCount, mentions);
    }
}

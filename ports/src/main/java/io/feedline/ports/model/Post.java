package io.feedline.ports.model;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A published post. The author's username is copied in at publish time (usernames never change),
 * so a page of posts is hydrated with one batch read and no join to users. A reply names the post
 * it answers ({@code inReplyTo}, with that post's author, so the parent is read by key); the counts
 * are the post's likes, direct replies and reposts. {@code mentions} are the users its text names
 * by handle, resolved once at publish (handles of no user stay plain text); {@code tags} are the
 * hashtags of its text, normalised, found once at publish ({@link Hashtags}); {@code media} are its
 * attachments (at most {@value #MAX_MEDIA}), copied in when it is published and attached in the same
 * write.
 *
 * <p>A repost is stored as an entry of its reposter's timeline ({@code repostOf} names the original;
 * its id is the repost's own, so it sorts by the time of the repost, and it is fanned out, pulled
 * and purged like any post of the reposter). What a reader is shown is the original with
 * {@code repostedBy} set: who reposted it and the repost's id, which is the entry's place in a feed.
 */
public record Post(
        PostId id, UserId authorId, Username authorUsername, PostText text, Instant createdAt, long likeCount,
        Optional<PostRef> inReplyTo, long replyCount, List<Mention> mentions, long repostCount,
        Optional<PostRef> repostOf, Optional<RepostedBy> repostedBy, List<Tag> tags, Optional<Article> article,
        List<MediaAttachment> media) {
    /** Mastodon's limit of attachments on one post. */
    public static final int MAX_MEDIA = 4;

    public Post {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(authorId, "authorId");
        Objects.requireNonNull(authorUsername, "authorUsername");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(inReplyTo, "inReplyTo");
        Objects.requireNonNull(repostOf, "repostOf");
        Objects.requireNonNull(repostedBy, "repostedBy");
        Objects.requireNonNull(article, "article");
        mentions = List.copyOf(mentions);
        tags = List.copyOf(tags);
        // A post's media are attached to it, whichever way they were read or built.
        media = media.stream().map(m -> m.attachedTo().equals(Optional.of(id)) ? m : m.attachedTo(id)).toList();
        if (media.size() > MAX_MEDIA) {
            throw new FeedlineException.InvalidInput("mediaIds", "a post has at most " + MAX_MEDIA + " attachments");
        }
        if (media.stream().map(MediaAttachment::id).distinct().count() != media.size()) {
            throw new FeedlineException.InvalidInput("mediaIds", "a post names each attachment once");
        }
        if (likeCount < 0) {
            throw new IllegalArgumentException("likeCount < 0");
        }
        if (replyCount < 0) {
            throw new IllegalArgumentException("replyCount < 0");
        }
        if (repostCount < 0) {
            throw new IllegalArgumentException("repostCount < 0");
        }
        if (inReplyTo.isPresent() && inReplyTo.get().postId().equals(id)) {
            throw new IllegalArgumentException("a post cannot reply to itself");
        }
        if (repostOf.isPresent() && (inReplyTo.isPresent() || repostedBy.isPresent())) {
            throw new IllegalArgumentException("a repost entry is neither a reply nor shown as a repost");
        }
        if (article.isPresent() && (repostOf.isPresent() || inReplyTo.isPresent())) {
            throw new IllegalArgumentException("an article is neither a reply nor a repost entry");
        }
    }

    /** A post with no media. */
    public Post(PostId id, UserId authorId, Username authorUsername, PostText text, Instant createdAt, long likeCount,
            Optional<PostRef> inReplyTo, long replyCount, List<Mention> mentions, long repostCount,
            Optional<PostRef> repostOf, Optional<RepostedBy> repostedBy, List<Tag> tags, Optional<Article> article) {
        this(id, authorId, authorUsername, text, createdAt, likeCount, inReplyTo, replyCount, mentions, repostCount,
                repostOf, repostedBy, tags, article, List.of());
    }

    /** A post that is no article. */
    public Post(PostId id, UserId authorId, Username authorUsername, PostText text, Instant createdAt, long likeCount,
            Optional<PostRef> inReplyTo, long replyCount, List<Mention> mentions, long repostCount,
            Optional<PostRef> repostOf, Optional<RepostedBy> repostedBy, List<Tag> tags) {
        this(id, authorId, authorUsername, text, createdAt, likeCount, inReplyTo, replyCount, mentions, repostCount,
                repostOf, repostedBy, tags, Optional.empty());
    }

    /** A post with no tags. */
    public Post(PostId id, UserId authorId, Username authorUsername, PostText text, Instant createdAt, long likeCount,
            Optional<PostRef> inReplyTo, long replyCount, List<Mention> mentions, long repostCount,
            Optional<PostRef> repostOf, Optional<RepostedBy> repostedBy) {
        this(id, authorId, authorUsername, text, createdAt, likeCount, inReplyTo, replyCount, mentions, repostCount,
                repostOf, repostedBy, List.of());
    }

    /** A post with no reposts counted, not a repost. */
    public Post(PostId id, UserId authorId, Username authorUsername, PostText text, Instant createdAt, long likeCount,
            Optional<PostRef> inReplyTo, long replyCount, List<Mention> mentions) {
        this(id, authorId, authorUsername, text, createdAt, likeCount, inReplyTo, replyCount, mentions, 0,
                Optional.empty(), Optional.empty());
    }

    /** A post that starts a thread, with no replies yet counted. */
    public Post(PostId id, UserId authorId, Username authorUsername, PostText text, Instant createdAt, long likeCount) {
        this(id, authorId, authorUsername, text, createdAt, likeCount, Optional.empty(), 0, List.of());
    }

    /**
     * {@code reposter}'s repost of {@code original}, as the entry of the reposter's timeline. Its
     * text is a fixed marker naming the original, never shown: readers are shown the original.
     */
    public static Post repost(PostId repostId, UserId reposter, Username reposterUsername, PostRef original, Instant at) {
        return new Post(repostId, reposter, reposterUsername, PostText.of("repost of " + original.postId().value()), at,
                0, Optional.empty(), 0, List.of(), 0, Optional.of(original), Optional.empty());
    }

    /** Who reposted a post shown in a feed, and the repost's id (the entry's position). */
    public record RepostedBy(PostId repostId, UserId userId, Username username) {
        public RepostedBy {
            Objects.requireNonNull(repostId, "repostId");
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(username, "username");
        }
    }

    public PostRef ref() {
        return new PostRef(id, authorId);
    }

    /** Whether this is a repost entry of its author's timeline (not a post of its own). */
    public boolean isRepost() {
        return repostOf.isPresent();
    }

    /** Where this post sits in a feed: the repost's id when shown as a repost, its own id otherwise. */
    public PostId position() {
        return repostedBy.map(RepostedBy::repostId).orElse(id);
    }

    public Post withLikeCount(long count) {
        return new Post(id, authorId, authorUsername, text, createdAt, count, inReplyTo, replyCount, mentions,
                repostCount, repostOf, repostedBy, tags, article, media);
    }

    public Post withReplyCount(long count) {
        return new Post(id, authorId, authorUsername, text, createdAt, likeCount, inReplyTo, count, mentions,
                repostCount, repostOf, repostedBy, tags, article, media);
    }

    public Post withRepostCount(long count) {
        return new Post(id, authorId, authorUsername, text, createdAt, likeCount, inReplyTo, replyCount, mentions,
                count, repostOf, repostedBy, tags, article, media);
    }

    /** This post as shown in a feed through {@code repost}, a repost entry of it. */
    public Post repostedThrough(Post repost) {
        if (!repost.repostOf().map(PostRef::postId).equals(Optional.of(id))) {
            throw new IllegalArgumentException(repost.id() + " is not a repost of " + id);
        }
        return new Post(id, authorId, authorUsername, text, createdAt, likeCount, inReplyTo, replyCount, mentions,
                repostCount, repostOf, Optional.of(new RepostedBy(repost.id(), repost.authorId(), repost.authorUsername())), tags, article,
                media);
    }

    /** This post naming {@code mentioned}, the users its text mentions by handle. */
    public Post mentioning(List<Mention> mentioned) {
        return new Post(id, authorId, authorUsername, text, createdAt, likeCount, inReplyTo, replyCount, mentioned,
                repostCount, repostOf, repostedBy, tags, article, media);
    }

    /** This post carrying {@code found}, the hashtags of its text (see {@link Hashtags}). */
    public Post tagged(List<Tag> found) {
        return new Post(id, authorId, authorUsername, text, createdAt, likeCount, inReplyTo, replyCount, mentions,
                repostCount, repostOf, repostedBy, found, article, media);
    }

    /** This post as a reply to {@code parent}. */
    public Post replyingTo(PostRef parent) {
        return new Post(id, authorId, authorUsername, text, createdAt, likeCount, Optional.of(parent), replyCount, mentions,
                repostCount, repostOf, repostedBy, tags, article, media);
    }

    /** This post as the article {@code made}: its text is the article's body. */
    public Post asArticle(Article made) {
        return new Post(id, authorId, authorUsername, text, createdAt, likeCount, inReplyTo, replyCount, mentions,
                repostCount, repostOf, repostedBy, tags, Optional.of(made), media);
    }

    /** This post carrying {@code attached}, its attachments, in their order (each as attached to it). */
    public Post withMedia(List<MediaAttachment> attached) {
        return new Post(id, authorId, authorUsername, text, createdAt, likeCount, inReplyTo, replyCount, mentions,
                repostCount, repostOf, repostedBy, tags, article, attached);
    }

    /** Whether this is an article not yet published: seen by its author only, in no feed. */
    public boolean isDraft() {
        return article.map(a -> a.status() == ArticleStatus.DRAFT).orElse(false);
    }

    /** What a list shows of the text: an article's {@linkplain Article#excerpt excerpt}, a post's whole text. */
    public String listedText() {
        return article.isPresent() ? Article.excerpt(text.value()) : text.value();
    }
}

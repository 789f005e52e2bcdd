package io.feedline.ports.in;

import io.feedline.ports.model.ArticleStatus;
import io.feedline.ports.model.ArticleTitle;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.MediaId;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Publishes a post as its author. The post, the author's count and the fan-out job are written
 * atomically. With an idempotency key, a replay returns the first post; a reuse with another text
 * or while the first request runs is refused. With {@code inReplyTo}, the post is a reply and joins
 * its parent's thread in the same write. With {@code media}, the author's own unattached uploads
 * are attached in that write too.
 */
public interface PublishPost {

    /**
     * @throws io.feedline.ports.model.FeedlineException.NotFound naming {@code inReplyTo} if the
     *     post replied to does not exist
     * @throws io.feedline.ports.model.FeedlineException.MediaUnavailable naming {@code mediaIds} if an
     *     upload named is unknown, someone else's or attached already
     */
    Post publish(Command command);

    /**
     * With {@code article}, the post is an article: its text may be as long as the configured
     * article limit (a post's is {@value PostText#MAX_CODE_POINTS} characters), its slug is derived
     * from the title, and a draft is kept for its author alone until {@link PublishDraft}. With
     * {@code media} (at most {@value Post#MAX_MEDIA}, each once), the text may be {@link PostText#NONE};
     * an article carries none.
     */
    record Command(UserId author, PostText text, Optional<IdempotencyKey> idempotencyKey, Optional<PostId> inReplyTo,
            Optional<ArticleRequest> article, List<MediaId> media) {
        public Command {
            Objects.requireNonNull(author, "author");
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(idempotencyKey, "idempotencyKey");
            Objects.requireNonNull(inReplyTo, "inReplyTo");
            Objects.requireNonNull(article, "article");
            media = List.copyOf(media);
            if (article.isPresent() && inReplyTo.isPresent()) {
                throw new FeedlineException.InvalidInput("title", "a reply cannot be an article");
            }
            if (media.size() > Post.MAX_MEDIA) {
                throw new FeedlineException.InvalidInput("mediaIds", "a post has at most " + Post.MAX_MEDIA + " attachments");
            }
            if (media.stream().distinct().count() != media.size()) {
                throw new FeedlineException.InvalidInput("mediaIds", "a post names each attachment once");
            }
            if (article.isPresent() && !media.isEmpty()) {
                throw new FeedlineException.InvalidInput("mediaIds", "an article carries no attachments");
            }
            if (text.isEmpty() && media.isEmpty()) {
                throw new FeedlineException.InvalidInput("text", "a post without attachments has text");
            }
        }

        /** A post, a reply or an article with no media. */
        public Command(UserId author, PostText text, Optional<IdempotencyKey> idempotencyKey, Optional<PostId> inReplyTo,
                Optional<ArticleRequest> article) {
            this(author, text, idempotencyKey, inReplyTo, article, List.of());
        }

        /** A post, or a reply, that is no article. */
        public Command(UserId author, PostText text, Optional<IdempotencyKey> idempotencyKey, Optional<PostId> inReplyTo) {
            this(author, text, idempotencyKey, inReplyTo, Optional.empty());
        }

        /** A post that starts a thread. */
        public Command(UserId author, PostText text, Optional<IdempotencyKey> idempotencyKey) {
            this(author, text, idempotencyKey, Optional.empty());
        }
    }

    /** The title of an article and whether it is published at once or kept as a draft. */
    record ArticleRequest(ArticleTitle title, ArticleStatus status) {
        public ArticleRequest {
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(status, "status");
        }
    }
}

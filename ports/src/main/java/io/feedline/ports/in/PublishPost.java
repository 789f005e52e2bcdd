package io.feedline.ports.in;

import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import java.util.Objects;
import java.util.Optional;

/**
 * Publishes a post as its author. The post, the author's count and the fan-out job are written
 * atomically. With an idempotency key, a replay returns the first post; a reuse with another text
 * or while the first request runs is refused. With {@code inReplyTo}, the post is a reply and joins
 * its parent's thread in the same write.
 */
public interface PublishPost {

    /**
     * @throws io.feedline.ports.model.FeedlineException.NotFound naming {@code inReplyTo} if the
     *     post replied to does not exist
     */
    Post publish(Command command);

    record Command(UserId author, PostText text, Optional<IdempotencyKey> idempotencyKey, Optional<PostId> inReplyTo) {
        public Command {
            Objects.requireNonNull(author, "author");
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(idempotencyKey, "idempotencyKey");
            Objects.requireNonNull(inReplyTo, "inReplyTo");
        }

        /** A post that starts a thread. */
        public Command(UserId author, PostText text, Optional<IdempotencyKey> idempotencyKey) {
            this(author, text, idempotencyKey, Optional.empty());
        }
    }
}

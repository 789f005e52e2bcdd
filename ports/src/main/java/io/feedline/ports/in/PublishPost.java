package io.feedline.ports.in;

import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import java.util.Objects;
import java.util.Optional;

/**
 * Publishes a post as its author. The post, the author's count and the fan-out job are written
 * atomically. With an idempotency key, a replay returns the first post; a reuse with another text
 * or while the first request runs is refused.
 */
public interface PublishPost {

    Post publish(Command command);

    record Command(UserId author, PostText text, Optional<String> idempotencyKey) {
        public Command {
            Objects.requireNonNull(author, "author");
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(idempotencyKey, "idempotencyKey");
            idempotencyKey.ifPresent(key -> {
                if (key.isEmpty() || key.length() > 255 || !key.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
                    throw new io.feedline.ports.model.FeedlineException.InvalidInput(
                            "Idempotency-Key", "Idempotency-Key must be 1-255 visible ASCII characters");
                }
            });
        }
    }
}

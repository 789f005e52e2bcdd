package io.feedline.ports.model;

import java.util.Objects;

/** A user named with {@code @username} in a post, resolved to their id when the post was published. */
public record Mention(UserId id, Username username) {
    public Mention {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(username, "username");
    }
}

package io.feedline.ports.model;

import java.util.Objects;

/** What login needs, and only login: the user's id and stored password hash. */
public record Credentials(UserId userId, PasswordHash passwordHash) {
    public Credentials {
        Objects.requireNonNull(userId, "userId");
        Objects.requireNonNull(passwordHash, "passwordHash");
    }
}

package io.feedline.ports.model;

import java.time.Instant;
import java.util.Objects;

/** A registered user as everyone may see it (no password hash: that lives in {@link Credentials}). */
public record UserAccount(
        UserId id, Username username, Email email, DisplayName displayName, Bio bio, Instant createdAt,
        ProfileDetails details) {
    public UserAccount {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(email, "email");
        Objects.requireNonNull(displayName, "displayName");
        Objects.requireNonNull(bio, "bio");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(details, "details");
    }

    /** A new account: no avatar, no header, no fields yet. */
    public UserAccount(UserId id, Username username, Email email, DisplayName displayName, Bio bio, Instant createdAt) {
        this(id, username, email, displayName, bio, createdAt, ProfileDetails.NONE);
    }

    public UserSummary summary() {
        return new UserSummary(id, username, displayName);
    }
}

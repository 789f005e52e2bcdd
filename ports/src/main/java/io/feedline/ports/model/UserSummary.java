package io.feedline.ports.model;

import java.util.Objects;

/** What a list of users shows of each one. */
public record UserSummary(UserId id, Username username, DisplayName displayName) {
    public UserSummary {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(displayName, "displayName");
    }
}

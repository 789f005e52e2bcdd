package io.feedline.ports.model;

import java.util.Objects;

/** A user with the exact counts shown on a profile page. */
public record Profile(UserAccount account, long followers, long following, long posts) {
    public Profile {
        Objects.requireNonNull(account, "account");
    }
}

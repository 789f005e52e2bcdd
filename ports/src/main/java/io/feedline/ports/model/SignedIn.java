package io.feedline.ports.model;

import java.util.Objects;

/** An account whose password was just checked, with the session stamp its new tokens carry. */
public record SignedIn(UserAccount account, SessionStamp stamp) {
    public SignedIn {
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(stamp, "stamp");
    }
}

package io.feedline.ports.model;

import java.util.Objects;

/**
 * What every bearer token of a user carries and must match to be accepted: derived from the
 * user's current password hash, so a password change makes every token issued before it fail at
 * once (docs/adr/0026-session-stamps.md). It reveals nothing of the hash it comes from.
 */
public record SessionStamp(String value) {
    public SessionStamp {
        Objects.requireNonNull(value, "value");
        if (value.isEmpty() || value.length() > 64) {
            throw new IllegalArgumentException("a session stamp has 1 to 64 characters");
        }
    }
}

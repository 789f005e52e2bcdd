package io.feedline.ports.model;

import java.util.Objects;

/** An encoded password hash (PHC string format). Hidden from {@code toString()}. */
public record PasswordHash(String value) {
    public PasswordHash {
        Objects.requireNonNull(value, "value");
        if (value.isBlank()) {
            throw new IllegalArgumentException("empty password hash");
        }
    }

    @Override
    public String toString() {
        return "PasswordHash[***]";
    }
}

package io.feedline.ports.model;

/**
 * A plain-text password on its way to the hasher: 8 to 128 characters. Never stored, never
 * printed: {@link #toString()} hides it so it cannot leak into a log line.
 */
public record Password(String value) {
    public Password {
        if (value == null || value.length() < 8 || value.length() > 128) {
            throw new FeedlineException.InvalidInput("password", "password must be 8-128 characters");
        }
    }

    @Override
    public String toString() {
        return "Password[***]";
    }
}

package io.feedline.ports.model;

/**
 * A plain-text password on its way to the hasher: 8 to 128 characters. Never stored, never
 * printed: {@link #toString()} hides it so it cannot leak into a log line.
 */
public record Password(String value) {
    public static final int MIN_LENGTH = 8;
    public static final int MAX_LENGTH = 128;

    public Password {
        if (value == null || value.length() < MIN_LENGTH || value.length() > MAX_LENGTH) {
            throw new FeedlineException.InvalidInput("password", "password must be 8-128 characters");
        }
    }

    @Override
    public String toString() {
        return "Password[***]";
    }
}

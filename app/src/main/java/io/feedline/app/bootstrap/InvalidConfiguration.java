package io.feedline.app.bootstrap;

/** A configuration value that cannot be used; the message names the key and, for a choice, the valid values. */
public final class InvalidConfiguration extends RuntimeException {
    public InvalidConfiguration(String message) {
        super(message);
    }

    public InvalidConfiguration(String message, Throwable cause) {
        super(message, cause);
    }
}

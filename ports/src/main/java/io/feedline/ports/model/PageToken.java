package io.feedline.ports.model;

import java.util.Objects;

/**
 * A storage position, opaque to everyone but the adapter that made it. It never holds a raw
 * engine key map; the HTTP layer signs it before it leaves the server.
 */
public record PageToken(String value) {
    public PageToken {
        Objects.requireNonNull(value, "value");
        if (value.isEmpty() || value.length() > 512) {
            throw new FeedlineException.InvalidInput("cursor", "cursor is malformed");
        }
    }
}

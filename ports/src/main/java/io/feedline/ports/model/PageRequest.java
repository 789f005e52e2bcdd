package io.feedline.ports.model;

import java.util.Objects;
import java.util.Optional;

/** Where a page starts (after {@code after}, or at the beginning) and how many items it holds (1-100). */
public record PageRequest(Optional<PageToken> after, int limit) {
    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;

    public PageRequest {
        Objects.requireNonNull(after, "after");
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new FeedlineException.InvalidInput("limit", "limit must be between 1 and " + MAX_LIMIT);
        }
    }

    public static PageRequest first(int limit) {
        return new PageRequest(Optional.empty(), limit);
    }

    public static PageRequest after(PageToken token, int limit) {
        return new PageRequest(Optional.of(token), limit);
    }
}

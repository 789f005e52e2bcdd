package io.feedline.ports.model;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/** The ranked tags of a sliding window, as computed at {@code computedAt}. */
public record Trending(List<TagUse> tags, Instant computedAt) {
    public static final Trending NONE = new Trending(List.of(), Instant.EPOCH);

    public Trending {
        tags = List.copyOf(tags);
        Objects.requireNonNull(computedAt, "computedAt");
    }
}

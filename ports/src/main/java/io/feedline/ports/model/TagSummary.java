package io.feedline.ports.model;

import java.util.Objects;

/** A tag as its page shows it: its uses ever, its followers, and whether the caller follows it. */
public record TagSummary(Tag tag, long uses, long followers, boolean following) {
    public TagSummary {
        Objects.requireNonNull(tag, "tag");
    }
}

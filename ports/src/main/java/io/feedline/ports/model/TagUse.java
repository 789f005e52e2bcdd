package io.feedline.ports.model;

import java.util.Objects;

/** A tag and how many times it was used (in a window, or ever). */
public record TagUse(Tag tag, long uses) {
    public TagUse {
        Objects.requireNonNull(tag, "tag");
        if (uses < 0) {
            throw new IllegalArgumentException("uses < 0");
        }
    }
}

package io.feedline.ports.model;

import java.util.Objects;

/** The net change the counter processor applied to one count of one post in one batch. */
public record CountChange(PostRef post, CounterKind kind, long delta) {
    public CountChange {
        Objects.requireNonNull(post, "post");
        Objects.requireNonNull(kind, "kind");
    }
}

package io.feedline.ports.model;

import java.util.Objects;

/** One feed entry for one reader: the unit of fan-out. */
public record Delivery(UserId reader, PostRef entry) {
    public Delivery {
        Objects.requireNonNull(reader, "reader");
        Objects.requireNonNull(entry, "entry");
    }
}

package io.feedline.ports.model;

import java.util.Objects;

/**
 * The mutes or blocks between two users changed (in either direction): the word other processes
 * hear, so that they drop both users' relation sets.
 */
public record RelationChange(UserId first, UserId second) {
    public RelationChange {
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(second, "second");
    }
}

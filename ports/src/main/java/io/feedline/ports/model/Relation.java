package io.feedline.ports.model;

/** How one user stands to another beside following: as seen from the first of the two. */
public enum Relation {
    /** The first user mutes the second: the second's posts, reposts and notifications are hidden from the first. */
    MUTING,
    /** The first user blocks the second. */
    BLOCKING,
    /** The second user blocks the first. */
    BLOCKED_BY
}

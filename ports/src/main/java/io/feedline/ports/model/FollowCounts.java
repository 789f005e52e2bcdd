package io.feedline.ports.model;

/** Exact follower and following counts, maintained in the same atomic write as each edge. */
public record FollowCounts(long followers, long following) {
    public static final FollowCounts ZERO = new FollowCounts(0, 0);
}

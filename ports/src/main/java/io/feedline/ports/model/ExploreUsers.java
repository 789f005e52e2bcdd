package io.feedline.ports.model;

import java.util.List;

/** Seed 004's user rankings: the accounts with the most followers, and the newest accounts. */
public record ExploreUsers(List<Ranked> popular, List<UserSummary> newest) {
    public ExploreUsers {
        popular = List.copyOf(popular);
        newest = List.copyOf(newest);
    }

    /** An account and its follower count as the ranking last saw it. */
    public record Ranked(UserSummary user, long followers) {}
}

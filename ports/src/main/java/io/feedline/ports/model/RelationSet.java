package io.feedline.ports.model;

import java.util.Objects;
import java.util.Set;

/**
 * Everything one user mutes and blocks, and everyone who blocks them: what a read filters by.
 *
 * @param muting the users this one mutes
 * @param blocking the users this one blocks
 * @param blockedBy the users who block this one
 */
public record RelationSet(Set<UserId> muting, Set<UserId> blocking, Set<UserId> blockedBy) {
    public static final RelationSet EMPTY = new RelationSet(Set.of(), Set.of(), Set.of());

    public RelationSet {
        muting = Set.copyOf(Objects.requireNonNull(muting, "muting"));
        blocking = Set.copyOf(Objects.requireNonNull(blocking, "blocking"));
        blockedBy = Set.copyOf(Objects.requireNonNull(blockedBy, "blockedBy"));
    }

    /** How many mutes and blocks this user made (those who block them do not count). */
    public int made() {
        return muting.size() + blocking.size();
    }
}

package io.feedline.ports.model;

/** A user's permanent id: a ULID, so ids sort by sign-up time. */
public record UserId(String value) implements Comparable<UserId> {
    public UserId {
        Ids.requireUlid("userId", value);
    }

    public static UserId of(String value) {
        return new UserId(value);
    }

    @Override
    public int compareTo(UserId other) {
        return value.compareTo(other.value);
    }

    @Override
    public String toString() {
        return value;
    }
}

package io.feedline.ports.model;

/**
 * An uploaded attachment's id: a ULID, so it is unguessable and sorts by upload time. It names the
 * attachment in both APIs and in the keys of its stored objects.
 */
public record MediaId(String value) implements Comparable<MediaId> {
    public MediaId {
        Ids.requireUlid("mediaId", value);
    }

    public static MediaId of(String value) {
        return new MediaId(value);
    }

    @Override
    public int compareTo(MediaId other) {
        return value.compareTo(other.value);
    }

    @Override
    public String toString() {
        return value;
    }
}

package io.feedline.ports.model;

/**
 * A post's id: a ULID, so the natural order of ids is the order of publication (to the
 * millisecond, then by the generator's monotonic tail). Every feed is ordered by this id, newest
 * first.
 */
public record PostId(String value) implements Comparable<PostId> {
    public PostId {
        Ids.requireUlid("postId", value);
    }

    public static PostId of(String value) {
        return new PostId(value);
    }

    @Override
    public int compareTo(PostId other) {
        return value.compareTo(other.value);
    }

    public boolean isNewerThan(PostId other) {
        return compareTo(other) > 0;
    }

    /** Milliseconds since the epoch, read from the ULID's first 48 bits. */
    public long epochMillis() {
        long millis = 0;
        for (int i = 0; i < 10; i++) {
            millis = (millis << 5) | CROCKFORD.indexOf(value.charAt(i));
        }
        return millis;
    }

    private static final String CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

    @Override
    public String toString() {
        return value;
    }
}

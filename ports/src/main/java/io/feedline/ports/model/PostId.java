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

    /**
     * The smallest id of {@code epochMillis}: every post of an earlier millisecond sorts before
     * it, so it bounds a page "before" a moment.
     */
    public static PostId firstOf(long epochMillis) {
        if (epochMillis < 0 || epochMillis >= 1L << 48) {
            throw new IllegalArgumentException("a ULID's time is 48 bits: " + epochMillis);
        }
        char[] chars = new char[26];
        java.util.Arrays.fill(chars, '0');
        long millis = epochMillis;
        for (int i = 9; i >= 0; i--) {
            chars[i] = CROCKFORD.charAt((int) (millis & 31));
            millis >>>= 5;
        }
        return new PostId(new String(chars));
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

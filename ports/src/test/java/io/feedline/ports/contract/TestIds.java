package io.feedline.ports.contract;

import io.feedline.ports.model.Email;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Locale;

/**
 * Fresh, unique ids for tests, so that every test can share a database with every other test (and
 * with earlier runs) without cleanup. ULIDs are built with the JDK alone: 48 bits of epoch
 * milliseconds, then 80 bits of randomness, in Crockford base-32.
 */
public final class TestIds {
    private static final char[] CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();
    private static final long MAX_MILLIS = (1L << 48) - 1;
    private static final SecureRandom RANDOM = new SecureRandom();

    // The last monotonic id handed out: its millisecond and its 80-bit tail (16 high bits, 64 low).
    private static long lastMillis = -1;
    private static long lastHigh;
    private static long lastLow;

    private TestIds() {}

    /** A new user id, greater than every id this class handed out before. */
    public static UserId userId() {
        return new UserId(nextMonotonic());
    }

    /** A new post id, greater than every id this class handed out before, even within one millisecond. */
    public static PostId postId() {
        return new PostId(nextMonotonic());
    }

    /** A post id at the given instant (to the millisecond) with a random tail. */
    public static PostId postIdAt(Instant at) {
        return new PostId(ulid(at.toEpochMilli(), RANDOM.nextLong() & 0xFFFFL, RANDOM.nextLong()));
    }

    /** A fresh, valid username ({@code [a-z0-9_]{3,30}}), unique across runs. */
    public static Username username() {
        return new Username("u_" + randomTail());
    }

    /** A fresh, valid email address, unique across runs. */
    public static Email email() {
        return new Email("e_" + randomTail() + "@example.org");
    }

    // 26 random lower-case base-32 characters (130 bits): no two runs ever collide.
    private static String randomTail() {
        return ulid(RANDOM.nextLong() & MAX_MILLIS, RANDOM.nextLong() & 0xFFFFL, RANDOM.nextLong())
                .toLowerCase(Locale.ROOT);
    }

    private static synchronized String nextMonotonic() {
        long now = System.currentTimeMillis();
        if (now > lastMillis) {
            lastMillis = now;
            lastHigh = RANDOM.nextLong() & 0xFFFFL;
            lastLow = RANDOM.nextLong();
        } else {
            // Same (or an earlier, if the clock stepped back) millisecond: count up the tail.
            lastLow++;
            if (lastLow == 0) {
                lastHigh++;
                if (lastHigh > 0xFFFFL) {
                    // The tail overflowed: borrow the next millisecond rather than repeat an id.
                    lastMillis++;
                    lastHigh = 0;
                }
            }
        }
        return ulid(lastMillis, lastHigh, lastLow);
    }

    /** The ULID text of a millisecond and an 80-bit tail given as its high 16 and low 64 bits. */
    public static String ulid(long millis, long high16, long low64) {
        if (millis < 0 || millis > MAX_MILLIS) {
            throw new IllegalArgumentException("time out of ULID range: " + millis);
        }
        char[] out = new char[26];
        for (int i = 9; i >= 0; i--) {
            out[i] = CROCKFORD[(int) (millis & 31)];
            millis >>>= 5;
        }
        // The 80-bit tail as 16 characters of 5 bits each, most significant first.
        for (int i = 25; i >= 10; i--) {
            out[i] = CROCKFORD[(int) (low64 & 31)];
            low64 = (low64 >>> 5) | ((high16 & 31) << 59);
            high16 >>>= 5;
        }
        return new String(out);
    }
}

package io.feedline.ports.fakes;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.IdGenerator;
import java.time.Clock;
import java.util.Objects;
import java.util.Random;

/**
 * Monotonic ULIDs read from a given clock, so that tests on a {@link MutableClock} get ids whose
 * time is the test's time. Within one millisecond (or if the clock is set back) the 80-bit tail
 * counts up, so each id is greater than the one before. Tails start from a seeded random, so two
 * runs with the same seed and clock give the same ids.
 */
public final class SequentialIdGenerator implements IdGenerator {
    private static final long MAX_MILLIS = (1L << 48) - 1;

    private final Clock clock;
    private final Random random;
    private long lastMillis = -1;
    private long high;
    private long low;

    public SequentialIdGenerator(Clock clock) {
        this(clock, new Random().nextLong());
    }

    public SequentialIdGenerator(Clock clock, long seed) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.random = new Random(seed);
    }

    @Override
    public PostId newPostId() {
        return new PostId(next());
    }

    @Override
    public UserId newUserId() {
        return new UserId(next());
    }

    private synchronized String next() {
        long millis = clock.millis();
        if (millis > lastMillis) {
            lastMillis = millis;
            // Start low in the tail so that counting up within a millisecond never overflows it.
            high = random.nextLong() & 0x7FFFL;
            low = random.nextLong();
        } else {
            low++;
            if (low == 0) {
                high++;
                if (high > 0xFFFFL) {
                    lastMillis++;
                    high = 0;
                }
            }
        }
        if (lastMillis > MAX_MILLIS) {
            throw new IllegalStateException("clock beyond the ULID range: " + lastMillis);
        }
        return TestIds.ulid(lastMillis, high, low);
    }
}

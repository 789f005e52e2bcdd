package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.FeedlineException;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Exponential backoff with jitter for retries the adapter owns (unprocessed batch items, throttling,
 * transaction conflicts). Half the delay is fixed and half random, so that writers who collided
 * spread out instead of colliding again in step.
 */
record Backoff(Duration base, Duration cap, int attempts) {
    static final Backoff DEFAULT = new Backoff(Duration.ofMillis(25), Duration.ofSeconds(2), 8);

    Backoff {
        if (base.isNegative() || cap.compareTo(base) < 0 || attempts < 1) {
            throw new IllegalArgumentException("bad backoff " + base + ".." + cap + " x" + attempts);
        }
    }

    /** Sleeps before retry number {@code attempt} (0 for the first retry). */
    void pause(int attempt) {
        long ceiling = Math.min(cap.toMillis(), base.toMillis() << Math.min(attempt, 20));
        long half = ceiling / 2;
        long millis = half + (half > 0 ? ThreadLocalRandom.current().nextLong(half + 1) : 0);
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FeedlineException.StorageUnavailable("dynamodb", "interrupted while backing off", e);
        }
    }
}

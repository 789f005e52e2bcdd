package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.FeedlineException;
import java.time.Duration;
import java.util.Objects;
import software.amazon.awssdk.retries.api.BackoffStrategy;

/**
 * The retries the adapter owns (unprocessed batch items, throttled batches, transaction
 * conflicts): how many attempts, and the SDK's backoff between them. The default backs off
 * exponentially with half jitter, so that writers who collided spread out instead of colliding
 * again in step.
 */
record Retries(BackoffStrategy backoff, int attempts) {
    static final Retries DEFAULT = new Retries(
            BackoffStrategy.exponentialDelayHalfJitter(Duration.ofMillis(25), Duration.ofSeconds(2)), 8);

    Retries {
        Objects.requireNonNull(backoff, "backoff");
        if (attempts < 1) {
            throw new IllegalArgumentException("at least one attempt, got " + attempts);
        }
    }

    /** Sleeps before attempt number {@code attempt}: 2 is the first retry (the SDK's numbering). */
    void pauseBefore(int attempt) {
        long millis = backoff.computeDelay(attempt).toMillis();
        if (millis <= 0) {
            return;
        }
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FeedlineException.StorageUnavailable("dynamodb", "interrupted while backing off", e);
        }
    }
}

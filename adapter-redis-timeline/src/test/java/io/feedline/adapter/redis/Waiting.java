package io.feedline.adapter.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Waits for what pub/sub does in the background: a subscription made, a message heard. */
final class Waiting {
    private Waiting() {}

    /** Returns once {@code condition} holds; fails, saying {@code what}, if it does not within 10 s. */
    static void until(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
        assertThat(condition.getAsBoolean()).as(what + " within 10 s").isTrue();
    }
}

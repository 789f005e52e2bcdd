package io.feedline.domain.fanout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class WindowPassBarrierTest {

    @Test
    void aDurableWriteWaitsForThePassesBegunBeforeItAndNotForThoseBegunAfter() throws InterruptedException {
        WindowPassBarrier passes = new WindowPassBarrier();
        long first = passes.begin();
        CountDownLatch written = new CountDownLatch(1);
        Thread writer = writerWaitingFor(passes, written);
        // Passes keep overlapping, as two workers' claims do under load: there is never a moment
        // with none running, yet the write goes ahead once those begun before it have ended.
        long second = passes.begin();
        assertThat(written.await(100, TimeUnit.MILLISECONDS)).as("written while the pass before it ran").isFalse();

        passes.end(first);

        assertThat(written.await(10, TimeUnit.SECONDS)).as("written once the pass before it ended, while a later one runs").isTrue();
        passes.end(second);
        writer.join();
    }

    @Test
    void aDurableWriteWaitsForEveryPassBegunBeforeItWhicheverEndsFirst() throws InterruptedException {
        WindowPassBarrier passes = new WindowPassBarrier();
        long first = passes.begin();
        long second = passes.begin();
        CountDownLatch written = new CountDownLatch(1);
        Thread writer = writerWaitingFor(passes, written);

        passes.end(second);
        assertThat(written.await(100, TimeUnit.MILLISECONDS)).as("written while the first pass still ran").isFalse();
        passes.end(first);

        assertThat(written.await(10, TimeUnit.SECONDS)).isTrue();
        writer.join();
        // With nothing running, a write does not wait at all.
        passes.awaitThoseBegun();
    }

    /** A durable write on a thread of its own, parked in its wait for the passes; it counts {@code written} down once through. */
    private static Thread writerWaitingFor(WindowPassBarrier passes, CountDownLatch written) {
        Thread writer = Thread.ofVirtual().start(() -> {
            passes.awaitThoseBegun();
            written.countDown();
        });
        awaitWaiting(writer);
        return writer;
    }

    /** Waits until {@code thread} is parked, that is, inside its wait for the passes. */
    private static void awaitWaiting(Thread thread) {
        await("the writer began waiting").atMost(Duration.ofSeconds(10))
                .until(() -> thread.getState() == Thread.State.WAITING);
    }
}

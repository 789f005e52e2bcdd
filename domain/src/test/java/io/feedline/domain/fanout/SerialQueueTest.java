package io.feedline.domain.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SerialQueueTest {
    @Test
    void piecesRunOneAtATimeInTheOrderGivenAndGivingNeverWaits() throws Exception {
        SerialQueue work = new SerialQueue("side-test");
        CountDownLatch release = new CountDownLatch(1);
        List<Integer> ran = new CopyOnWriteArrayList<>();
        AtomicInteger running = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        for (int i = 0; i < 5; i++) {
            int piece = i;
            work.give(() -> {
                mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
                if (piece == 0) {
                    await(release);
                }
                ran.add(piece);
                running.decrementAndGet();
            });
        }
        // All five were given while the first still hangs.
        assertThat(ran).isEmpty();
        release.countDown();
        work.awaitDone();

        assertThat(ran).containsExactly(0, 1, 2, 3, 4);
        assertThat(mostAtOnce.get()).as("pieces running at once").isEqualTo(1);
    }

    @Test
    void awaitStartedLetsGoOnceTheLastPieceGivenHasStartedWithoutWaitingForItToEnd() throws Exception {
        SerialQueue work = new SerialQueue("side-test");
        CountDownLatch firstRelease = new CountDownLatch(1);
        CountDownLatch secondStarted = new CountDownLatch(1);
        CountDownLatch secondRelease = new CountDownLatch(1);
        work.give(() -> await(firstRelease));
        work.give(() -> {
            secondStarted.countDown();
            await(secondRelease);
        });
        Thread waiter = Thread.ofVirtual().start(work::awaitStarted);

        waiter.join(200);
        assertThat(waiter.isAlive()).as("waiting while the second piece has not started").isTrue();
        firstRelease.countDown();
        waiter.join(10_000);
        assertThat(waiter.isAlive()).as("let go once the second piece started").isFalse();
        assertThat(secondRelease.getCount()).as("the second piece still runs").isEqualTo(1);

        secondRelease.countDown();
        work.awaitDone();
    }

    @Test
    void aPieceThatThrowsDoesNotStopThoseAfterIt() {
        SerialQueue work = new SerialQueue("side-test");
        List<String> ran = new CopyOnWriteArrayList<>();
        work.give(() -> {
            throw new IllegalStateException("the engine refused");
        });
        work.give(() -> ran.add("after"));
        work.awaitDone();

        assertThat(ran).containsExactly("after");
    }

    @Test
    void anErrorEndsTheSideWorkAndLetsItsWaitersGo() {
        SerialQueue work = new SerialQueue("side-test");
        CountDownLatch release = new CountDownLatch(1);
        List<String> ran = new CopyOnWriteArrayList<>();
        work.give(() -> {
            await(release);
            throw new OutOfMemoryError("simulated");
        });
        work.give(() -> ran.add("dropped"));
        release.countDown();
        work.awaitDone();
        work.awaitStarted();

        assertThat(ran).as("the pieces after an Error").isEmpty();
        work.give(() -> ran.add("given after"));
        work.awaitDone();
        assertThat(ran).containsExactly("given after");
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(30, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

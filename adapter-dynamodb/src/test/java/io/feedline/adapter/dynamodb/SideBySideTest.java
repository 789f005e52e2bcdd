package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.FeedlineException;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * {@link SideBySide#apply}, which sends a batch's independent requests (the lease writes of
 * a claim, the rows of a claim's notifications) side by side instead of one after another.
 */
class SideBySideTest {

    @Test
    void answersComeInTheInputsOrderWhateverOrderTheRequestsEndIn() {
        List<Integer> inputs = IntStream.range(0, 20).boxed().toList();

        List<String> answers = SideBySide.apply(inputs, 8, "test", i -> {
            sleep(20 - i);
            return "answer " + i;
        });

        assertThat(answers).containsExactlyElementsOf(inputs.stream().map(i -> "answer " + i).toList());
    }

    @Test
    void asManyRequestsAsAllowedRunAtOnceAndNoMore() throws InterruptedException {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        // Every request waits until four are running: with a bound of four, all get there.
        CountDownLatch fourRunning = new CountDownLatch(4);

        SideBySide.apply(IntStream.range(0, 12).boxed().toList(), 4, "test", i -> {
            most.accumulateAndGet(running.incrementAndGet(), Math::max);
            fourRunning.countDown();
            try {
                assertThat(fourRunning.await(10, TimeUnit.SECONDS)).as("four requests running at once").isTrue();
                sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                running.decrementAndGet();
            }
            return i;
        });

        assertThat(most.get()).isEqualTo(4);
    }

    @Test
    void theFirstFailureIsThrownOnceEveryRequestHasEnded() {
        AtomicInteger ended = new AtomicInteger();

        assertThatThrownBy(() -> SideBySide.apply(IntStream.range(0, 10).boxed().toList(), 3, "test", i -> {
            try {
                sleep(10);
                if (i == 4 || i == 7) {
                    throw new FeedlineException.StorageUnavailable(TableAccess.COMPONENT, "request " + i + " failed", null);
                }
                return i;
            } finally {
                ended.incrementAndGet();
            }
        })).isInstanceOf(FeedlineException.StorageUnavailable.class).hasMessageContaining("request 4 failed");

        assertThat(ended.get()).as("no request is left running").isEqualTo(10);
    }

    private static void sleep(int millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

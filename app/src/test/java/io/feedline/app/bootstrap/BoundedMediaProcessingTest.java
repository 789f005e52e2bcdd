package io.feedline.app.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.app.web.Admission;
import io.feedline.ports.fakes.FakeMediaProcessing;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.ProcessedMedia;
import io.feedline.ports.out.MediaProcessing;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** At most the configured number of uploads are processed at once; past the queue, a 503 before the file is read. */
class BoundedMediaProcessingTest {

    /** Processing that holds its slot until released, counting the files it read. */
    private static final class Held implements MediaProcessing {
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final FakeMediaProcessing real = new FakeMediaProcessing();

        @Override
        public ProcessedMedia process(InputStream upload) {
            started.countDown();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return real.process(upload);
        }
    }

    private static InputStream file() {
        return new ByteArrayInputStream(new byte[] {1, 2, 3});
    }

    @Test
    void anUploadPastTheBoundsIsRefusedUnreadAndTheNextIsServed() throws Exception {
        Held held = new Held();
        BoundedMediaProcessing bounded = new BoundedMediaProcessing(held, new Admission.Bounds(1, 0, Duration.ZERO));
        CompletableFuture<ProcessedMedia> first = CompletableFuture.supplyAsync(() -> bounded.process(file()));
        assertThat(held.started.await(10, TimeUnit.SECONDS)).isTrue();

        ByteArrayInputStream refused = new ByteArrayInputStream(new byte[] {9, 9});
        assertThatThrownBy(() -> bounded.process(refused))
                .isInstanceOfSatisfying(FeedlineException.Overloaded.class,
                        e -> assertThat(e.retryAfter()).isPositive());
        assertThat(refused.available()).isEqualTo(2);

        held.release.countDown();
        assertThat(first.get(10, TimeUnit.SECONDS).original().meta().length()).isEqualTo(3);
        assertThat(bounded.process(file()).original().meta().length()).isEqualTo(3);
        assertThat(bounded.waiting()).isZero();
    }

    @Test
    void aRefusalOfTheFileFreesItsSlot() {
        BoundedMediaProcessing bounded = new BoundedMediaProcessing(new FakeMediaProcessing(), new Admission.Bounds(1, 0, Duration.ZERO));
        assertThatThrownBy(() -> bounded.process(new ByteArrayInputStream(new byte[0])))
                .isInstanceOf(FeedlineException.MediaRejected.class);
        assertThat(bounded.process(file()).original().meta().length()).isEqualTo(3);
    }
}

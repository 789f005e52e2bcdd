package io.feedline.app.mastodon;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A streaming connection's bounded send queue: a client that stops reading is dropped, never buffered without end. */
class StreamConnectionTest {

    /** A transport whose client has stopped reading: the first write never returns until it is closed. */
    private static final class StuckClient implements StreamConnection.Sink {
        final CountDownLatch writing = new CountDownLatch(1);
        final CountDownLatch closed = new CountDownLatch(1);
        final List<String> closeReasons = new CopyOnWriteArrayList<>();

        @Override
        public void send(StreamConnection.Message message) throws InterruptedException {
            writing.countDown();
            closed.await();
        }

        @Override
        public void heartbeat() {}

        @Override
        public void close(String reason) {
            closeReasons.add(reason);
            closed.countDown();
        }
    }

    private static StreamConnection.Message update(int i) {
        return new StreamConnection.Message(List.of("user"), "update", "{\"id\":\"" + i + "\"}");
    }

    @Test
    void aClientThatStopsReadingIsDisconnectedOnceItsQueueIsFullAndHoldsNoMoreThanTheQueue() throws InterruptedException {
        StuckClient client = new StuckClient();
        AtomicInteger dropped = new AtomicInteger();
        CountDownLatch gone = new CountDownLatch(1);
        StreamConnection connection = new StreamConnection(client, 8, Duration.ofMinutes(1), c -> gone.countDown(),
                c -> dropped.incrementAndGet());
        connection.start();
        connection.offer(update(0));
        assertThat(client.writing.await(10, TimeUnit.SECONDS)).as("the first write is under way and stuck").isTrue();

        for (int i = 1; i <= 8; i++) {
            connection.offer(update(i));
        }
        assertThat(connection.open()).as("a full queue, not yet past it").isTrue();
        assertThat(connection.queued()).isEqualTo(8);

        connection.offer(update(9));

        assertThat(connection.open()).isFalse();
        assertThat(dropped).hasValue(1);
        assertThat(client.closeReasons).containsExactly("the client did not keep up with its stream");
        assertThat(gone.await(10, TimeUnit.SECONDS)).as("the server forgets the connection").isTrue();
        connection.offer(update(10));
        assertThat(connection.queued()).as("nothing more is queued for a closed connection").isLessThanOrEqualTo(1);
    }

    @Test
    void aQuietConnectionSendsHeartbeatsAndAFailedOneEndsTheConnection() throws InterruptedException {
        AtomicInteger beats = new AtomicInteger();
        CountDownLatch gone = new CountDownLatch(1);
        StreamConnection connection = new StreamConnection(new StreamConnection.Sink() {
            @Override
            public void send(StreamConnection.Message message) {}

            @Override
            public void heartbeat() throws java.io.IOException {
                if (beats.incrementAndGet() == 3) {
                    throw new java.io.IOException("the client went away");
                }
            }

            @Override
            public void close(String reason) {}
        }, 8, Duration.ofMillis(10), c -> gone.countDown(), c -> {});
        connection.start();

        assertThat(gone.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(beats).hasValue(3);
        assertThat(connection.open()).isFalse();
    }
}

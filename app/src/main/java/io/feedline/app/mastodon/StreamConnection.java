package io.feedline.app.mastodon;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client's connection to the streaming API (a WebSocket or a server-sent-events response),
 * behind a bounded send queue: events are queued without waiting and one virtual thread writes them
 * out. The queue holds the events not yet written: a write the client does not take holds up those
 * behind it (and {@link StreamTransport} keeps the kernel from taking much first). A client that
 * reads too slowly fills its queue and is dropped, its transport aborted, so a slow client costs
 * the server at most its queue, never unbounded memory or a stalled event for everyone else. While
 * nothing is sent the sender writes a heartbeat, which also finds a connection that went away.
 */
final class StreamConnection {
    private static final Logger LOG = LoggerFactory.getLogger(StreamConnection.class);

    /** One event for the client: the stream it belongs to (Mastodon's {@code ["hashtag", "jazz"]}), its name and payload. */
    record Message(List<String> stream, String event, String payload) {
        Message {
            stream = List.copyOf(stream);
            Objects.requireNonNull(event, "event");
            Objects.requireNonNull(payload, "payload");
        }
    }

    /** How a connection writes; every method may block and may throw when the client is gone. */
    interface Sink {
        void send(Message message) throws Exception;

        void heartbeat() throws Exception;

        /** Ends the connection, telling the client why where the transport can. */
        void close(String reason);

        /** Ends the connection at once, what the client has not read thrown away (a client that did not keep up). */
        default void abort(String reason) {
            close(reason);
        }
    }

    private static final Message STOP = new Message(List.of(), "stop", "");

    private final Sink sink;
    private final BlockingQueue<Message> queue;
    private final Duration heartbeat;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Consumer<StreamConnection> onClosed;
    private final Consumer<StreamConnection> onDropped;
    private volatile Thread sender;

    StreamConnection(Sink sink, int capacity, Duration heartbeat, Consumer<StreamConnection> onClosed,
            Consumer<StreamConnection> onDropped) {
        this.sink = sink;
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.heartbeat = heartbeat;
        this.onClosed = onClosed;
        this.onDropped = onDropped;
    }

    /** Starts the sender; the connection then lives until {@link #close} or a failed write. */
    void start() {
        sender = Thread.ofVirtual().name("stream-sender").start(this::sendLoop);
    }

    /**
     * Queues the message; a full queue means the client is too slow, and it is dropped (counted
     * once, however many events found the queue full). Never blocks.
     */
    void offer(Message message) {
        if (closed.get()) {
            return;
        }
        if (!queue.offer(message) && end("the client did not keep up with its stream", true)) {
            onDropped.accept(this);
        }
    }

    boolean open() {
        return !closed.get();
    }

    /** Messages waiting to be written. */
    int queued() {
        return queue.size();
    }

    /** Ends the connection; idempotent. */
    void close(String reason) {
        end(reason, false);
    }

    /** Ends the connection, aborting its transport if asked; whether this call ended it. */
    private boolean end(String reason, boolean abort) {
        if (!closed.compareAndSet(false, true)) {
            return false;
        }
        queue.clear();
        queue.offer(STOP);
        try {
            if (abort) {
                sink.abort(reason);
            } else {
                sink.close(reason);
            }
        } catch (RuntimeException e) {
            LOG.debug("closing a stream failed", e);
        }
        onClosed.accept(this);
        return true;
    }

    private void sendLoop() {
        try {
            while (!closed.get()) {
                Message next = queue.poll(heartbeat.toMillis(), TimeUnit.MILLISECONDS);
                if (next == STOP) {
                    return;
                }
                if (next == null) {
                    sink.heartbeat();
                } else {
                    sink.send(next);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.debug("a stream's client went away", e);
            end("the stream's client went away", true);
        } finally {
            close("the stream ended");
        }
    }
}

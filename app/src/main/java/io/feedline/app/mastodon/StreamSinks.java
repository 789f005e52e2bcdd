package io.feedline.app.mastodon;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.websocket.WsCloseStatus;
import io.javalin.websocket.WsContext;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.websocket.api.Callback;

/** How a stream's events reach its client: the two transports of {@link Streaming}. */
final class StreamSinks {
    /** A frame the client has not taken within this is a client gone: the connection is dropped. */
    private static final Duration WRITE_TIMEOUT = Duration.ofSeconds(30);

    private StreamSinks() {}

    /** Each event as Mastodon's JSON message, a ping as the heartbeat; a frame not taken within the timeout is a client gone. */
    static StreamConnection.Sink webSocket(WsContext ctx, ObjectMapper mapper) {
        return new StreamConnection.Sink() {
            @Override
            public void send(StreamConnection.Message message) throws Exception {
                write(mapper.writeValueAsString(Map.of("stream", message.stream(), "event", message.event(),
                        "payload", message.payload())));
            }

            @Override
            public void heartbeat() throws Exception {
                Callback.Completable done = new Callback.Completable();
                ctx.session.sendPing(java.nio.ByteBuffer.allocate(0), done);
                done.get(WRITE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            }

            private void write(String text) throws InterruptedException, ExecutionException, TimeoutException {
                Callback.Completable done = new Callback.Completable();
                ctx.session.sendText(text, done);
                done.get(WRITE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            }

            @Override
            public void close(String reason) {
                if (ctx.session.isOpen()) {
                    ctx.closeSession(WsCloseStatus.TRY_AGAIN_LATER, reason);
                }
            }

            /** No close frame: it would wait behind the frames the client is not reading. */
            @Override
            public void abort(String reason) {
                ctx.session.disconnect();
            }
        };
    }

    /** Frames written straight to the response: {@code event: <name>} and one {@code data:} line. */
    static StreamConnection.Sink serverSentEvents(OutputStream out, StreamTransport transport, CountDownLatch ended) {
        return new StreamConnection.Sink() {
            @Override
            public void send(StreamConnection.Message message) throws IOException {
                write("event: " + message.event() + "\ndata: " + message.payload() + "\n\n");
            }

            @Override
            public void heartbeat() throws IOException {
                write(":thump\n");
            }

            private void write(String frame) throws IOException {
                out.write(frame.getBytes(StandardCharsets.UTF_8));
                out.flush();
            }

            @Override
            public void close(String reason) {
                ended.countDown();
            }

            @Override
            public void abort(String reason) {
                transport.abort();
                ended.countDown();
            }
        };
    }
}

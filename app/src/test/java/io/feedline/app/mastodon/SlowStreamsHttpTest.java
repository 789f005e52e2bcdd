package io.feedline.app.mastodon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.TestApps;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A streaming client that never reads costs the server its queue and no more: once more events
 * wait for it than the queue holds it is disconnected, counted in
 * {@code feedline_mastodon_streams_dropped_slow_total}, and the streams gauge reads the streams open.
 */
class SlowStreamsHttpTest {
    private static final int QUEUE = 16;
    /** Enough posts to fill any kernel buffer in between many times over; the loop stops at the drops. */
    private static final int MOST_POSTS = 3_000;
    /**
     * The most posts (of about 2 KB each as events) a stalled stream may take before it is dropped:
     * its queue, what the server lets the kernel hold for it, and this test's small receive buffer.
     * Left to itself the kernel held some 1,500 such events on loopback.
     */
    private static final int DROPPED_WITHIN = 150;
    private static final String TEXT = "a post long enough that a stream's buffers fill soon ".repeat(9);

    private static App app() {
        return TestApps.start(Map.of("mastodon.enabled", true, "mastodon.port", 0, "mastodon.streaming.queue", QUEUE,
                "http.rate-limit.requests", 1_000_000));
    }

    /** A connection with a small receive buffer that sends {@code request} and reads only the answer's head. */
    private static Socket stalled(int port, String request, String expectedStatus) throws IOException {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(4096);
        socket.connect(new InetSocketAddress("127.0.0.1", port));
        socket.setSoTimeout(30_000);
        OutputStream out = socket.getOutputStream();
        out.write(request.getBytes(StandardCharsets.US_ASCII));
        out.flush();
        String head = MastodonHttp.head(socket.getInputStream());
        assertThat(head).startsWith("HTTP/1.1 " + expectedStatus);
        return socket;
    }

    private static Socket stalledServerSentEvents(int port) throws IOException {
        return stalled(port, "GET /api/v1/streaming/public HTTP/1.1\r\nHost: 127.0.0.1:" + port
                + "\r\nAccept: text/event-stream\r\n\r\n", "200");
    }

    private static Socket stalledWebSocket(int port) throws IOException {
        return stalled(port, "GET /api/v1/streaming?stream=public HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n"
                + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\n\r\n", "101");
    }

    /** Whether the server ended the connection: reading what it had sent reaches the end, or a reset. */
    private static boolean ended(Socket socket) {
        byte[] buffer = new byte[64 * 1024];
        try {
            InputStream in = socket.getInputStream();
            while (in.read(buffer) >= 0) {
                // what was sent before the end
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    private static double streams(MastodonHttp mastodon) {
        return Double.parseDouble(mastodon.metric("feedline_mastodon_streams"));
    }

    private static double droppedSlow(MastodonHttp mastodon) {
        return Double.parseDouble(mastodon.metric("feedline_mastodon_streams_dropped_slow_total"));
    }

    @Test
    void theStreamsGaugeReadsTheOpenStreamsAfterACollection() throws IOException {
        try (App app = app(); Socket events = stalledServerSentEvents(app.mastodonPort().orElseThrow());
                Socket socket = stalledWebSocket(app.mastodonPort().orElseThrow())) {
            MastodonHttp mastodon = new MastodonHttp(app);
            System.gc();

            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(streams(mastodon)).isEqualTo(2.0));
            events.close();
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(streams(mastodon)).isEqualTo(1.0));
        }
    }

    @Test
    void streamsThatNeverReadAreDisconnectedPastTheirQueueAndCounted() throws IOException {
        try (App app = app(); Socket events = stalledServerSentEvents(app.mastodonPort().orElseThrow());
                Socket socket = stalledWebSocket(app.mastodonPort().orElseThrow())) {
            MastodonHttp mastodon = new MastodonHttp(app);
            String author = mastodon.nativeToken(mastodon.signUp());
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(streams(mastodon)).isEqualTo(2.0));

            int posted = 0;
            while (posted < MOST_POSTS && droppedSlow(mastodon) < 2) {
                for (int i = 0; i < 10; i++, posted++) {
                    int status = MastodonHttp.send(HttpRequest.newBuilder(URI.create(mastodon.nativeBase + "/posts"))
                            .header("Authorization", "Bearer " + author).header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(MastodonHttp.json(Map.of("text", posted + " " + TEXT)))))
                            .statusCode();
                    assertThat(status).isEqualTo(201);
                }
            }

            assertThat(droppedSlow(mastodon)).as("both stalled streams dropped, after " + posted + " posts").isEqualTo(2.0);
            assertThat(posted).as("posts published before both were dropped").isLessThanOrEqualTo(DROPPED_WITHIN);
            assertThat(streams(mastodon)).isEqualTo(0.0);
            assertThat(ended(events)).as("the server-sent events connection was closed").isTrue();
            assertThat(ended(socket)).as("the WebSocket connection was closed").isTrue();
        }
    }
}

package io.feedline.app.mastodon;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.util.Optional;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.io.EndPoint;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The TCP connection under a stream. A client that stops reading is noticed only once writes to it
 * stop completing, and left to itself the kernel took megabytes for such a client first (on
 * loopback its send buffer grew to 4 MB, about 1,500 events): the queue's bound meant little. So
 * a stream's socket gets a small fixed send buffer, and a writer stuck on a client that does not
 * read holds up the events behind it, which fill the queue. A dropped stream is aborted: what the
 * kernel still holds for the client is thrown away at once, and a write stuck on it fails.
 */
final class StreamTransport {
    private static final Logger LOG = LoggerFactory.getLogger(StreamTransport.class);
    /** What the kernel may hold for one stream's client (Linux doubles it): some 30 events. */
    static final int SEND_BUFFER_BYTES = 32 * 1024;

    private final Optional<EndPoint> endPoint;

    private StreamTransport(Optional<EndPoint> endPoint) {
        this.endPoint = endPoint;
    }

    /** The connection of {@code request}, its send buffer bounded; call it before the stream's first event. */
    static StreamTransport of(HttpServletRequest request) {
        ServletContextRequest jetty = ServletContextRequest.getServletContextRequest(request);
        Optional<EndPoint> endPoint = Optional.ofNullable(jetty).map(r -> r.getConnectionMetaData().getConnection().getEndPoint());
        StreamTransport transport = new StreamTransport(endPoint);
        transport.socket().ifPresent(socket -> {
            try {
                socket.setOption(StandardSocketOptions.SO_SNDBUF, SEND_BUFFER_BYTES);
            } catch (IOException | UnsupportedOperationException e) {
                LOG.debug("a stream's send buffer could not be bounded", e);
            }
        });
        return transport;
    }

    /** Ends the connection at once, with a reset: nothing more is sent, whatever is waiting. */
    void abort() {
        socket().ifPresent(socket -> {
            try {
                socket.setOption(StandardSocketOptions.SO_LINGER, 0);
            } catch (IOException | UnsupportedOperationException e) {
                LOG.debug("a stream's socket could not be set to reset", e);
            }
        });
        endPoint.ifPresent(EndPoint::close);
    }

    private Optional<SocketChannel> socket() {
        return endPoint.map(EndPoint::getTransport).filter(SocketChannel.class::isInstance).map(SocketChannel.class::cast);
    }
}

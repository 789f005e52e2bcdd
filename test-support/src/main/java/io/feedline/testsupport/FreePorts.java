package io.feedline.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Loopback ports that nothing listens on right now, for servers a test starts and for "nobody here". */
public final class FreePorts {
    private FreePorts() {}

    /** A port the OS just handed out and released; another process could take it, so use it at once. */
    public static int next() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port", e);
        }
    }
}

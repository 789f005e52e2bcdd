package io.feedline.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class FreePortsTest {

    @Test
    void aFreePortCanBeListenedOn() throws IOException {
        int port = FreePorts.next();

        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            assertThat(socket.getLocalPort()).isEqualTo(port);
        }
    }
}

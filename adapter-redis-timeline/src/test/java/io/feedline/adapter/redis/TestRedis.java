package io.feedline.adapter.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * The real Redis that adapter tests run against, found in the order of DESIGN section 7: the
 * {@code FEEDLINE_TEST_REDIS_URI} environment variable, then 127.0.0.1:6379, then a Testcontainers
 * {@code redis:7} where Docker runs. With none of them the tests fail, saying how to provide one.
 */
final class TestRedis {
    static final String ENV = "FEEDLINE_TEST_REDIS_URI";
    private static final String LOCAL_HOST = "127.0.0.1";
    private static final int LOCAL_PORT = 6379;

    private static String uri;
    private static GenericContainer<?> container;

    private TestRedis() {}

    /**
     * Settings for tests: the defaults, with time bounds wide enough for a loaded build machine. The
     * bounds are about hangs, not speed; the fault tests fail fast through rejection, not timeouts.
     */
    static RedisSettings settings(String uri) {
        return RedisSettings.of(uri).withCommandTimeout(Duration.ofSeconds(5)).withConnectTimeout(Duration.ofSeconds(5));
    }

    /** The URI of the shared test server; tests isolate themselves with their own key prefixes. */
    static synchronized String uri() {
        if (uri == null) {
            uri = resolve();
        }
        return uri;
    }

    private static String resolve() {
        String fromEnv = System.getenv(ENV);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return fromEnv.strip();
        }
        if (answersPing(LOCAL_HOST, LOCAL_PORT)) {
            return "redis://" + LOCAL_HOST + ":" + LOCAL_PORT;
        }
        if (DockerClientFactory.instance().isDockerAvailable()) {
            container = new GenericContainer<>(DockerImageName.parse("redis:7")).withExposedPorts(LOCAL_PORT);
            container.start();
            return "redis://" + container.getHost() + ":" + container.getMappedPort(LOCAL_PORT);
        }
        throw new AssertionError("""
                No Redis to test against. Provide one of:
                  - %s=redis://host:port (an existing server; tests only touch their own key prefixes);
                  - a server on 127.0.0.1:6379, e.g. `redis-server --daemonize yes --bind 127.0.0.1 --port 6379 \
                --save "" --appendonly no` (install it with `apt-get install -y redis-server`);
                  - a running Docker engine, for a Testcontainers redis:7.""".formatted(ENV));
    }

    /** Whether a Redis answers PING there, without pulling a client library into the probe. */
    static boolean answersPing(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 500);
            socket.setSoTimeout(1000);
            OutputStream out = socket.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] reply = in.readNBytes(7);
            return new String(reply, StandardCharsets.US_ASCII).equals("+PONG\r\n");
        } catch (IOException e) {
            return false;
        }
    }
}

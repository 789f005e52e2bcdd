package io.feedline.adapter.redis;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A private {@code redis-server} on a free port that keeps nothing on disk, for the tests that stop,
 * flush or count commands on a server: they must never do that to the shared one.
 */
final class ThrowawayRedis implements AutoCloseable {
    private static final String HOST = "127.0.0.1";
    private static final Pattern COMMAND_STAT = Pattern.compile("^cmdstat_([a-z|]+):calls=(\\d+)", Pattern.MULTILINE);

    private final int port;
    private final RedisClient admin;
    private Process process;

    private ThrowawayRedis(int port) {
        this.port = port;
        this.admin = RedisClient.create(RedisURI.create(HOST, port));
    }

    /** Starts one, or fails saying how to install Redis. */
    static ThrowawayRedis start() {
        ThrowawayRedis redis = new ThrowawayRedis(freePort());
        redis.launch();
        return redis;
    }

    String uri() {
        return "redis://" + HOST + ":" + port;
    }

    int port() {
        return port;
    }

    /** Runs admin commands on a connection of its own (not the one under test). */
    <T> T admin(Function<RedisCommands<String, String>, T> commands) {
        try (StatefulRedisConnection<String, String> connection = admin.connect()) {
            return commands.apply(connection.sync());
        }
    }

    /** Calls per command since the last {@code CONFIG RESETSTAT}, as {@code INFO commandstats} reports them. */
    Map<String, Long> commandCalls() {
        String info = admin(redis -> redis.info("commandstats"));
        Map<String, Long> calls = new HashMap<>();
        Matcher matcher = COMMAND_STAT.matcher(info);
        while (matcher.find()) {
            calls.put(matcher.group(1), Long.parseLong(matcher.group(2)));
        }
        return calls;
    }

    void resetCommandStats() {
        admin(RedisCommands::configResetstat);
    }

    /** {@code SHUTDOWN NOSAVE}, then waits for the process to exit. */
    void shutDown() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(HOST, port), 1000);
            OutputStream out = socket.getOutputStream();
            out.write("SHUTDOWN NOSAVE\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            socket.setSoTimeout(5000);
            socket.getInputStream().read(); // the server closes the socket as it goes
        } catch (IOException e) {
            // Already gone: fine, we only want it down.
        }
        awaitExit();
    }

    /** Starts the server again on the same port, empty (as after a crash of a cache). */
    void restart() {
        launch();
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) {
            shutDown();
        }
        admin.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    }

    private void launch() {
        String binary = onPath("redis-server");
        ProcessBuilder builder = new ProcessBuilder(binary, "--port", Integer.toString(port), "--bind", HOST,
                "--save", "", "--appendonly", "no", "--daemonize", "no",
                "--dir", System.getProperty("java.io.tmpdir"))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + binary, e);
        }
        for (int attempt = 0; attempt < 200; attempt++) {
            if (TestRedis.answersPing(HOST, port)) {
                return;
            }
            if (!process.isAlive()) {
                throw new AssertionError("redis-server on port " + port + " exited with " + process.exitValue());
            }
            sleep(50);
        }
        process.destroyForcibly();
        throw new AssertionError("redis-server on port " + port + " did not answer PING");
    }

    private void awaitExit() {
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    private static String onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            File candidate = new File(dir, name);
            if (candidate.canExecute()) {
                return candidate.getAbsolutePath();
            }
        }
        throw new AssertionError(name + " is not on PATH. These tests stop and flush a Redis of their own; install "
                + "one with `apt-get install -y redis-server` (only the binary is needed, no service).");
    }

    /** A port that nothing listens on right now. */
    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}

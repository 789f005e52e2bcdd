package io.feedline.app.bench;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A private {@code redis-server} on a free loopback port that keeps nothing on disk: for the runs
 * that flush, stop or flood a Redis, which must never happen to a shared one. The few admin
 * commands go over a plain socket in the Redis protocol, so no client library is needed here.
 */
public final class ScratchRedis implements AutoCloseable {
    private static final String HOST = "127.0.0.1";

    private final int port;
    private final String binary;
    private Process process;

    private ScratchRedis(int port, String binary) {
        this.port = port;
        this.binary = binary;
    }

    /**
     * Starts one.
     *
     * @throws IllegalStateException if {@code redis-server} is not on PATH, saying how to install it
     */
    public static ScratchRedis start() {
        String binary = onPath("redis-server").orElseThrow(() -> new IllegalStateException(
                "redis-server is not on PATH; install it with `apt-get install -y redis-server` "
                        + "(only the binary is used: a private server on a free port, never the shared one)"));
        ScratchRedis redis = new ScratchRedis(freePort(), binary);
        redis.launch();
        return redis;
    }

    public String uri() {
        return "redis://" + HOST + ":" + port;
    }

    public int port() {
        return port;
    }

    /** {@code FLUSHALL}: every window is gone, as after a cache node lost its memory. */
    public void flushAll() {
        String reply = command("FLUSHALL");
        if (!reply.startsWith("+OK")) {
            throw new IllegalStateException("FLUSHALL answered " + reply);
        }
    }

    /** {@code SHUTDOWN NOSAVE}, then waits for the process to end. */
    public void shutDown() {
        try {
            command("SHUTDOWN NOSAVE");
        } catch (UncheckedIOException alreadyGone) {
            // The server closes the connection as it exits; all we want is it down.
        }
        awaitExit();
    }

    /** Starts the server again on the same port, empty. */
    public void restart() {
        launch();
    }

    public boolean running() {
        return process != null && process.isAlive();
    }

    @Override
    public void close() {
        if (running()) {
            shutDown();
        }
    }

    private void launch() {
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
            if (answersPing()) {
                return;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("redis-server on port " + port + " exited with " + process.exitValue());
            }
            sleep(50);
        }
        process.destroyForcibly();
        throw new IllegalStateException("redis-server on port " + port + " did not answer PING");
    }

    private boolean answersPing() {
        try {
            return command("PING").startsWith("+PONG");
        } catch (UncheckedIOException e) {
            return false;
        }
    }

    /** Sends one inline command and returns the first line of the reply. */
    private String command(String inline) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(HOST, port), 1000);
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write((inline + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            StringBuilder line = new StringBuilder();
            for (int c = in.read(); c != -1 && c != '\n'; c = in.read()) {
                line.append((char) c);
            }
            return line.toString().strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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

    static Optional<String> onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            File candidate = new File(dir, name);
            if (candidate.canExecute()) {
                return Optional.of(candidate.getAbsolutePath());
            }
        }
        return Optional.empty();
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
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
            throw new IllegalStateException("interrupted", e);
        }
    }
}

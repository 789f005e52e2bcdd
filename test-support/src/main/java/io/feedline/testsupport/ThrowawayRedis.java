package io.feedline.testsupport;

import static org.awaitility.Awaitility.await;

import io.lettuce.core.RedisException;
import io.lettuce.core.api.sync.RedisCommands;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.TerminalFailureException;

/**
 * A private {@code redis-server} on a free loopback port that keeps nothing on disk: for the tests
 * (and benchmark baselines) that flush, stop, restart, flood or count commands on a server, which
 * must never happen to the shared one. Needs the {@code redis-server} binary on PATH, nothing else.
 */
public final class ThrowawayRedis implements AutoCloseable {
    private static final String HOST = "127.0.0.1";
    private static final Pattern COMMAND_STAT = Pattern.compile("^cmdstat_([a-z|]+):calls=(\\d+)", Pattern.MULTILINE);

    private final Path binary;
    private final int port;
    private final List<String> extraArguments;
    private final RedisAdmin admin;
    private Process process;

    private ThrowawayRedis(Path binary, int port, List<String> extraArguments) {
        this.binary = binary;
        this.port = port;
        this.extraArguments = List.copyOf(extraArguments);
        this.admin = RedisAdmin.connect(uri());
    }

    /**
     * Starts one and waits until it answers PING.
     *
     * @throws IllegalStateException if {@code redis-server} is not on PATH (saying how to install it),
     *     or the server does not come up
     */
    public static ThrowawayRedis start() {
        return start(FreePorts.next(), List.of());
    }

    /**
     * Starts one on {@code port}: for a test that first points a client at a port where nothing
     * listens, then brings Redis up there.
     */
    public static ThrowawayRedis start(int port) {
        return start(port, List.of());
    }

    /** Starts one on {@code port} with {@code extraArguments} after the usual ones (the cluster's nodes). */
    static ThrowawayRedis start(int port, List<String> extraArguments) {
        Path binary = Executables.onPath("redis-server").orElseThrow(() -> new IllegalStateException(
                "redis-server is not on PATH. A private server on a free port is started for what must never be "
                        + "done to a shared one (flush, stop, count commands); install the binary with "
                        + "`apt-get install -y redis-server` (no service needs to run)."));
        ThrowawayRedis redis = new ThrowawayRedis(binary, port, extraArguments);
        try {
            redis.launch();
        } catch (RuntimeException e) {
            redis.admin.close();
            throw e;
        }
        return redis;
    }

    public String uri() {
        return "redis://" + HOST + ":" + port;
    }

    public int port() {
        return port;
    }

    /** Commands on this server over connections of their own (see {@link RedisAdmin}). */
    public RedisAdmin admin() {
        return admin;
    }

    /** {@code FLUSHALL}: every key is gone, as after a cache node lost its memory. */
    public void flushAll() {
        admin.run(RedisCommands::flushall);
    }

    /** Calls per command since the start or the last {@link #resetCommandStats()}, from {@code INFO commandstats}. */
    public Map<String, Long> commandCalls() {
        String info = admin.run(redis -> redis.info("commandstats"));
        Map<String, Long> calls = new HashMap<>();
        Matcher matcher = COMMAND_STAT.matcher(info);
        while (matcher.find()) {
            calls.put(matcher.group(1), Long.parseLong(matcher.group(2)));
        }
        return calls;
    }

    /** {@code CONFIG RESETSTAT}. */
    public void resetCommandStats() {
        admin.run(RedisCommands::configResetstat);
    }

    /** {@code SHUTDOWN NOSAVE}, then waits for the process to end. */
    public void shutDown() {
        try {
            admin.run(redis -> {
                redis.shutdown(false);
                return null;
            });
        } catch (RedisException goingAway) {
            // The server drops the connection as it exits; all we want is it down.
        }
        Processes.awaitExit(process, Duration.ofSeconds(10));
    }

    /** Starts the server again on the same port, empty (as after a crash of a cache). */
    public void restart() {
        if (running()) {
            throw new IllegalStateException("redis-server on port " + port + " is still running");
        }
        launch();
    }

    public boolean running() {
        return process != null && process.isAlive();
    }

    @Override
    public void close() {
        try {
            if (running()) {
                shutDown();
            }
        } finally {
            admin.close();
        }
    }

    private void launch() {
        List<String> command = new ArrayList<>(List.of(binary.toString(), "--port", Integer.toString(port),
                "--bind", HOST, "--save", "", "--appendonly", "no", "--daemonize", "no",
                "--dir", System.getProperty("java.io.tmpdir")));
        command.addAll(extraArguments);
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + binary, e);
        }
        Process started = process;
        try {
            await("redis-server on port " + port + " answering PING").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50))
                    .failFast("redis-server on port " + port + " exited", () -> !started.isAlive())
                    .until(admin::answersPing);
        } catch (TerminalFailureException exited) {
            throw new IllegalStateException("redis-server on port " + port + " exited with " + started.exitValue(), exited);
        } catch (ConditionTimeoutException e) {
            started.destroyForcibly();
            throw new IllegalStateException("redis-server on port " + port + " did not answer PING within 10 s", e);
        }
    }
}

package io.feedline.scale;

import static org.awaitility.Awaitility.await;

import io.feedline.testsupport.Processes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.TerminalFailureException;

/**
 * One {@code feedline serve} or {@code feedline worker} child process of the production jar, its
 * output appended to a log file of its own. {@link #kill()} is {@code kill -9}; {@link #restart()}
 * starts the same command again (a server on the same port), as an orchestrator would.
 */
final class FeedlineProcess implements AutoCloseable {
    private static final Duration READY = Duration.ofMinutes(4);

    private final String name;
    private final List<String> command;
    private final Map<String, String> environment;
    private final Path log;
    private final int port;
    private Process process;

    private FeedlineProcess(String name, List<String> command, Map<String, String> environment, Path log, int port) {
        this.name = name;
        this.command = List.copyOf(command);
        this.environment = Map.copyOf(environment);
        this.log = log;
        this.port = port;
    }

    /** Starts {@code java <jvmOptions> -jar <jar> <subcommand>} with {@code environment} added to this JVM's. */
    static FeedlineProcess start(String name, Path jar, List<String> jvmOptions, String subcommand,
            Map<String, String> environment, Path logs, int port) {
        // The test JVM runs on the toolchain's JDK (21+), which the production jar needs too.
        String java = ProcessHandle.current().info().command()
                .orElseThrow(() -> new IllegalStateException("cannot tell which java runs this test"));
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", jar.toString(), subcommand));
        FeedlineProcess started = new FeedlineProcess(name, command, environment, logs.resolve(name + ".log"), port);
        started.launch();
        return started;
    }

    String name() {
        return name;
    }

    /** The HTTP port of a server (0 for a worker). */
    int port() {
        return port;
    }

    URI base() {
        return URI.create("http://127.0.0.1:" + port);
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process != null && process.isAlive();
    }

    /** {@code kill -9}: no shutdown hook runs, in-flight requests and leased jobs are simply abandoned. */
    void kill() {
        process.destroyForcibly();
        Processes.awaitExit(process, Duration.ofSeconds(10));
    }

    /** Starts the same command again; a server waits until it answers {@code /health} once more. */
    void restart() {
        if (alive()) {
            throw new IllegalStateException(name + " is still running");
        }
        launch();
    }

    /** Waits for {@code GET /health} to answer 200 (a server), failing with the log's tail if the process dies. */
    void awaitHealthy(HttpClient http) {
        Process started = process;
        try {
            await(name + " healthy").atMost(READY).pollInterval(Duration.ofMillis(200))
                    .failFast(name + " exited", () -> !started.isAlive())
                    .until(() -> healthy(http));
        } catch (TerminalFailureException exited) {
            throw new IllegalStateException(name + " exited with " + started.exitValue() + " before it was healthy:\n" + tail(), exited);
        } catch (ConditionTimeoutException late) {
            throw new IllegalStateException(name + " was not healthy within " + READY + ":\n" + tail(), late);
        }
    }

    private boolean healthy(HttpClient http) throws InterruptedException {
        try {
            return http.send(HttpRequest.newBuilder(base().resolve("/health")).timeout(Duration.ofSeconds(2)).GET().build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException notYet) {
            // Not listening yet.
            return false;
        }
    }

    /** Waits for a command that ends by itself (init) and answers its exit status. */
    int awaitExit(Duration bound) {
        Processes.awaitExit(process, bound);
        return process.exitValue();
    }

    /** The last lines of the process's log, for failure messages. */
    String tail() {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(no log at " + log + ")";
        }
    }

    /** SIGTERM, then {@code kill -9} if it has not ended within ten seconds. */
    @Override
    public void close() {
        if (alive()) {
            process.destroy();
            Processes.awaitExit(process, Duration.ofSeconds(10));
        }
    }

    private void launch() {
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        // Only the stack's configuration: nothing from the build's own environment leaks into a process.
        builder.environment().keySet().removeIf(key -> key.startsWith("FEEDLINE_"));
        builder.environment().putAll(environment);
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + name + ": " + command, e);
        }
    }
}

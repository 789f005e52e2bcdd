package io.feedline.bench;

import io.feedline.testsupport.Executables;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** {@code redis-benchmark} (from redis-tools), the raw-engine baseline that Redis figures are set against. */
final class RedisBenchmarkTool {
    static final String NAME = "redis-benchmark";

    private RedisBenchmarkTool() {}

    static Optional<Path> find() {
        return Executables.onPath(NAME);
    }

    /**
     * Runs it with {@code arguments} and returns its output with the progress lines (which end in a
     * carriage return) on lines of their own.
     *
     * @throws IllegalStateException if it is not on PATH, fails, or runs past five minutes
     */
    static String run(List<String> arguments) {
        Path binary = find().orElseThrow(() -> new IllegalStateException(NAME + " is not on PATH"));
        List<String> command = new ArrayList<>();
        command.add(binary.toString());
        command.addAll(arguments);
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output;
            try (InputStream in = process.getInputStream()) {
                output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            if (!process.waitFor(5, TimeUnit.MINUTES) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IllegalStateException(NAME + " failed: " + output);
            }
            return output.replace('\r', '\n');
        } catch (IOException e) {
            throw new IllegalStateException("could not run " + NAME, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}

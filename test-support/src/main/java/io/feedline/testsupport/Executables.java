package io.feedline.testsupport;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Programs on PATH ({@code redis-server}, {@code redis-benchmark}), looked up the way a shell would. */
public final class Executables {
    private Executables() {}

    /** The first executable file called {@code name} in a PATH directory, if any. */
    public static Optional<Path> onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (dir.isBlank()) {
                continue;
            }
            Path candidate = Path.of(dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate.toAbsolutePath());
            }
        }
        return Optional.empty();
    }
}

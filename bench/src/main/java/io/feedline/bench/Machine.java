package io.feedline.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** What a figure was measured on, printed with every report so that no number stands alone. */
record Machine(int processors, String cpu, String memory, String java) {

    static Machine current() {
        return new Machine(Runtime.getRuntime().availableProcessors(), cpuModel().orElse("unknown CPU"),
                totalMemory().orElse("unknown memory"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
    }

    String describe() {
        return String.format(Locale.ROOT, "%d processors (%s), %s RAM, %s", processors, cpu, memory, java);
    }

    private static Optional<String> cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(line -> line.startsWith("model name"))
                    .map(line -> line.substring(line.indexOf(':') + 1).strip())
                    .findFirst();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> totalMemory() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return Optional.of(String.format(Locale.ROOT, "%.1f GiB", os.getTotalMemorySize() / (1024.0 * 1024 * 1024)));
        }
        return Optional.empty();
    }
}

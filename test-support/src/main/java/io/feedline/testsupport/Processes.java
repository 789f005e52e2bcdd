package io.feedline.testsupport;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** Child processes a test or the bench started (servers, workers) and must not leave behind. */
public final class Processes {
    private Processes() {}

    /** Waits up to {@code grace} for {@code process} to end, then kills it and waits a little more. */
    public static void awaitExit(Process process, Duration grace) {
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}

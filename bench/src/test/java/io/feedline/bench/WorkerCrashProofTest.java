package io.feedline.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fan-out worker killed with SIGKILL partway through 10,000 followers loses nobody and doubles
 * nobody: a second worker takes the job over once the dead one's lease lapses, and every follower
 * ends with the post in the feed exactly once. The workers are {@code feedline worker} in child
 * JVMs; DynamoDB Local runs in this JVM on a loopback port they share.
 */
class WorkerCrashProofTest {
    private static final int FOLLOWERS = 10_000;

    // Kept when the test fails: the workers' logs say what they did.
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path logs;

    @Test
    void killedWorkerIsResumedAndEveryFollowerGetsThePostExactlyOnce() {
        long seed = System.nanoTime();
        try (CrashProof proof = CrashProof.seed(FOLLOWERS, Duration.ofSeconds(2), logs)) {
            CrashProof.Resumed round = proof.crashAndResume(new Random(seed));

            assertThat(round.servedAtKill())
                    .as("the first worker was killed midway (seed %d)", seed)
                    .isGreaterThan(0)
                    .isLessThan(FOLLOWERS);
            PostRef post = round.post();
            int[] entries = proof.countAll(post.postId());
            List<UserId> missing = new ArrayList<>();
            List<UserId> doubled = new ArrayList<>();
            for (int i = 0; i < entries.length; i++) {
                if (entries[i] == 0) {
                    missing.add(proof.followers().get(i));
                } else if (entries[i] > 1) {
                    doubled.add(proof.followers().get(i));
                }
            }
            assertThat(missing).as("followers without the post (worker logs in %s)", logs).isEmpty();
            assertThat(doubled).as("followers with the post more than once").isEmpty();
            assertThat(proof.entriesOf(proof.author(), post.postId())).as("the author's own feed").isEqualTo(1);
            assertThat(proof.fanoutJobs().pending()).as("jobs left in the outbox").isZero();
        }
    }
}

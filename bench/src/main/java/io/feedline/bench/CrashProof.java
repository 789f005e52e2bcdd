package io.feedline.bench;

import com.github.f4b6a3.ulid.UlidCreator;
import io.feedline.adapter.dynamodb.DynamoStorage;
import io.feedline.adapter.dynamodb.EmbeddedDynamo;
import io.feedline.adapter.dynamodb.FollowEdgeImport;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.FeedItems;
import io.feedline.testsupport.Processes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The crash proof of the durable fan-out (ADR-0003): claim, a checkpoint per page, resume. One
 * author with many followers on a DynamoDB Local server (in memory, loopback, random port) shared
 * with child JVMs.
 * Each round publishes a post, runs {@code feedline worker} in a child JVM, kills it with SIGKILL once
 * some but not all followers have the post, then runs a second {@code feedline worker} until the
 * outbox is empty, and counts, follower by follower, how often the post is in the feed.
 *
 * <p>The workers are real processes of the shipped command, configured the way an operator would
 * (environment variables), with a short job lease so that the dead worker's lease lapses quickly.
 */
public final class CrashProof implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CrashProof.class);
    private static final Duration SOME_SERVED_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration COMPLETION_TIMEOUT = Duration.ofSeconds(120);

    /**
     * One round.
     *
     * @param post the post fanned out
     * @param followers how many followers it had
     * @param servedAtKill about how many followers had it when the first worker was killed (the
     *     worker walks followers in id order, so the served ones are a prefix, found by bisection)
     * @param lost followers whose feed lacks it after the second worker
     * @param duplicated extra copies found (entries beyond the first, over every feed)
     * @param elapsed wall time of the round, verification included
     */
    public record Round(PostRef post, int followers, int servedAtKill, int lost, int duplicated, Duration elapsed) {
        public String describe() {
            return String.format(Locale.ROOT, "killed after ~%,d of %,d followers; lost %d, duplicated %d (%.1f s)",
                    servedAtKill, followers, lost, duplicated, elapsed.toMillis() / 1000.0);
        }
    }

    private final EmbeddedDynamo dynamo;
    private final DynamoStorage storage;
    private final String table;
    private final UserId author;
    private final List<UserId> followers;
    private final Duration lease;
    private final Path logs;
    private final AtomicInteger launched = new AtomicInteger();

    private CrashProof(EmbeddedDynamo dynamo, DynamoStorage storage, String table, UserId author, List<UserId> followers,
            Duration lease, Path logs) {
        this.dynamo = dynamo;
        this.storage = storage;
        this.table = table;
        this.author = author;
        this.followers = followers;
        this.lease = lease;
        this.logs = logs;
    }

    /**
     * Starts DynamoDB Local, creates a fresh table and writes {@code followerCount} follow edges to one
     * author through the {@code FollowGraph} port, many at once. Worker logs go under {@code logs}.
     */
    public static CrashProof seed(int followerCount, Duration lease, Path logs) {
        if (followerCount < 200) {
            throw new IllegalArgumentException("a crash proof needs at least 200 followers (two fan-out pages)");
        }
        EmbeddedDynamo dynamo = EmbeddedDynamo.inMemory();
        String table = "crash-" + UlidCreator.getUlid().toString().toLowerCase(Locale.ROOT);
        DynamoStorage storage = DynamoStorage.open(dynamo.settings().withTableName(table));
        try {
            storage.bootstrap();
            UserId author = newUserId();
            List<UserId> followers = new ArrayList<>(followerCount);
            for (int i = 0; i < followerCount; i++) {
                followers.add(newUserId());
            }
            Instant now = Instant.now();
            long start = System.nanoTime();
            // Bulk-imported, as the fan-out load's seed is: 1,000 edges (and their follower entries) a
            // call, four calls at once, rather than one transaction per follow queued on the engine.
            FollowEdgeImport bulk = (FollowEdgeImport) storage.followGraph();
            Parallel.forEach((followerCount + 999) / 1000, 4, chunk -> bulk.importFollowers(author,
                    followers.subList(chunk * 1000, Math.min(followerCount, (chunk + 1) * 1000)), now));
            // The worker walks followers in id order: sorted, they make "served so far" a prefix.
            List<UserId> sorted = followers.stream().sorted().toList();
            LOG.info("crash proof: {} follow edges written in {} ms", followerCount, (System.nanoTime() - start) / 1_000_000);
            Files.createDirectories(logs);
            return new CrashProof(dynamo, storage, table, author, sorted, lease, logs);
        } catch (IOException e) {
            storage.close();
            dynamo.close();
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            storage.close();
            dynamo.close();
            throw e;
        }
    }

    public UserId author() {
        return author;
    }

    /** The followers, in the order the worker walks them (user id ascending). */
    public List<UserId> followers() {
        return followers;
    }

    public FeedItems feedItems() {
        return storage.feedItems();
    }

    public FanoutJobs fanoutJobs() {
        return storage.fanoutJobs();
    }

    /** Publishes a post as the author (post, count and fan-out job in one write), as {@code PublishPost} does. */
    public PostRef publish() {
        Post post = new Post(PostId.of(UlidCreator.getMonotonicUlid().toString()), author, Username.of("crash_author"),
                PostText.of("crash proof " + Instant.now()), Instant.now().truncatedTo(ChronoUnit.MILLIS), 0);
        storage.posts().publish(post, Optional.of(new FanoutJob.Deliver(post.ref())));
        return post.ref();
    }

    /** A post whose first worker was killed midway and whose second worker then emptied the outbox. */
    public record Resumed(PostRef post, int servedAtKill, Duration elapsed) {}

    /**
     * Publishes, starts a worker, kills it with SIGKILL once the follower at a random position (10% to
     * 90% of the walk) has the post, then resumes with a second worker until the outbox is empty.
     */
    public Resumed crashAndResume(Random random) {
        long start = System.nanoTime();
        PostRef post = publish();
        int killAt = (int) (followers.size() * (0.1 + 0.8 * random.nextDouble()));
        Process first = startWorker("killed");
        try {
            awaitServed(post, killAt, first);
        } finally {
            first.destroyForcibly();
            Processes.awaitExit(first, Duration.ofSeconds(15));
        }
        if (has(followers.getLast(), post.postId())) {
            throw new IllegalStateException("the first worker finished before it was killed; nothing was proven");
        }
        int servedAtKill = firstUnserved(post.postId());
        LOG.info("crash proof: worker killed after ~{} of {} followers ({} ms into the round)", servedAtKill,
                followers.size(), (System.nanoTime() - start) / 1_000_000);
        Process second = startWorker("resumed");
        try {
            awaitEmptyOutbox(second);
        } finally {
            second.destroy();
            Processes.awaitExit(second, Duration.ofSeconds(15));
        }
        LOG.info("crash proof: outbox empty {} ms into the round", (System.nanoTime() - start) / 1_000_000);
        return new Resumed(post, servedAtKill, Duration.ofNanos(System.nanoTime() - start));
    }

    /** {@link #crashAndResume}, then every follower's feed counted. */
    public Round round(Random random) {
        long start = System.nanoTime();
        Resumed resumed = crashAndResume(random);
        int[] counts = countAll(resumed.post().postId());
        int lost = 0;
        int duplicated = 0;
        for (int count : counts) {
            lost += count == 0 ? 1 : 0;
            duplicated += Math.max(0, count - 1);
        }
        return new Round(resumed.post(), followers.size(), resumed.servedAtKill(), lost, duplicated,
                Duration.ofNanos(System.nanoTime() - start));
    }

    /** How many entries of {@code post} the reader's feed holds (1 when delivered once). */
    public int entriesOf(UserId reader, PostId post) {
        int found = 0;
        Optional<PostId> before = Optional.empty();
        while (true) {
            List<PostRef> page = storage.feedItems().page(reader, before, 100);
            for (PostRef entry : page) {
                if (entry.postId().equals(post)) {
                    found++;
                }
            }
            if (page.size() < 100 || page.getLast().postId().compareTo(post) < 0) {
                return found;
            }
            before = Optional.of(page.getLast().postId());
        }
    }

    /** The entries of {@code post} in every follower's feed, in the order of {@link #followers()}. */
    public int[] countAll(PostId post) {
        int[] counts = new int[followers.size()];
        Parallel.forEach(followers.size(), i -> counts[i] = entriesOf(followers.get(i), post));
        return counts;
    }

    private boolean has(UserId reader, PostId post) {
        return entriesOf(reader, post) > 0;
    }

    private void awaitServed(PostRef post, int index, Process worker) {
        long deadline = System.nanoTime() + SOME_SERVED_TIMEOUT.toNanos();
        while (!has(followers.get(index), post.postId())) {
            if (!worker.isAlive()) {
                throw new IllegalStateException("the worker exited with " + worker.exitValue() + " before serving anyone; see " + logs);
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the worker served nobody within " + SOME_SERVED_TIMEOUT + "; see " + logs);
            }
            sleep(20);
        }
    }

    private void awaitEmptyOutbox(Process worker) {
        long deadline = System.nanoTime() + COMPLETION_TIMEOUT.toNanos();
        while (storage.fanoutJobs().pending() > 0) {
            if (!worker.isAlive()) {
                throw new IllegalStateException("the second worker exited with " + worker.exitValue() + "; see " + logs);
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the outbox did not empty within " + COMPLETION_TIMEOUT + "; see " + logs);
            }
            sleep(100);
        }
    }

    /** The index of the first follower without the post; the served ones form a prefix of the walk. */
    private int firstUnserved(PostId post) {
        int low = 0;
        int high = followers.size();
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (has(followers.get(middle), post)) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    /** {@code feedline worker} in a child JVM on this JVM's binary and class path, against the shared table. */
    private Process startWorker(String role) {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        ProcessBuilder builder = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"),
                "io.feedline.app.cli.FeedlineCli", "worker");
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(name -> name.startsWith("FEEDLINE_"));
        env.put("FEEDLINE_PROFILE", "polyglot");
        env.put("FEEDLINE_STORAGE_USERS", "dynamodb");
        env.put("FEEDLINE_STORAGE_TIMELINES", "memory");
        env.put("FEEDLINE_STORAGE_AUTO_INIT", "false");
        env.put("FEEDLINE_DYNAMODB_ENDPOINT", dynamo.endpoint().toString());
        env.put("FEEDLINE_DYNAMODB_TABLE", table);
        env.put("FEEDLINE_FANOUT_MODE", "push");
        env.put("FEEDLINE_FANOUT_JOB_LEASE", lease.toMillis() + "ms");
        env.put("FEEDLINE_FANOUT_IDLE_POLL", "100ms");
        env.put("FEEDLINE_WORKER_LOOPS", "1");
        env.put("FEEDLINE_TOKEN_SECRET", randomSecret());
        Path log = logs.resolve(String.format(Locale.ROOT, "worker-%03d-%s.log", launched.incrementAndGet(), role));
        builder.redirectErrorStream(true).redirectOutput(log.toFile());
        try {
            return builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start a worker JVM with " + java, e);
        }
    }

    // The worker signs no token, but configuration outside the embedded profile insists on a key.
    private static String randomSecret() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return HexFormat.of().formatHex(key);
    }

    private static UserId newUserId() {
        return UserId.of(UlidCreator.getMonotonicUlid().toString());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    @Override
    public void close() {
        try {
            storage.close();
        } finally {
            dynamo.close();
        }
    }
}

package io.feedline.testsupport;

import static org.awaitility.Awaitility.await;

import io.lettuce.core.MigrateArgs;
import io.lettuce.core.api.sync.RedisCommands;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private Redis Cluster of {@code masters} nodes on free loopback ports (no replicas, nothing kept
 * on disk but each node's cluster file in a temporary directory), created with {@code redis-cli
 * --cluster create} and torn down on {@link #close()}: for proving that every key Feedline writes
 * is cluster-safe, and that reads keep answering while a slot moves between masters. Needs the
 * {@code redis-server} and {@code redis-cli} binaries on PATH, nothing else.
 */
public final class ThrowawayRedisCluster implements AutoCloseable {
    private static final String HOST = "127.0.0.1";
    private static final int SLOTS = 16_384;

    private static ThrowawayRedisCluster shared;

    private final Path directory;
    private final List<ThrowawayRedis> nodes;

    private ThrowawayRedisCluster(Path directory, List<ThrowawayRedis> nodes) {
        this.directory = directory;
        this.nodes = nodes;
    }

    /**
     * Starts {@code masters} nodes (at least 3, as Redis Cluster needs), joins them into one cluster
     * with the slots spread evenly, and waits until every node says {@code cluster_state:ok}.
     */
    public static ThrowawayRedisCluster start(int masters) {
        if (masters < 3) {
            throw new IllegalArgumentException("a Redis Cluster needs at least 3 masters, got " + masters);
        }
        Path cli = Executables.onPath("redis-cli").orElseThrow(() -> new IllegalStateException(
                "redis-cli is not on PATH; install it with `apt-get install -y redis-tools` (it comes with redis-server)."));
        Path directory;
        try {
            directory = Files.createTempDirectory("feedline-redis-cluster");
        } catch (IOException e) {
            throw new UncheckedIOException("could not create a directory for the cluster's node files", e);
        }
        List<ThrowawayRedis> nodes = new ArrayList<>();
        ThrowawayRedisCluster cluster = new ThrowawayRedisCluster(directory, nodes);
        try {
            for (int i = 0; i < masters; i++) {
                int port = FreePorts.next();
                nodes.add(ThrowawayRedis.start(port, List.of(
                        "--cluster-enabled", "yes",
                        "--cluster-config-file", directory.resolve("nodes-" + port + ".conf").toString(),
                        "--cluster-node-timeout", "2000")));
            }
            List<String> create = new ArrayList<>(List.of(cli.toString(), "--cluster", "create"));
            nodes.forEach(node -> create.add(HOST + ":" + node.port()));
            create.addAll(List.of("--cluster-replicas", "0", "--cluster-yes"));
            run(create);
            cluster.awaitHealthy();
            return cluster;
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    /**
     * One 3-master cluster for the whole JVM, started on first use and stopped when the JVM exits:
     * starting one costs seconds, so the test classes that only read and write keys share it (each
     * under key prefixes of its own). Tests that move slots or stop nodes start their own.
     */
    public static synchronized ThrowawayRedisCluster shared() {
        if (shared == null) {
            shared = start(3);
            ThrowawayRedisCluster started = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "redis-cluster-stop"));
        }
        return shared;
    }

    /** {@code redis-cluster://host:port,host:port,...}: the seeds as Feedline's {@code redis.uri} takes them. */
    public String uri() {
        return "redis-cluster://" + String.join(",", nodes.stream().map(node -> HOST + ":" + node.port()).toList());
    }

    /** One {@code redis://host:port} per master: the seed list a cluster client is given. */
    public List<String> seeds() {
        return nodes.stream().map(ThrowawayRedis::uri).toList();
    }

    /** The masters, each with its own admin connection (commands on that node only). */
    public List<ThrowawayRedis> nodes() {
        return List.copyOf(nodes);
    }

    /** {@code FLUSHALL} on every master. */
    public void flushAll() {
        nodes.forEach(ThrowawayRedis::flushAll);
    }

    /** The node that serves {@code key}'s slot now. */
    public ThrowawayRedis ownerOf(String key) {
        int slot = nodes.getFirst().admin().run(redis -> redis.clusterKeyslot(key)).intValue();
        return nodes.stream()
                .filter(node -> owns(node, slot))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no master owns slot " + slot));
    }

    /**
     * Moves {@code key}'s slot, with its keys, to another master, as {@code redis-cli --cluster
     * reshard} does: importing on the target, migrating on the source, {@code MIGRATE} of the keys
     * in batches, then the new owner announced to every node. Clients following {@code ASK} and
     * {@code MOVED} redirections keep working throughout. Returns the new owner.
     */
    public ThrowawayRedis moveSlotOf(String key) {
        ThrowawayRedis source = ownerOf(key);
        ThrowawayRedis target = nodes.get((nodes.indexOf(source) + 1) % nodes.size());
        int slot = source.admin().run(redis -> redis.clusterKeyslot(key)).intValue();
        String sourceId = source.admin().run(RedisCommands::clusterMyId);
        String targetId = target.admin().run(RedisCommands::clusterMyId);
        target.admin().run(redis -> redis.clusterSetSlotImporting(slot, sourceId));
        source.admin().run(redis -> redis.clusterSetSlotMigrating(slot, targetId));
        while (true) {
            List<String> keys = source.admin().run(redis -> redis.clusterGetKeysInSlot(slot, 100));
            if (keys.isEmpty()) {
                break;
            }
            source.admin().run(redis -> redis.migrate(HOST, target.port(), 0, 5_000,
                    MigrateArgs.Builder.keys(keys.toArray(String[]::new))));
        }
        for (ThrowawayRedis node : List.of(target, source)) {
            node.admin().run(redis -> redis.clusterSetSlotNode(slot, targetId));
        }
        for (ThrowawayRedis node : nodes) {
            if (node != target && node != source) {
                node.admin().run(redis -> redis.clusterSetSlotNode(slot, targetId));
            }
        }
        return target;
    }

    /** Whether {@code key} exists, asked of the master that serves its slot. */
    public boolean exists(String key) {
        return ownerOf(key).admin().exists(key);
    }

    /** {@code SHUTDOWN NOSAVE} on every master: the whole cluster is gone, as in a cache outage. */
    public void shutDown() {
        nodes.forEach(ThrowawayRedis::shutDown);
    }

    /**
     * Starts every master again, empty, on its port: each keeps its node file, so the cluster comes
     * back with the same nodes and slots. Waits until every node says {@code cluster_state:ok}.
     */
    public void restart() {
        nodes.forEach(ThrowawayRedis::restart);
        awaitHealthy();
    }

    @Override
    public void close() {
        RuntimeException failure = null;
        for (ThrowawayRedis node : nodes) {
            try {
                node.close();
            } catch (RuntimeException e) {
                failure = failure == null ? e : failure;
            }
        }
        deleteDirectory();
        if (failure != null) {
            throw failure;
        }
    }

    private static boolean owns(ThrowawayRedis node, int slot) {
        // CLUSTER SLOTS rows: [start, end, [host, port, id], ...]; the first address is the master.
        for (Object row : node.admin().run(RedisCommands::clusterSlots)) {
            List<?> range = (List<?>) row;
            long start = (Long) range.get(0);
            long end = (Long) range.get(1);
            List<?> master = (List<?>) range.get(2);
            if (slot >= start && slot <= end) {
                return ((Long) master.get(1)).intValue() == node.port();
            }
        }
        return false;
    }

    private void awaitHealthy() {
        await("the Redis Cluster on ports " + seeds() + " reaching cluster_state:ok").atMost(Duration.ofSeconds(30))
                .until(() -> nodes.stream().allMatch(this::healthy));
    }

    private boolean healthy(ThrowawayRedis node) {
        String info = node.admin().run(RedisCommands::clusterInfo);
        return info.contains("cluster_state:ok") && info.contains("cluster_slots_ok:" + SLOTS);
    }

    private static void run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes());
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed:\n" + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not run " + command.getFirst(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating the Redis Cluster", e);
        }
    }

    private void deleteDirectory() {
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete " + directory, e);
        }
    }
}

package io.feedline.bench;

import io.feedline.adapter.dynamodb.FollowEdgeImport;
import io.feedline.app.bootstrap.FeedlineConfig;
import io.feedline.domain.DomainPorts;
import io.feedline.domain.FeedlineCore;
import io.feedline.domain.fanout.FanoutWorker;
import io.feedline.domain.settings.FeedSettings;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code feedline bench}: the home feed under push, pull and hybrid on one power-law graph. The
 * graph and a few posts per user of history are written through the ports; then, for each mode,
 * a core in that mode publishes ordinary and celebrity posts while its fan-out workers run
 * (writes per post, fan-out lag), and then serves home-feed reads to random readers and to the
 * reader who follows 500 accounts (latency, backend calls and capacity per read). Every mode's pages
 * are checked against a pull-mode core over the same storage, so no mode is fast by being wrong.
 *
 * <p>Modes run in the order push, hybrid, pull on one store: each leaves every feed complete for
 * the next (pull writes no feed entries, so it goes last).
 */
final class FeedBenchmark {
    private static final Logger LOG = LoggerFactory.getLogger(FeedBenchmark.class);
    private static final int PAGE = PageRequest.DEFAULT_LIMIT;
    private static final Duration PHASE_TIMEOUT = Duration.ofMinutes(10);
    /** Followers written per bulk import call of the seed. */
    private static final int IMPORT_SLICE = 1_000;

    record Options(
            FeedlineConfig.Profile profile,
            BenchLayout.Engines engines,
            int users,
            int meanFollows,
            double exponent,
            long seed,
            int heavyFollows,
            int celebrities,
            OptionalLong celebrityThreshold,
            int history,
            int posts,
            int celebrityPosts,
            Duration publishInterval,
            int workers,
            int warmupReads,
            int reads,
            int heavyReads,
            int oracleSamples,
            List<FanoutMode> modes) {}

    /** Requests and units of one phase, per operation. */
    record Cost(int operations, BackendCalls.Snapshot calls) {
        double perOp(double total) {
            return operations == 0 ? Double.NaN : total / operations;
        }

        double writes() {
            return perOp(calls.dynamoWrites() + calls.cacheCalls());
        }

        double dynamoWrites() {
            return perOp(calls.dynamoWrites());
        }

        double cacheWrites() {
            return perOp(calls.cacheCalls());
        }

        double wcu() {
            return perOp(calls.writeUnits());
        }

        double rcu() {
            return perOp(calls.readUnits());
        }

        double backendCalls() {
            return perOp(calls.calls());
        }
    }

    record Reads(Samples latency, Cost cost, double itemsPerPage) {}

    record ModeResult(FanoutMode mode, Cost ordinary, Samples ordinaryLag, Cost celebrity, Samples celebrityLag,
            Reads all, Reads heavy, int oracleChecked, int oracleEqual, long heapBytes) {}

    /** What the run measured, with the setting it measured it in. */
    record Result(Options options, Machine machine, String layout, FollowerGraph graph, long threshold,
            int celebrityCount, int heavyFollowsCelebrities, long historyPosts, long historyEntries,
            List<ModeResult> modes) {}

    private final Options options;
    private final BackendCalls calls = new BackendCalls();

    private FeedBenchmark(Options options) {
        this.options = options;
    }

    static Result run(Options options) {
        return new FeedBenchmark(options).run();
    }

    private Result run() {
        Machine machine = Machine.current();
        FollowerGraph graph = FollowerGraph.generate(options.users(), options.meanFollows(), options.exponent(),
                options.seed(), options.heavyFollows());
        int[] top = graph.mostFollowed(Math.max(1, options.celebrities()));
        long threshold = options.celebrityThreshold().orElse(graph.followers()[top[top.length - 1]]);
        Set<Integer> celebrities = new LinkedHashSet<>();
        for (int user : graph.mostFollowed(graph.users())) {
            if (graph.followers()[user] >= threshold) {
                celebrities.add(user);
            }
        }
        int heavyCelebrities = (int) Arrays.stream(graph.following()[graph.heavyReader()]).filter(celebrities::contains).count();
        LOG.info("bench: {} users, {} follow edges, threshold {} makes {} celebrities", graph.users(), graph.edges(),
                threshold, celebrities.size());

        try (BenchLayout layout = BenchLayout.open(options.profile(), options.engines(), calls)) {
            LOG.info("bench: {}", layout.describe());
            UserId[] ids = new UserId[graph.users() + 1];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = layout.raw.ids().newUserId();
            }
            try {
                Plan plan = Plan.make(graph, celebrities, options);
                long[] history = seed(layout, graph, ids, celebrities, plan);
                List<ModeResult> results = new ArrayList<>();
                FeedSettings base = layout.config.feed().withCelebrityThreshold(threshold);
                try (FeedlineCore oracle = FeedlineCore.create(layout.raw, base.withMode(FanoutMode.PULL))) {
                    for (FanoutMode mode : runOrder(options.modes())) {
                        results.add(runMode(layout, base.withMode(mode), graph, ids, celebrities, plan, oracle));
                    }
                }
                return new Result(options, machine, layout.describe(), graph, threshold, celebrities.size(),
                        heavyCelebrities, history[0], history[1], results);
            } finally {
                layout.cleanUp(Arrays.asList(ids));
            }
        }
    }

    /** Push and hybrid fill feeds; pull reads them from posts, so it runs last. */
    private static List<FanoutMode> runOrder(List<FanoutMode> modes) {
        return List.of(FanoutMode.PUSH, FanoutMode.HYBRID, FanoutMode.PULL).stream().filter(modes::contains).toList();
    }

    /** Who publishes what in each mode, fixed by the seed so every mode does the same work. */
    record Plan(List<Integer> ordinaryAuthors, List<Integer> celebrityAuthors, List<Integer> readers, List<Integer> sampled) {
        static Plan make(FollowerGraph graph, Set<Integer> celebrities, Options options) {
            SplittableRandom random = new SplittableRandom(options.seed() ^ 0x5DEECE66DL);
            List<Integer> ordinary = IntStream.range(0, graph.users()).boxed().filter(u -> !celebrities.contains(u)).toList();
            List<Integer> famous = List.copyOf(celebrities);
            List<Integer> authors = new ArrayList<>();
            for (int i = 0; i < options.posts(); i++) {
                authors.add(ordinary.get(random.nextInt(ordinary.size())));
            }
            List<Integer> celebrityAuthors = new ArrayList<>();
            for (int i = 0; i < options.celebrityPosts() && !famous.isEmpty(); i++) {
                celebrityAuthors.add(famous.get(i % famous.size()));
            }
            List<Integer> readers = new ArrayList<>();
            for (int i = 0; i < options.warmupReads() + options.reads(); i++) {
                readers.add(random.nextInt(graph.users()));
            }
            List<Integer> sampled = new ArrayList<>();
            for (int i = 0; i < options.oracleSamples(); i++) {
                sampled.add(random.nextInt(graph.users()));
            }
            sampled.add(graph.heavyReader());
            return new Plan(authors, celebrityAuthors, readers, sampled);
        }

        Set<Integer> publishers() {
            Set<Integer> all = new HashSet<>(ordinaryAuthors);
            all.addAll(celebrityAuthors);
            return all;
        }
    }

    /**
     * Writes, through the ports and many at once: accounts for the authors who publish, every follow
     * edge, the celebrity marks (what the policy does as a count crosses the threshold) and
     * {@code history} posts per user delivered to every follower's feed and window, as a push
     * fan-out would have left them. Returns {posts, feed entries}.
     */
    private long[] seed(BenchLayout layout, FollowerGraph graph, UserId[] ids, Set<Integer> celebrities, Plan plan) {
        DomainPorts ports = layout.raw;
        long start = System.nanoTime();
        PasswordHash hash = ports.hasher().hash(new Password("bench-" + layout.tag));
        List<Integer> publishers = List.copyOf(plan.publishers());
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Parallel.forEach(publishers.size(), i -> {
            int user = publishers.get(i);
            ports.users().create(new UserAccount(ids[user], username(layout, user), Email.of(username(layout, user).value() + "@bench.example"),
                    DisplayName.of("Bench " + user), Bio.EMPTY, now), hash);
        });
        if (ports.graph() instanceof FollowEdgeImport bulk) {
            // BatchWriteItem, a followee's followers at a time: one follow transaction per edge takes
            // more than 15 minutes at 100,000 users (800,000 edges). The followers' own "following"
            // counts are left out; no feed read uses them.
            List<List<Integer>> followersOf = graph.followerLists();
            Parallel.forEach(followersOf.size(), 4, followee -> {
                List<Integer> all = followersOf.get(followee);
                for (int from = 0; from < all.size(); from += IMPORT_SLICE) {
                    bulk.importFollowers(ids[followee], all.subList(from, Math.min(all.size(), from + IMPORT_SLICE)).stream()
                            .map(follower -> ids[follower]).toList(), now);
                }
            });
        } else {
            int[][] edges = edges(graph);
            Parallel.forEach(edges.length, i -> ports.graph().follow(ids[edges[i][0]], ids[edges[i][1]], now));
        }
        LOG.info("bench: {} accounts and {} follow edges written in {} s", publishers.size(), graph.edges(),
                (System.nanoTime() - start) / 1_000_000_000);
        for (int celebrity : celebrities) {
            ports.celebrities().mark(ids[celebrity]);
        }

        start = System.nanoTime();
        List<Post> posts = new ArrayList<>();
        for (int round = 0; round < options.history(); round++) {
            for (int user = 0; user < graph.users(); user++) {
                posts.add(new Post(ports.ids().newPostId(), ids[user], username(layout, user),
                        PostText.of("history " + round + " of " + user), Instant.now().truncatedTo(ChronoUnit.MILLIS), 0));
            }
        }
        Parallel.forEach(posts.size(), i -> ports.posts().publish(posts.get(i), Optional.empty()));
        List<List<Integer>> followers = graph.followerLists();
        List<Delivery> deliveries = new ArrayList<>();
        for (Post post : posts) {
            int author = indexOf(ids, post.authorId(), graph.users());
            deliveries.add(new Delivery(post.authorId(), post.ref()));
            for (int follower : followers.get(author)) {
                deliveries.add(new Delivery(ids[follower], post.ref()));
            }
        }
        int chunk = 1_000;
        int chunks = (deliveries.size() + chunk - 1) / chunk;
        Parallel.forEach(chunks, 4, i -> ports.feedItems().append(
                deliveries.subList(i * chunk, Math.min(deliveries.size(), (i + 1) * chunk))));
        // Every user's whole window, as their reads of the feed since would have left it: adds alone
        // would leave parts, which no read trusts until it has rebuilt them.
        Map<UserId, List<PostRef>> windows = new HashMap<>();
        for (Delivery delivery : deliveries) {
            windows.computeIfAbsent(delivery.reader(), reader -> new ArrayList<>()).add(delivery.entry());
        }
        Parallel.forEach(graph.users(), 4, user -> ports.timelines().replace(ids[user], windows.getOrDefault(ids[user], List.of())));
        LOG.info("bench: {} history posts and {} feed entries written in {} s", posts.size(), deliveries.size(),
                (System.nanoTime() - start) / 1_000_000_000);
        return new long[] {posts.size(), deliveries.size()};
    }

    // Ids were made in index order by a monotonic generator, so a binary search finds the index.
    private static int indexOf(UserId[] ids, UserId id, int users) {
        int index = Arrays.binarySearch(ids, 0, users, id);
        if (index < 0) {
            throw new IllegalStateException("unknown bench user " + id);
        }
        return index;
    }

    private static int[][] edges(FollowerGraph graph) {
        List<int[]> edges = new ArrayList<>();
        for (int follower = 0; follower < graph.following().length; follower++) {
            for (int followee : graph.following()[follower]) {
                edges.add(new int[] {follower, followee});
            }
        }
        return edges.toArray(int[][]::new);
    }

    private static Username username(BenchLayout layout, int user) {
        return Username.of("b" + layout.tag.substring(18) + "_" + user);
    }

    private ModeResult runMode(BenchLayout layout, FeedSettings settings, FollowerGraph graph, UserId[] ids,
            Set<Integer> celebrities, Plan plan, FeedlineCore oracle) {
        FanoutMode mode = settings.mode();
        LOG.info("bench: {} mode", mode.name().toLowerCase(Locale.ROOT));
        AtomicReference<Samples> lags = new AtomicReference<>(new Samples());
        LongAdder delivered = new LongAdder();
        try (FeedlineCore core = FeedlineCore.create(layout.counted, settings)) {
            core.onFanoutDelivered(lag -> {
                lags.get().add(lag.toNanos());
                delivered.increment();
            });
            Samples ordinaryLag = new Samples();
            Samples celebrityLag = new Samples();
            Cost ordinary;
            Cost celebrity;
            try (Workers workers = Workers.start(core, options.workers(), mode)) {
                lags.set(ordinaryLag);
                ordinary = publish(core, layout, plan.ordinaryAuthors(), ids, mode == FanoutMode.PULL ? 0 : plan.ordinaryAuthors().size(), delivered);
                lags.set(celebrityLag);
                celebrity = publish(core, layout, plan.celebrityAuthors(), ids,
                        mode == FanoutMode.PUSH ? plan.celebrityAuthors().size() : 0, delivered);
            }
            List<UserId> readers = plan.readers().stream().map(i -> ids[i]).toList();
            Reads all = read(core, readers.subList(0, options.warmupReads()), readers.subList(options.warmupReads(), readers.size()));
            UserId heavy = ids[graph.heavyReader()];
            Reads heavyReads = read(core, Collections.nCopies(Math.min(20, options.heavyReads()), heavy),
                    Collections.nCopies(options.heavyReads(), heavy));
            int equal = 0;
            for (int reader : plan.sampled()) {
                UserId id = ids[reader];
                List<PostId> served = core.useCases().readHomeFeed().read(id, id, PageRequest.first(PAGE)).items().stream()
                        .map(Post::id).toList();
                List<PostId> truth = oracle.useCases().readHomeFeed().read(id, id, PageRequest.first(PAGE)).items().stream()
                        .map(Post::id).toList();
                if (served.equals(truth)) {
                    equal++;
                } else {
                    // What differs is printed, so that a mismatch can be studied from the run's log.
                    LOG.warn("bench: {} mode: the first page of {} differs from the pull oracle's: served {}, oracle {}",
                            mode, id.value(), served, truth);
                    logWhereMissing(layout, id, served, truth);
                }
            }
            System.gc();
            long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            return new ModeResult(mode, ordinary, ordinaryLag, celebrity, celebrityLag, all, heavyReads,
                    plan.sampled().size(), equal, heap);
        }
    }

    /**
     * For each post of the oracle's page that the served page lacks: whether the reader's durable
     * feed and hot window hold it, which says where it was lost.
     */
    private static void logWhereMissing(BenchLayout layout, UserId reader, List<PostId> served, List<PostId> truth) {
        Set<PostId> durable = new HashSet<>();
        layout.raw.feedItems().page(reader, Optional.empty(), 2 * PAGE).forEach(ref -> durable.add(ref.postId()));
        Optional<List<PostRef>> window = layout.raw.timelines().range(reader, Optional.empty(), 2 * PAGE);
        for (PostId missing : truth) {
            if (!served.contains(missing)) {
                LOG.warn("bench: post {} is missing from the page of {}: in the durable feed {}, in the hot window {}",
                        missing.value(), reader.value(), durable.contains(missing), window
                                .map(entries -> entries.stream().anyMatch(ref -> ref.postId().equals(missing)) + " (of "
                                        + entries.size() + " entries read)")
                                .orElse("(no window)"));
            }
        }
    }

    /** Publishes one post per author, paced, then waits until every expected fan-out is done. */
    private Cost publish(FeedlineCore core, BenchLayout layout, List<Integer> authors, UserId[] ids, int expectedJobs,
            LongAdder delivered) {
        long deliveredBefore = delivered.sum();
        BackendCalls.Snapshot before = calls.snapshot();
        PublishPost publish = core.useCases().publishPost();
        int n = 0;
        for (int author : authors) {
            publish.publish(new PublishPost.Command(ids[author], PostText.of("bench post " + ++n), Optional.empty()));
            pause(options.publishInterval());
        }
        long deadline = System.nanoTime() + PHASE_TIMEOUT.toNanos();
        while (delivered.sum() - deliveredBefore < expectedJobs || layout.raw.jobs().pending() > 0) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("fan-out did not finish within " + PHASE_TIMEOUT);
            }
            pause(Duration.ofMillis(20));
        }
        return new Cost(authors.size(), calls.snapshot().since(before));
    }

    /** Home-feed first pages, one after another: latency is per read, not under self-made queueing. */
    private Reads read(FeedlineCore core, List<UserId> warmup, List<UserId> readers) {
        for (UserId reader : warmup) {
            core.useCases().readHomeFeed().read(reader, reader, PageRequest.first(PAGE));
        }
        Samples latency = new Samples();
        long items = 0;
        BackendCalls.Snapshot before = calls.snapshot();
        for (UserId reader : readers) {
            long start = System.nanoTime();
            items += core.useCases().readHomeFeed().read(reader, reader, PageRequest.first(PAGE)).items().size();
            latency.add(System.nanoTime() - start);
        }
        Cost cost = new Cost(readers.size(), calls.snapshot().since(before));
        return new Reads(latency, cost, readers.isEmpty() ? 0 : (double) items / readers.size());
    }

    /** The mode's fan-out workers, as {@code feedline worker} runs them, on threads of their own. */
    private static final class Workers implements AutoCloseable {
        private final AtomicBoolean stop = new AtomicBoolean();
        private final List<FanoutWorker> workers = new ArrayList<>();
        private final List<Thread> threads = new ArrayList<>();

        static Workers start(FeedlineCore core, int count, FanoutMode mode) {
            Workers started = new Workers();
            for (int i = 0; i < count; i++) {
                FanoutWorker worker = core.worker("bench-" + mode.name().toLowerCase(Locale.ROOT) + "-" + i);
                started.workers.add(worker);
                started.threads.add(Thread.ofPlatform().name(worker.id()).start(() -> worker.runUntil(started.stop::get)));
            }
            return started;
        }

        @Override
        public void close() {
            stop.set(true);
            workers.forEach(FanoutWorker::wake);
            for (Thread thread : threads) {
                try {
                    thread.join(Duration.ofSeconds(30));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static void pause(Duration duration) {
        if (duration.isZero()) {
            return;
        }
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}

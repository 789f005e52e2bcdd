package io.feedline.bench;

import io.feedline.adapter.dynamodb.FollowEdgeImport;
import io.feedline.app.bootstrap.FeedlineConfig;
import io.feedline.domain.DomainPorts;
import io.feedline.domain.FeedlineCore;
import io.feedline.domain.fanout.FanoutWorker;
import io.feedline.domain.settings.FeedSettings;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.FeedItems;
import io.feedline.ports.out.Notifications;
import io.feedline.ports.out.TimelineCache;
import io.feedline.testsupport.Executables;
import io.feedline.testsupport.RedisAdmin;
import io.feedline.testsupport.ThrowawayRedis;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fan-out at engine speed: a burst of posts by many authors with ordinary audiences, published as
 * fast as the publish use case takes them, and single posts to a large audience, each measured
 * beside the raw engines in the same run (a sequential BatchWriteItem loop into the same DynamoDB,
 * and on a private redis-server {@code redis-benchmark -P 16 -t zadd}, the issue's baseline, beside the same tool's
 * bare insert: a new member into one of the big audience's count of sorted sets, with no cap and no expiry, the
 * engine's own rate for the work a window insert starts with). The workers are the ones
 * {@code feedline serve} runs in-process ({@code worker.in-process}, {@code worker.batch},
 * {@code worker.concurrency}), in push mode so that the large audience is fanned out too.
 */
final class FanoutLoadBenchmark {
    private static final Logger LOG = LoggerFactory.getLogger(FanoutLoadBenchmark.class);
    private static final Duration PHASE_TIMEOUT = Duration.ofMinutes(15);
    private static final int PUBLISHERS = 16;
    private static final Pattern REQUESTS_PER_SECOND = Pattern.compile("([0-9.]+) requests per second");

    record Options(FeedlineConfig.Profile profile, BenchLayout.Engines engines, int runs, int authors, int followers,
            int readerPool, int bigFollowers, int bigPosts, int workers, int rawItems, int zaddRequests, long seed) {}

    /**
     * The burst: lag from publication to the end of each post's fan-out, and the rates. Each post
     * mentions the next author, so the burst also measures how long a mention notification takes to
     * be recorded after its post (the publish time stored in the event to the worker's write). The
     * window lag is from each publish call to the last of its author's and followers' hot windows
     * having the post: when every follower's feed read shows it.
     */
    record Burst(int posts, long entries, double publishSeconds, double lagP50, double lagP99, double drainedAfterLastMs,
            double entriesPerSecond, int mentions, double mentionLagP50, double mentionLagP99, double windowLagP50,
            double windowLagP99, long windowsFailed, Map<String, Long> dynamoRequests, Map<String, Long> dynamoNanos) {

        /** The DynamoDB requests the burst made (publishes, claims and polls included), per post. */
        double dynamoRequestsPerPost() {
            return dynamoRequests.values().stream().mapToLong(Long::longValue).sum() / (double) posts;
        }
    }

    /** Single posts to a large audience: time until every window and every durable feed has each. */
    record Big(int posts, int followers, double windowP50, double windowP99, double durableP50, double durableP99,
            boolean windowsSeparate) {}

    /**
     * A rate, and what each operation cost the Redis server's own process: its CPU time ({@code INFO
     * cpu}, system and user) over the operations, in microseconds; NaN where the operations did not go
     * to a Redis server of their own (embedded windows, a cluster).
     */
    record EngineRate(double perSecond, double redisCpuMicros) {
        static final EngineRate NONE = new EngineRate(Double.NaN, Double.NaN);

        /** The most operations per second Redis could serve at this cost per operation, one core flat out. */
        double redisBound() {
            return 1e6 / redisCpuMicros;
        }
    }

    /**
     * One run: the two loads and the raw baselines taken in it. The window inserts' {@code redisCpuMicros}
     * bounds them whatever the client: Redis runs commands on one thread, so at that cost per insert
     * no client, however cheap, could send more than {@link EngineRate#redisBound()} a second.
     */
    record Run(Burst burst, Big big, double rawItemsPerSecond, EngineRate windowInserts, EngineRate zadd,
            EngineRate bareInserts) {

        double windowInsertsPerSecond() {
            return windowInserts.perSecond();
        }

        double zaddPerSecond() {
            return zadd.perSecond();
        }

        double bareInsertsPerSecond() {
            return bareInserts.perSecond();
        }

        /** The most the window inserts could be against -t zadd with a client that cost nothing. */
        double windowInsertsBoundRatio() {
            return windowInserts.redisBound() / zadd.perSecond();
        }
    }

    record Result(String layout, int workers, FeedSettings settings, List<Run> runs) {}

    private final Options options;
    private final BackendCalls calls = new BackendCalls();

    private FanoutLoadBenchmark(Options options) {
        this.options = options;
    }

    static Result run(Options options) {
        return new FanoutLoadBenchmark(options).run();
    }

    private Result run() {
        try (BenchLayout layout = BenchLayout.open(options.profile(), options.engines(), calls)) {
            FeedSettings settings = layout.config.feed().withMode(FanoutMode.PUSH);
            int workers = options.workers() > 0 ? options.workers() : Math.max(1, layout.config.inProcessWorkers());
            LOG.info("fanout-load: {}; {} workers, batch {}, concurrency {}", layout.describe(), workers,
                    settings.jobsPerClaim(), settings.workerConcurrency());
            Graph graph = seed(layout);
            List<Run> runs = new ArrayList<>();
            try {
                for (int run = 1; run <= options.runs(); run++) {
                    Run result = runOnce(layout, settings, workers, graph, run);
                    LOG.info("fanout-load run {}: {}", run, result);
                    runs.add(result);
                }
            } finally {
                Set<UserId> readers = new HashSet<>(graph.pool());
                readers.addAll(graph.bigAudience());
                readers.addAll(graph.authors());
                readers.add(graph.bigAuthor());
                layout.cleanUp(readers);
            }
            return new Result(layout.describe(), workers, settings, runs);
        }
    }

    private record Graph(List<UserId> authors, List<UserId> pool, UserId bigAuthor, List<UserId> bigAudience, Username[] names) {}

    private Graph seed(BenchLayout layout) {
        DomainPorts ports = layout.raw;
        long start = System.nanoTime();
        List<UserId> authors = new ArrayList<>();
        for (int i = 0; i < options.authors(); i++) {
            authors.add(ports.ids().newUserId());
        }
        UserId bigAuthor = ports.ids().newUserId();
        List<UserId> pool = new ArrayList<>();
        for (int i = 0; i < options.readerPool(); i++) {
            pool.add(ports.ids().newUserId());
        }
        List<UserId> bigAudience = new ArrayList<>();
        for (int i = 0; i < options.bigFollowers(); i++) {
            bigAudience.add(ports.ids().newUserId());
        }
        Username[] names = new Username[authors.size() + 1];
        PasswordHash hash = ports.hasher().hash(new Password("bench-" + layout.tag));
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Parallel.forEach(names.length, i -> {
            UserId id = i < authors.size() ? authors.get(i) : bigAuthor;
            names[i] = Username.of("f" + layout.tag.substring(18) + "_" + i);
            ports.users().create(new UserAccount(id, names[i], Email.of(names[i].value() + "@bench.example"),
                    DisplayName.of("Bench " + i), Bio.EMPTY, now), hash);
        });
        SplittableRandom random = new SplittableRandom(options.seed());
        int[][] edges = new int[authors.size() * options.followers()][];
        for (int a = 0; a < authors.size(); a++) {
            Set<Integer> chosen = new HashSet<>();
            while (chosen.size() < options.followers()) {
                chosen.add(random.nextInt(pool.size()));
            }
            int k = 0;
            for (int reader : chosen) {
                edges[a * options.followers() + k++] = new int[] {reader, a};
            }
        }
        if (ports.graph() instanceof FollowEdgeImport bulk) {
            // 110,000 edges one transaction each would take longer than the runs themselves.
            Parallel.forEach(authors.size(), 4, a -> bulk.importFollowers(authors.get(a),
                    java.util.stream.IntStream.range(0, options.followers())
                            .mapToObj(k -> pool.get(edges[a * options.followers() + k][0])).toList(), now));
            for (int from = 0; from < bigAudience.size(); from += 1000) {
                bulk.importFollowers(bigAuthor, bigAudience.subList(from, Math.min(bigAudience.size(), from + 1000)), now);
            }
        } else {
            Parallel.forEach(edges.length, i -> ports.graph().follow(pool.get(edges[i][0]), authors.get(edges[i][1]), now));
            Parallel.forEach(bigAudience.size(), i -> ports.graph().follow(bigAudience.get(i), bigAuthor, now));
        }
        LOG.info("fanout-load: {} accounts and {} follow edges written in {} s", names.length,
                edges.length + bigAudience.size(), (System.nanoTime() - start) / 1_000_000_000);
        // Every reader has read their feed once, which leaves a whole (empty) window for the fan-outs
        // to fill; a reader who never read would get a part, which no read trusts until rebuilt.
        List<UserId> readers = new ArrayList<>(pool);
        readers.addAll(bigAudience);
        Parallel.forEach(readers.size(), 4, i -> ports.timelines().replace(readers.get(i), List.of()));
        return new Graph(authors, pool, bigAuthor, bigAudience, names);
    }

    private Run runOnce(BenchLayout layout, FeedSettings settings, int workerCount, Graph graph, int run) {
        double raw = rawBatchWriteRate(layout);
        Progress progress = new Progress();
        DomainPorts raw0 = layout.raw;
        DomainPorts tracked = raw0.toBuilder()
                .feedItems(progress.feedItems(raw0.feedItems()))
                .timelines(progress.timelines(raw0.timelines()))
                .notifications(progress.notifications(raw0.notifications()))
                .build();
        Burst burst;
        Big big;
        try (FeedlineCore core = FeedlineCore.create(tracked, settings)) {
            LongAdder delivered = new LongAdder();
            Samples lags = new Samples();
            core.onFanoutDelivered(lag -> {
                lags.add(lag.toNanos());
                delivered.increment();
            });
            List<FanoutWorker> workers = new ArrayList<>();
            List<Thread> threads = new ArrayList<>();
            AtomicBoolean stop = new AtomicBoolean();
            for (int i = 0; i < workerCount; i++) {
                FanoutWorker worker = core.worker("fanout-load-" + run + "-" + i);
                workers.add(worker);
                threads.add(Thread.ofPlatform().name(worker.id()).start(() -> worker.runUntil(stop::get)));
            }
            try {
                burst = burst(core, layout, graph, delivered, lags, progress);
                big = big(core, layout, graph, progress);
            } finally {
                stop.set(true);
                workers.forEach(FanoutWorker::wake);
                for (Thread thread : threads) {
                    try {
                        thread.join(Duration.ofSeconds(30));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
        }
        EngineRate windows = windowInsertRate(layout, graph, settings.workerConcurrency());
        EngineRate zadd = redisBenchmark(options.zaddRequests(), "-t", "zadd");
        EngineRate bare = redisBenchmark(options.zaddRequests(), "-r", Integer.toString(graph.bigAudience().size()),
                "ZADD", "w:__rand_int__", "__rand_int__", "m:__rand_int____rand_int__");
        return new Run(burst, big, raw, windows, zadd, bare);
    }

    private Burst burst(FeedlineCore core, BenchLayout layout, Graph graph, LongAdder delivered, Samples lags, Progress progress) {
        long before = delivered.sum();
        PublishPost publish = core.useCases().publishPost();
        int posts = graph.authors().size();
        AtomicLong lastPublished = new AtomicLong();
        Map<PostId, Long> publishCalled = new ConcurrentHashMap<>();
        Map<String, Long> requestsBefore = calls.requestsByPattern();
        Map<String, Long> nanosBefore = calls.nanosByPattern();
        long start = System.nanoTime();
        Parallel.forEach(posts, PUBLISHERS, i -> {
            Username next = graph.names()[(i + 1) % posts];
            long called = System.nanoTime();
            Post post = publish.publish(new PublishPost.Command(graph.authors().get(i), PostText.of("burst " + i + " @" + next.value()),
                    Optional.empty()));
            publishCalled.put(post.id(), called);
            lastPublished.accumulateAndGet(System.nanoTime(), Math::max);
        });
        long published = System.nanoTime();
        awaitDelivered(layout, delivered, before + posts);
        // The count can be reached early: a job whose lease ran out is completed again by its next
        // holder. So each post's durable feeds are awaited too.
        awaitDurable(layout, progress, publishCalled.keySet(), options.followers() + 1);
        long done = System.nanoTime();
        awaitMentions(layout, progress, posts);
        long entries = (long) posts * (options.followers() + 1);
        // A job windowed in its step (not ahead: its first read failed and was retried) completes
        // before its step's window write returns, so the windows are awaited, not assumed.
        await(() -> publishCalled.keySet().stream().allMatch(post -> progress.of(post).windowsSettled() >= options.followers() + 1),
                () -> publishCalled.keySet().stream()
                        .filter(post -> progress.of(post).windowsSettled() < options.followers() + 1)
                        .findFirst()
                        .map(post -> "post " + post + " reached " + progress.of(post).windows.get() + " windows of "
                                + (options.followers() + 1) + " (" + progress.of(post).windowsFailed.get() + " writes failed) within "
                                + PHASE_TIMEOUT)
                        .orElse("every post reached its windows"));
        Map<String, Long> requests = new TreeMap<>();
        calls.requestsByPattern().forEach((pattern, count) -> {
            long made = count - requestsBefore.getOrDefault(pattern, 0L);
            if (made > 0) {
                requests.put(pattern, made);
            }
        });
        Map<String, Long> nanos = new TreeMap<>();
        calls.nanosByPattern().forEach((pattern, sum) -> nanos.put(pattern, sum - nanosBefore.getOrDefault(pattern, 0L)));
        Samples windowLags = new Samples();
        publishCalled.forEach((post, called) -> windowLags.add(progress.of(post).windowReached() - called));
        long windowsFailed = publishCalled.keySet().stream().mapToLong(post -> progress.of(post).windowsFailed.get()).sum();
        return new Burst(posts, entries, (published - start) / 1e9, lags.millis(50), lags.millis(99),
                (done - lastPublished.get()) / 1e6, entries / ((done - start) / 1e9), progress.mentionLags.count(),
                progress.mentionLags.millis(50), progress.mentionLags.millis(99), windowLags.millis(50), windowLags.millis(99),
                windowsFailed, requests, nanos);
    }

    private Big big(FeedlineCore core, BenchLayout layout, Graph graph, Progress progress) {
        PublishPost publish = core.useCases().publishPost();
        Samples window = new Samples();
        Samples durable = new Samples();
        int audience = graph.bigAudience().size() + 1;
        boolean separate = true;
        for (int i = 0; i < options.bigPosts(); i++) {
            long start = System.nanoTime();
            Post post = publish.publish(new PublishPost.Command(graph.bigAuthor(), PostText.of("to everyone " + i), Optional.empty()));
            // Awaited by the post's own feeds and windows: a completion counted across jobs could be another's.
            Progress.Of of = progress.of(post.id());
            await(() -> of.durable.get() >= audience && (!separate || of.windowsSettled() >= audience),
                    () -> "post " + post.id() + " reached " + of.durable.get() + " feeds and " + of.windows.get() + " windows of "
                            + audience + " (" + of.windowsFailed.get() + " window writes failed) within " + PHASE_TIMEOUT
                            + "; " + layout.raw.jobs().pending() + " jobs pending");
            durable.add(of.durableLast - start);
            window.add((separate ? of.windowReached() : of.durableLast) - start);
        }
        return new Big(options.bigPosts(), graph.bigAudience().size(), window.millis(50), window.millis(99),
                durable.millis(50), durable.millis(99), separate);
    }

    private static void awaitDelivered(BenchLayout layout, LongAdder delivered, long target) {
        await(() -> delivered.sum() >= target,
                () -> "fan-out did not finish within " + PHASE_TIMEOUT + "; " + layout.raw.jobs().pending() + " jobs pending");
    }

    /** Waits until each of {@code posts} is in {@code feeds} durable feeds. */
    private static void awaitDurable(BenchLayout layout, Progress progress, Collection<PostId> posts, int feeds) {
        await(() -> posts.stream().allMatch(post -> progress.of(post).durable.get() >= feeds),
                () -> posts.stream().filter(post -> progress.of(post).durable.get() < feeds).count() + " posts not in all " + feeds
                        + " durable feeds within " + PHASE_TIMEOUT + "; " + layout.raw.jobs().pending() + " jobs pending");
    }

    /** Waits until every post's mention notification has been recorded. */
    private static void awaitMentions(BenchLayout layout, Progress progress, int target) {
        await(() -> progress.mentionLags.count() >= target, () -> progress.mentionLags.count() + " of " + target
                + " mention notifications recorded within " + PHASE_TIMEOUT + "; " + layout.raw.jobs().pending() + " jobs pending");
    }

    /** Polls {@code done} every 2 ms for at most {@link #PHASE_TIMEOUT}, then fails with {@code failure}'s words. */
    private static void await(java.util.function.BooleanSupplier done, java.util.function.Supplier<String> failure) {
        long deadline = System.nanoTime() + PHASE_TIMEOUT.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(failure.get());
            }
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
    }

    /** A sequential BatchWriteItem loop, 25 items a call, into the same table: the engine's raw item rate. */
    private double rawBatchWriteRate(BenchLayout layout) {
        PostRef post = new PostRef(layout.raw.ids().newPostId(), layout.raw.ids().newUserId());
        List<Delivery> deliveries = new ArrayList<>(options.rawItems());
        for (int i = 0; i < options.rawItems(); i++) {
            deliveries.add(new Delivery(layout.raw.ids().newUserId(), post));
        }
        long start = System.nanoTime();
        for (int from = 0; from < deliveries.size(); from += 25) {
            layout.raw.feedItems().append(deliveries.subList(from, Math.min(deliveries.size(), from + 25)));
        }
        return deliveries.size() / ((System.nanoTime() - start) / 1e9);
    }

    /**
     * Window inserts as the workers send them, alone: one pipelined write per page of 100 windows,
     * each insert trimmed to the cap, {@code worker.concurrency} pages in flight, three posts to the
     * big audience's windows. On the embedded profile the windows are the in-process cache. On one
     * Redis server, what the inserts cost its process is read from {@code INFO cpu} around them.
     */
    private EngineRate windowInsertRate(BenchLayout layout, Graph graph, int concurrency) {
        List<UserId> readers = graph.bigAudience();
        int pages = (readers.size() + 99) / 100;
        int inserts = 3 * readers.size();
        try (RedisAdmin redis = windowServer(layout.config).map(RedisAdmin::connect).orElse(null)) {
            Duration cpuBefore = redis == null ? Duration.ZERO : redis.cpuTime();
            long start = System.nanoTime();
            for (int round = 0; round < 3; round++) {
                PostRef post = new PostRef(layout.raw.ids().newPostId(), graph.bigAuthor());
                Parallel.forEach(pages, concurrency, p -> layout.raw.timelines().add(
                        readers.subList(p * 100, Math.min(readers.size(), (p + 1) * 100)).stream()
                                .map(reader -> new Delivery(reader, post)).toList()));
            }
            double perSecond = inserts / ((System.nanoTime() - start) / 1e9);
            double cpuMicros = redis == null ? Double.NaN : redis.cpuTime().minus(cpuBefore).toNanos() / 1e3 / inserts;
            return new EngineRate(perSecond, cpuMicros);
        }
    }

    /** The one Redis server the windows are on, if they are on one (not the in-process cache, not a cluster). */
    private static Optional<String> windowServer(FeedlineConfig config) {
        return config.timelines() == FeedlineConfig.TimelinesStore.REDIS
                ? config.redis().map(r -> r.uri()).filter(uri -> uri.startsWith("redis://") || uri.startsWith("rediss://"))
                : Optional.empty();
    }

    /**
     * {@code redis-benchmark -q -P 16 -n requests} with {@code arguments} on a private redis-server: its
     * requests per second and the server's CPU per request, {@link EngineRate#NONE} when the tools are
     * missing. The bare insert's {@code -r} draws each key, score and member half (so members are new,
     * bar one in 10^8 draws) from that many numbers.
     */
    static EngineRate redisBenchmark(int requests, String... arguments) {
        if (requests <= 0 || RedisBenchmarkTool.find().isEmpty() || Executables.onPath("redis-server").isEmpty()) {
            return EngineRate.NONE;
        }
        try (ThrowawayRedis redis = ThrowawayRedis.start()) {
            List<String> command = new ArrayList<>(List.of("-h", "127.0.0.1", "-p", Integer.toString(redis.port()),
                    "-q", "-P", "16", "-n", Integer.toString(requests)));
            command.addAll(List.of(arguments));
            Duration cpuBefore = redis.admin().cpuTime();
            String output = RedisBenchmarkTool.run(command);
            double cpuMicros = redis.admin().cpuTime().minus(cpuBefore).toNanos() / 1e3 / requests;
            Matcher matcher = REQUESTS_PER_SECOND.matcher(output);
            if (!matcher.find()) {
                throw new IllegalStateException("no requests-per-second figure in redis-benchmark output: " + output);
            }
            return new EngineRate(Double.parseDouble(matcher.group(1)), cpuMicros);
        }
    }

    /** Per post: how many windows and durable feeds got it, and when the last of each did. */
    private static final class Progress {
        static final class Of {
            final AtomicLong windows = new AtomicLong();
            /** Deliveries whose window write failed: the product evicted those windows, rebuilt from the durable feed on read. */
            final AtomicLong windowsFailed = new AtomicLong();
            final AtomicLong durable = new AtomicLong();
            volatile long windowLast;
            volatile long durableLast;

            /** Windows written, or failed and evicted: nothing more will be sent to them for this post. */
            long windowsSettled() {
                return windows.get() + windowsFailed.get();
            }

            /**
             * When the post was readable in every reader's feed through the hot path: its last window
             * write, or, where a window write failed, no sooner than its durable copy, which the
             * evicted window is rebuilt from.
             */
            long windowReached() {
                return windowsFailed.get() > 0 ? Math.max(windowLast, durableLast) : windowLast;
            }
        }

        private final Map<PostId, Of> posts = new ConcurrentHashMap<>();
        /** From a mention's publish time to its notification's write, once per recipient and post. */
        final Samples mentionLags = new Samples();
        private final Set<String> mentionsSeen = ConcurrentHashMap.newKeySet();

        Of of(PostId post) {
            return posts.computeIfAbsent(post, p -> new Of());
        }

        private static Map<PostId, Long> byPost(Collection<Delivery> deliveries) {
            Map<PostId, Long> byPost = new java.util.HashMap<>();
            deliveries.forEach(d -> byPost.merge(d.entry().postId(), 1L, Long::sum));
            return byPost;
        }

        private void failed(Collection<Delivery> deliveries) {
            byPost(deliveries).forEach((post, n) -> of(post).windowsFailed.addAndGet(n));
        }

        private void counted(Collection<Delivery> deliveries, boolean durable) {
            long now = System.nanoTime();
            byPost(deliveries).forEach((post, n) -> {
                Of of = of(post);
                if (durable) {
                    of.durable.addAndGet(n);
                    of.durableLast = now;
                } else {
                    of.windows.addAndGet(n);
                    of.windowLast = now;
                }
            });
        }

        private void recorded(NotificationEvent event) {
            if (event.type() == NotificationType.MENTION
                    && mentionsSeen.add(event.recipient().value() + "/" + event.post().map(PostId::value).orElse(""))) {
                mentionLags.add(Math.max(0, Duration.between(event.at(), Instant.now()).toNanos()));
            }
        }

        /** The port, with the events it records (one by one, or a claim's batch) timed against their publish time. */
        Notifications notifications(Notifications delegate) {
            java.lang.reflect.InvocationHandler handler = (proxy, called, args) -> {
                Object result;
                try {
                    result = called.invoke(delegate, args);
                } catch (java.lang.reflect.InvocationTargetException e) {
                    throw e.getCause();
                }
                if (called.getName().equals("record")) {
                    recorded((NotificationEvent) args[0]);
                } else if (called.getName().equals("recordClaimed")) {
                    // Jobs whose lease was lost are recorded by their next holder; the seen-set keeps the first write.
                    for (Object claimed : (List<?>) args[0]) {
                        if (((ClaimedJob) claimed).job() instanceof FanoutJob.Notify notify) {
                            recorded(notify.event());
                        }
                    }
                }
                return result;
            };
            return Notifications.class.cast(java.lang.reflect.Proxy.newProxyInstance(Notifications.class.getClassLoader(),
                    new Class<?>[] {Notifications.class}, handler));
        }

        FeedItems feedItems(FeedItems delegate) {
            return watching(FeedItems.class, delegate, "append", true);
        }

        TimelineCache timelines(TimelineCache delegate) {
            return watching(TimelineCache.class, delegate, "add", false);
        }

        /** The port, with each successful call of {@code method} (taking the deliveries) counted. A proxy, as BackendCalls'. */
        @SuppressWarnings("unchecked")
        private <T> T watching(Class<T> type, T port, String method, boolean durable) {
            java.lang.reflect.InvocationHandler handler = (proxy, called, args) -> {
                Object result;
                try {
                    result = called.invoke(port, args);
                } catch (java.lang.reflect.InvocationTargetException e) {
                    if (!durable && called.getName().equals(method) && e.getCause() instanceof FeedlineException.StorageUnavailable) {
                        // The worker evicts these windows and goes on: they are rebuilt from the durable feed on read.
                        failed((Collection<Delivery>) args[0]);
                    }
                    throw e.getCause();
                }
                if (called.getName().equals(method)) {
                    counted((Collection<Delivery>) args[0], durable);
                }
                return result;
            };
            return type.cast(java.lang.reflect.Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
        }
    }
}

package io.feedline.bench;

import io.feedline.domain.FeedlineCore;
import io.feedline.domain.fanout.FanoutWorker;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.RegisterUser;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.ExploreWindow;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * Explore's read latency against the home feed's in the same run, and the requests and capacity
 * units each explore surface costs to read and to keep.
 */
@Command(name = "explore", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Seeds --authors authors with --posts posts and --likes likes (Zipf-skewed over the posts) on a fresh table,",
            "drains the outbox with in-process workers and refreshes explore's rankings; then, --runs times, --clients",
            "concurrent clients (virtual threads) each read --reads pages of 20 of each kind in turn: a home feed (a",
            "reader following every author), /explore/latest, /explore/popular?window=24h and /explore/users. Prints",
            "p50/p99 per kind and run, medians of the runs with ratios against the feed read, and the DynamoDB",
            "requests and capacity units of one read of each kind, of one publish and of one ranking refresh."
        })
final class ExploreCommand implements Callable<Integer> {
    private static final int PAGE = 20;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    EngineOptions engines;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "3", description = "Measured runs; medians are reported. Default: ${DEFAULT-VALUE}.")
    int runs;

    @Option(names = "--clients", paramLabel = "N", defaultValue = "64", description = "Concurrent clients. Default: ${DEFAULT-VALUE}.")
    int clients;

    @Option(names = "--reads", paramLabel = "N", defaultValue = "20", description = "Pages each client reads of each kind a run. Default: ${DEFAULT-VALUE}.")
    int reads;

    @Option(names = "--authors", paramLabel = "N", defaultValue = "20", description = "Authors (registered). Default: ${DEFAULT-VALUE}.")
    int authors;

    @Option(names = "--posts", paramLabel = "N", defaultValue = "1000", description = "Posts. Default: ${DEFAULT-VALUE}.")
    int posts;

    @Option(names = "--likes", paramLabel = "N", defaultValue = "1500", description = "Likes. Default: ${DEFAULT-VALUE}.")
    int likes;

    /** One kind of read: what a client calls. */
    private interface Read {
        void once();
    }

    @Override
    public Integer call() throws Exception {
        if (runs < 1 || clients < 1 || reads < 1 || authors < 1 || posts < 1 || likes < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--runs, --clients, --reads, --authors and --posts must be positive");
        }
        PrintWriter out = spec.commandLine().getOut();
        BackendCalls calls = new BackendCalls();
        try (BenchLayout layout = BenchLayout.open(engines.profile(), engines.engines(), calls);
                FeedlineCore core = FeedlineCore.create(layout.counted, layout.config.feed())) {
            UseCases api = core.useCases();
            UserId reader = seed(layout, core, api, out);
            Map<String, Read> kinds = new LinkedHashMap<>();
            kinds.put("feed", () -> api.readHomeFeed().read(reader, reader, PageRequest.first(PAGE)));
            kinds.put("latest", () -> api.readExplore().latest(Optional.empty(), PageRequest.first(PAGE)));
            kinds.put("popular", () -> api.readExplore().popular(Optional.empty(), ExploreWindow.DAY, PageRequest.first(PAGE)));
            kinds.put("users", () -> api.readExplore().users(PAGE));
            kinds.values().forEach(read -> {
                for (int i = 0; i < 50; i++) {
                    read.once();
                }
            });

            Map<String, double[]> p50 = new LinkedHashMap<>();
            Map<String, double[]> p99 = new LinkedHashMap<>();
            kinds.keySet().forEach(kind -> {
                p50.put(kind, new double[runs]);
                p99.put(kind, new double[runs]);
            });
            for (int run = 0; run < runs; run++) {
                StringBuilder line = new StringBuilder("run " + (run + 1) + ":");
                for (Map.Entry<String, Read> kind : kinds.entrySet()) {
                    out.flush();
                    Samples samples = measure(kind.getValue());
                    p50.get(kind.getKey())[run] = samples.millis(50);
                    p99.get(kind.getKey())[run] = samples.millis(99);
                    line.append(String.format(Locale.ROOT, " %s p50 %.2f ms p99 %.2f ms;", kind.getKey(), samples.millis(50), samples.millis(99)));
                }
                out.println(line);
                out.flush();
            }
            double feed = Samples.median(p50.get("feed"));
            double feed99 = Samples.median(p99.get("feed"));
            out.printf(Locale.ROOT, "median of %d runs, %d clients, pages of %d:%n", runs, clients, PAGE);
            for (String kind : kinds.keySet()) {
                double m50 = Samples.median(p50.get(kind));
                double m99 = Samples.median(p99.get(kind));
                out.printf(Locale.ROOT, "  %-8s p50 %7.2f ms (%.2fx feed)  p99 %7.2f ms (%.2fx feed)%n", kind, m50, m50 / feed, m99, m99 / feed99);
            }

            out.println("cost of one operation (DynamoDB requests, read / write capacity units; Redis and Postgres calls):");
            for (Map.Entry<String, Read> kind : kinds.entrySet()) {
                BackendCalls.Snapshot before = calls.snapshot();
                for (int i = 0; i < 20; i++) {
                    kind.getValue().once();
                }
                print(out, "read " + kind.getKey(), calls.snapshot().since(before), 20);
            }
            UserAccount author = api.readProfile().read(Username.of(layout.tag.substring(0, 6) + "a0")).account();
            BackendCalls.Snapshot before = calls.snapshot();
            for (int i = 0; i < 20; i++) {
                api.publishPost().publish(new PublishPost.Command(author.id(), PostText.of("cost " + i), Optional.empty()));
            }
            print(out, "publish (post, pointer, counter, explore entry, job)", calls.snapshot().since(before), 20);
            likeSome(api, core, layout, 200, new Random(7), false);
            before = calls.snapshot();
            core.refreshExplore();
            print(out, "ranking refresh after 200 likes on up to 200 posts", calls.snapshot().since(before), 1);
            out.flush();
        }
        return 0;
    }

    private static void print(PrintWriter out, String what, BackendCalls.Snapshot cost, int n) {
        out.printf(Locale.ROOT, "  %-52s %6.2f requests (%5.2f reads, %5.2f writes), %6.2f RCU, %6.2f WCU, %5.2f cache, %5.2f user calls%n",
                what, cost.calls() / (double) n, cost.dynamoReads() / (double) n, cost.dynamoWrites() / (double) n,
                cost.readUnits() / n, cost.writeUnits() / n, cost.cacheCalls() / (double) n, cost.userCalls() / (double) n);
    }

    private Samples measure(Read read) throws InterruptedException {
        Samples samples = new Samples();
        List<Thread> threads = new ArrayList<>();
        AtomicInteger failed = new AtomicInteger();
        java.util.concurrent.atomic.AtomicReference<String> firstFailure = new java.util.concurrent.atomic.AtomicReference<>();
        for (int c = 0; c < clients; c++) {
            threads.add(Thread.ofVirtual().start(() -> {
                for (int i = 0; i < reads; i++) {
                    long start = System.nanoTime();
                    try {
                        read.once();
                        samples.add(System.nanoTime() - start);
                    } catch (RuntimeException e) {
                        failed.incrementAndGet();
                        firstFailure.compareAndSet(null, e.toString());
                    }
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }
        if (failed.get() > 0) {
            spec.commandLine().getOut().printf(Locale.ROOT, "  %d of %d reads failed; the first: %s%n", failed.get(),
                    clients * reads, firstFailure.get());
        }
        return samples;
    }

    /** Authors, their posts, a reader following them all, Zipf-skewed likes; drained and ranked. */
    private UserId seed(BenchLayout layout, FeedlineCore core, UseCases api, PrintWriter out) throws InterruptedException {
        long start = System.nanoTime();
        String prefix = layout.tag.substring(0, 6);
        List<UserAccount> registered = new ArrayList<>();
        for (int i = 0; i < authors; i++) {
            registered.add(register(api, prefix + "a" + i));
        }
        UserAccount reader = register(api, prefix + "reader");
        for (UserAccount author : registered) {
            api.follow().follow(reader.id(), author.username());
        }
        List<Thread> publishers = new ArrayList<>();
        AtomicInteger next = new AtomicInteger();
        List<Post> published = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int c = 0; c < 16; c++) {
            publishers.add(Thread.ofVirtual().start(() -> {
                int i;
                while ((i = next.getAndIncrement()) < posts) {
                    UserAccount author = registered.get(i % registered.size());
                    published.add(api.publishPost().publish(new PublishPost.Command(author.id(), PostText.of("post " + i), Optional.empty())));
                }
            }));
        }
        for (Thread publisher : publishers) {
            publisher.join();
        }
        this.published = List.copyOf(published);
        likeSome(api, core, layout, likes, new Random(42), true);
        out.printf(Locale.ROOT, "seeded %d authors, %d posts, %d likes in %.1f s (%s profile)%n", authors, posts, likes,
                (System.nanoTime() - start) / 1e9, engines.profile().name().toLowerCase(Locale.ROOT));
        out.flush();
        return reader.id();
    }

    private List<Post> published = List.of();

    /** {@code n} likes by fresh ids, Zipf-skewed (s = 1) over the published posts, then drained (and ranked, with {@code refresh}). */
    private void likeSome(UseCases api, FeedlineCore core, BenchLayout layout, int n, Random random, boolean refresh)
            throws InterruptedException {
        double[] cumulative = new double[published.size()];
        double sum = 0;
        for (int i = 0; i < cumulative.length; i++) {
            sum += 1.0 / (i + 1);
            cumulative[i] = sum;
        }
        List<Thread> likers = new ArrayList<>();
        AtomicInteger next = new AtomicInteger();
        double total = sum;
        for (int c = 0; c < 16; c++) {
            long seed = random.nextLong();
            likers.add(Thread.ofVirtual().start(() -> {
                Random mine = new Random(seed);
                while (next.getAndIncrement() < n) {
                    double pick = mine.nextDouble() * total;
                    int index = java.util.Arrays.binarySearch(cumulative, pick);
                    index = index < 0 ? -index - 1 : index;
                    api.likePost().like(layout.raw.ids().newUserId(), published.get(Math.min(index, published.size() - 1)).id());
                }
            }));
        }
        for (Thread liker : likers) {
            liker.join();
        }
        drain(core, layout);
        if (refresh) {
            core.refreshExplore();
        }
    }

    private static void drain(FeedlineCore core, BenchLayout layout) throws InterruptedException {
        int loops = Math.max(1, layout.config.inProcessWorkers());
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < loops; i++) {
            FanoutWorker worker = core.worker("explore-bench-" + i);
            workers.add(Thread.ofPlatform().start(() -> worker.runUntil(() -> stop.get() || layout.raw.jobs().pending() == 0)));
        }
        for (Thread worker : workers) {
            worker.join();
        }
    }

    private static UserAccount register(UseCases api, String name) {
        return api.registerUser().register(new RegisterUser.Command(Username.of(name), Email.of(name + "@example.org"),
                new Password("explore-bench-password"), DisplayName.of(name), Bio.EMPTY));
    }
}

package io.feedline.bench;

import io.feedline.app.bootstrap.FeedlineConfig;
import io.feedline.domain.FeedlineCore;
import io.feedline.domain.fanout.FanoutWorker;
import io.feedline.domain.settings.FeedSettings;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.RegisterUser;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * Likes of one hot post by many clients at once, through the like use case on the chosen profile
 * with in-process workers: likes/s sustained, and how long a like takes to show in the stored count.
 */
@Command(name = "hot-likes", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Likes of one post by --clients concurrent clients (virtual threads), each like by a new user, through the",
            "like use case with worker.in-process workers running (push mode). Reports likes/s over the whole burst and",
            "the count's convergence lag: a poller reads the post by key every --poll-ms; the k-th like accepted is",
            "visible once the stored count first reaches k. Fresh table per run (embedded profile)."
        })
final class HotLikesCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    MedianRuns runs;

    @Option(names = "--clients", paramLabel = "N", defaultValue = "64", description = "Concurrent clients. Default: ${DEFAULT-VALUE}.")
    int clients;

    @Option(names = "--likes", paramLabel = "N", defaultValue = "3000", description = "Likes per run. Default: ${DEFAULT-VALUE}.")
    int likes;

    @Option(names = "--poll-ms", paramLabel = "MS", defaultValue = "5", description = "Count poll interval. Default: ${DEFAULT-VALUE}.")
    int pollMillis;

    private record Run(double likesPerSecond, double lagP50Millis, double lagP99Millis, long finalCount, int failed) {}

    @Override
    public Integer call() throws Exception {
        if (runs.count < 1 || clients < 1 || likes < 1 || pollMillis < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--runs, --clients, --likes and --poll-ms must be positive");
        }
        PrintWriter out = spec.commandLine().getOut();
        List<Run> results = new ArrayList<>();
        for (int run = 1; run <= runs.count; run++) {
            Run result = runOnce();
            out.printf("run %d: %.0f likes/s, lag p50 %.1f ms, p99 %.1f ms, final count %d of %d, %d failed%n",
                    run, result.likesPerSecond(), result.lagP50Millis(), result.lagP99Millis(), result.finalCount(), likes,
                    result.failed());
            out.flush();
            results.add(result);
        }
        out.printf("median of %d: %.0f likes/s, convergence lag p50 %.1f ms, p99 %.1f ms (%d clients, %d likes a run)%n", runs.count,
                Samples.median(results.stream().mapToDouble(Run::likesPerSecond).toArray()),
                Samples.median(results.stream().mapToDouble(Run::lagP50Millis).toArray()),
                Samples.median(results.stream().mapToDouble(Run::lagP99Millis).toArray()), clients, likes);
        out.flush();
        return 0;
    }

    private Run runOnce() throws Exception {
        FeedlineConfig.Profile profile = runs.engines.profile();
        try (BenchLayout layout = BenchLayout.open(profile, runs.engines.engines(), new BackendCalls())) {
            FeedSettings settings = layout.config.feed().withMode(FanoutMode.PUSH);
            int workerCount = Math.max(1, layout.config.inProcessWorkers());
            try (FeedlineCore core = FeedlineCore.create(layout.raw, settings)) {
                UseCases api = core.useCases();
                String name = "hot" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
                UserAccount author = api.registerUser().register(new RegisterUser.Command(Username.of(name),
                        Email.of(name + "@example.org"), new Password("hot-likes-bench"), DisplayName.of(name), Bio.EMPTY));
                Post post = api.publishPost().publish(new PublishPost.Command(author.id(), PostText.of("the hot post"), Optional.empty()));
                List<UserId> fans = new ArrayList<>(likes);
                for (int i = 0; i < likes; i++) {
                    fans.add(layout.raw.ids().newUserId());
                }
                InProcessWorkers workers = InProcessWorkers.start(core, workerCount, i -> "hot-likes-" + i);
                // The poller: (time, stored count) pairs, read by key as a reader of the post would.
                long[] sampleAt = new long[4_000_000];
                long[] sampleCount = new long[sampleAt.length];
                AtomicInteger samples = new AtomicInteger();
                AtomicBoolean polling = new AtomicBoolean(true);
                Thread poller = Thread.ofPlatform().name("hot-likes-poller").start(() -> {
                    while (polling.get() && samples.get() < sampleAt.length) {
                        long count = layout.raw.posts().get(post.ref()).map(Post::likeCount).orElse(-1L);
                        // One writer: the values first, then the size that publishes them.
                        int i = samples.get();
                        sampleAt[i] = System.nanoTime();
                        sampleCount[i] = count;
                        samples.set(i + 1);
                        try {
                            Thread.sleep(pollMillis);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                });
                long[] accepted = new long[likes];
                AtomicInteger next = new AtomicInteger();
                AtomicInteger failed = new AtomicInteger();
                List<Thread> threads = new ArrayList<>();
                long start = System.nanoTime();
                for (int c = 0; c < clients; c++) {
                    threads.add(Thread.ofVirtual().start(() -> {
                        int i;
                        while ((i = next.getAndIncrement()) < likes) {
                            try {
                                api.likePost().like(fans.get(i), post.id());
                                accepted[i] = System.nanoTime();
                            } catch (RuntimeException e) {
                                failed.incrementAndGet();
                                accepted[i] = Long.MAX_VALUE;
                            }
                        }
                    }));
                }
                for (Thread thread : threads) {
                    thread.join();
                }
                long end = System.nanoTime();
                long ok = likes - failed.get();
                long deadline = System.nanoTime() + 120_000_000_000L;
                while (System.nanoTime() < deadline && lastCount(sampleCount, samples.get()) < ok) {
                    Thread.sleep(20);
                }
                polling.set(false);
                poller.join();
                workers.stop();
                int n = samples.get();
                long[] times = Arrays.stream(accepted).filter(t -> t != Long.MAX_VALUE).sorted().toArray();
                Samples lags = new Samples();
                int s = 0;
                for (int k = 1; k <= times.length; k++) {
                    while (s < n && sampleCount[s] < k) {
                        s++;
                    }
                    if (s == n) {
                        break;
                    }
                    lags.add(Math.max(0, sampleAt[s] - times[k - 1]));
                }
                return new Run(ok / ((end - start) / 1e9), lags.millis(50), lags.millis(99), lastCount(sampleCount, n), failed.get());
            }
        }
    }

    private static long lastCount(long[] counts, int n) {
        return n == 0 ? -1 : counts[n - 1];
    }
}

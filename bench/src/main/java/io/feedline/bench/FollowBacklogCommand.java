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
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * How long a follow or unfollow takes while the fan-out has a backlog (ADR-0021): the same
 * follows and unfollows timed with the outbox idle and then behind a burst of publishes.
 */
@Command(name = "follow-backlog", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Follows and unfollows of one author by --clients concurrent users, through the use cases with",
            "worker.in-process workers running (push mode), timed twice: with the outbox idle, then right after the",
            "author published --posts posts (each with --tags tags and --mentions mentions, to --followers followers)",
            "while the workers were stopped, so the whole burst waits as a backlog when the workers and the clients",
            "start together. Reports p50/p99/max of both phases, the backlog at the start and end of the timed",
            "phase and how long it took to drain. Fresh table per run (embedded profile)."
        })
final class FollowBacklogCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    MedianRuns runs;

    @Option(names = "--followers", paramLabel = "N", defaultValue = "500", description = "The author's followers. Default: ${DEFAULT-VALUE}.")
    int followers;

    @Option(names = "--posts", paramLabel = "N", defaultValue = "90", description = "Posts of the burst. Default: ${DEFAULT-VALUE}.")
    int posts;

    @Option(names = "--tags", paramLabel = "N", defaultValue = "10", description = "Tags per post. Default: ${DEFAULT-VALUE}.")
    int tags;

    @Option(names = "--mentions", paramLabel = "N", defaultValue = "20", description = "Mentions per post. Default: ${DEFAULT-VALUE}.")
    int mentions;

    @Option(names = "--clients", paramLabel = "N", defaultValue = "20", description = "Concurrent following users. Default: ${DEFAULT-VALUE}.")
    int clients;

    @Option(names = "--ops", paramLabel = "N", defaultValue = "200", description = "Follows plus unfollows timed per phase. Default: ${DEFAULT-VALUE}.")
    int ops;

    private record Phase(Samples latencies, int failed) {}

    private record Run(Phase idle, Phase backlogged, int backlogAtStart, int backlogAtEnd, double drainSeconds) {}

    @Override
    public Integer call() throws Exception {
        if (runs.count < 1 || followers < 0 || posts < 1 || tags < 0 || mentions < 0 || clients < 1 || ops < 2) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--runs, --posts and --clients must be positive, --ops at least 2, the rest not negative");
        }
        PrintWriter out = spec.commandLine().getOut();
        List<Run> results = new ArrayList<>();
        for (int run = 1; run <= runs.count; run++) {
            Run result = runOnce();
            out.printf("run %d: idle p50 %.1f ms, p99 %.1f ms, max %.1f ms; behind a backlog of %d jobs (%d at the end):"
                            + " p50 %.1f ms, p99 %.1f ms, max %.1f ms; drained in %.1f s; %d failed%n",
                    run, result.idle().latencies().millis(50), result.idle().latencies().millis(99),
                    result.idle().latencies().millis(100), result.backlogAtStart(), result.backlogAtEnd(),
                    result.backlogged().latencies().millis(50), result.backlogged().latencies().millis(99),
                    result.backlogged().latencies().millis(100), result.drainSeconds(),
                    result.idle().failed() + result.backlogged().failed());
            out.flush();
            results.add(result);
        }
        out.printf("median of %d: follow/unfollow idle p50 %.1f ms, p99 %.1f ms; behind a backlog of %.0f jobs p50 %.1f ms,"
                        + " p99 %.1f ms, max %.1f ms (%d clients, %d operations a phase)%n", runs.count,
                median(results, r -> r.idle().latencies().millis(50)), median(results, r -> r.idle().latencies().millis(99)),
                median(results, r -> r.backlogAtStart()),
                median(results, r -> r.backlogged().latencies().millis(50)),
                median(results, r -> r.backlogged().latencies().millis(99)),
                median(results, r -> r.backlogged().latencies().millis(100)), clients, ops);
        out.flush();
        return 0;
    }

    private static double median(List<Run> runs, java.util.function.ToDoubleFunction<Run> figure) {
        return Samples.median(runs.stream().mapToDouble(figure).toArray());
    }

    private Run runOnce() throws Exception {
        FeedlineConfig.Profile profile = runs.engines.profile();
        try (BenchLayout layout = BenchLayout.open(profile, runs.engines.engines(), new BackendCalls())) {
            FeedSettings settings = layout.config.feed().withMode(FanoutMode.PUSH);
            int workerCount = Math.max(1, layout.config.inProcessWorkers());
            try (FeedlineCore core = FeedlineCore.create(layout.raw, settings)) {
                UseCases api = core.useCases();
                String tag = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
                UserAccount author = register(api, "au" + tag);
                List<UserId> audience = registerAll(api, "f" + tag + "_", followers);
                for (UserId follower : audience) {
                    api.follow().follow(follower, author.username());
                }
                List<UserAccount> mentioned = IntStream.range(0, mentions).mapToObj(i -> register(api, "m" + tag + "_" + i)).toList();
                List<UserId> clientIds = registerAll(api, "c" + tag + "_", clients);
                String text = IntStream.range(0, tags).mapToObj(i -> "#t" + i).collect(Collectors.joining(" "))
                        + " " + mentioned.stream().map(m -> "@" + m.username().value()).collect(Collectors.joining(" "));

                InProcessWorkers workers = InProcessWorkers.start(core, workerCount, FollowBacklogCommand::workerId);
                drain(layout);
                Phase idle = timeFollows(api, clientIds, author.username());
                drain(layout);
                workers.stop();

                for (int i = 0; i < posts; i++) {
                    String body = ("post " + i + " " + text).substring(0, Math.min(PostText.MAX_CODE_POINTS, ("post " + i + " " + text).length()));
                    api.publishPost().publish(new PublishPost.Command(author.id(), PostText.of(body), Optional.empty()));
                }
                int backlogAtStart = layout.raw.jobs().pending();
                long started = System.nanoTime();
                workers = InProcessWorkers.start(core, workerCount, FollowBacklogCommand::workerId);
                Phase backlogged = timeFollows(api, clientIds, author.username());
                int backlogAtEnd = layout.raw.jobs().pending();
                drain(layout);
                double drainSeconds = (System.nanoTime() - started) / 1e9;
                workers.stop();
                return new Run(idle, backlogged, backlogAtStart, backlogAtEnd, drainSeconds);
            }
        }
    }

    /** Each client alternates follow and unfollow of the author until {@link #ops} are done. */
    private Phase timeFollows(UseCases api, List<UserId> clientIds, Username author) throws InterruptedException {
        Samples latencies = new Samples();
        AtomicInteger next = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (UserId client : clientIds) {
            threads.add(Thread.ofVirtual().start(() -> {
                boolean following = false;
                while (next.getAndIncrement() < ops) {
                    long start = System.nanoTime();
                    try {
                        if (following) {
                            api.unfollow().unfollow(client, author);
                        } else {
                            api.follow().follow(client, author);
                        }
                        following = !following;
                        latencies.add(System.nanoTime() - start);
                    } catch (RuntimeException e) {
                        failed.incrementAndGet();
                    }
                }
                if (following) {
                    api.unfollow().unfollow(client, author);
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }
        return new Phase(latencies, failed.get());
    }

    private static void drain(BenchLayout layout) throws InterruptedException {
        long deadline = System.nanoTime() + 600_000_000_000L;
        while (layout.raw.jobs().pending() > 0) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the outbox did not drain within 10 minutes");
            }
            Thread.sleep(50);
        }
    }

    /** A worker id of its own for each start: the workers of the second phase are new ones. */
    private static String workerId(int i) {
        return "follow-backlog-" + i + "-" + System.nanoTime();
    }

    private static List<UserId> registerAll(UseCases api, String prefix, int count) {
        return IntStream.range(0, count).mapToObj(i -> register(api, prefix + i).id()).toList();
    }

    private static UserAccount register(UseCases api, String name) {
        return api.registerUser().register(new RegisterUser.Command(Username.of(name), Email.of(name + "@example.org"),
                new Password("follow-backlog-bench"), DisplayName.of(name), Bio.EMPTY));
    }
}

package io.feedline.bench;

import io.feedline.adapter.dynamodb.EntityFollowImport;
import io.feedline.domain.FeedlineCore;
import io.feedline.domain.fanout.FanoutWorker;
import io.feedline.domain.settings.FeedSettings;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.RegisterUser;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.EntityRef;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * What a tag costs under the hybrid policy: for tags of 10, 1,000 and 100,000 followers, the
 * requests and time of one tagged publish with its fan-out drained, and of one page of a
 * follower's home feed; then the in-process latency of trending and of autocomplete against a
 * home-feed page read in the same run.
 */
@Command(name = "tag-costs", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "For each of --followers (default 10,1000,100000) a fresh tag gets that many followers (bulk-imported edges, plus",
            "one reader who follows it through the use case, which marks it hot at --threshold), then --runs times: one post",
            "tagged with it is published and its jobs drained by one worker (requests and ms), and the reader's first home",
            "page of 20 is read (requests and ms). Then --reads reads each of GET /tags/trending, GET /tags?prefix= and the",
            "home page, in process, interleaved; medians and the ratios to the feed read are reported. Hybrid mode."
        })
final class TagCostsCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    EngineOptions engines;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "3", description = "Runs per tag; medians reported. Default: ${DEFAULT-VALUE}.")
    int runs;

    @Option(names = "--followers", paramLabel = "N,N", split = ",", defaultValue = "10,1000,100000",
            description = "Follower counts of the tags. Default: ${DEFAULT-VALUE}.")
    List<Integer> sizes;

    @Option(names = "--threshold", paramLabel = "N", defaultValue = "10000",
            description = "fanout.celebrity-threshold for the run. Default: ${DEFAULT-VALUE}.")
    long threshold;

    @Option(names = "--reads", paramLabel = "N", defaultValue = "300", description = "Reads of each kind for the latency part. Default: ${DEFAULT-VALUE}.")
    int reads;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        BackendCalls calls = new BackendCalls();
        try (BenchLayout layout = BenchLayout.open(engines.profile(), engines.engines(), calls)) {
            FeedSettings settings = layout.config.feed().withMode(FanoutMode.HYBRID).withCelebrityThreshold(threshold);
            try (FeedlineCore core = FeedlineCore.create(layout.counted, settings)) {
                UseCases api = core.useCases();
                FanoutWorker worker = core.worker("tag-costs");
                String nonce = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
                UserAccount author = register(api, "tagauthor" + nonce);
                UserAccount reader = register(api, "tagreader" + nonce);
                for (int size : sizes) {
                    Tag tag = Tag.of("bench_" + size + "_" + nonce);
                    List<UserId> followers = new ArrayList<>(size);
                    for (int i = 0; i < size - 1; i++) {
                        followers.add(layout.raw.ids().newUserId());
                    }
                    long seedStart = System.nanoTime();
                    ((EntityFollowImport) layout.raw.entityFollows()).importFollowers(EntityRef.of(tag), followers, Instant.now());
                    api.followTags().follow(reader.id(), tag);
                    out.printf("tag of %,d followers: seeded in %.1f s%n", size, (System.nanoTime() - seedStart) / 1e9);
                    double[] publishCalls = new double[runs];
                    double[] publishMillis = new double[runs];
                    double[] readCalls = new double[runs];
                    double[] readMillis = new double[runs];
                    for (int run = 0; run < runs; run++) {
                        BackendCalls.Snapshot before = calls.snapshot();
                        long start = System.nanoTime();
                        api.publishPost().publish(new PublishPost.Command(author.id(), PostText.of("run " + run + " #" + tag.value()),
                                Optional.empty()));
                        worker.drain();
                        publishMillis[run] = (System.nanoTime() - start) / 1e6;
                        publishCalls[run] = calls.snapshot().since(before).calls();
                        before = calls.snapshot();
                        start = System.nanoTime();
                        api.readHomeFeed().read(reader.id(), reader.id(), PageRequest.first(20));
                        readMillis[run] = (System.nanoTime() - start) / 1e6;
                        readCalls[run] = calls.snapshot().since(before).calls();
                    }
                    out.printf("  %,d followers (%s): publish + fan-out %.0f requests, %.1f ms; feed page %.0f requests, %.1f ms (medians of %d)%n",
                            size, size >= threshold ? "hot: merged at read" : "pushed", Samples.median(publishCalls),
                            Samples.median(publishMillis), Samples.median(readCalls), Samples.median(readMillis), runs);
                    out.flush();
                }
                // Trending exists once the worker ranked; autocomplete over the bench tags' bucket.
                Samples feed = new Samples();
                Samples trending = new Samples();
                Samples complete = new Samples();
                for (int i = 0; i < reads; i++) {
                    time(feed, () -> api.readHomeFeed().read(reader.id(), reader.id(), PageRequest.first(20)));
                    time(trending, () -> api.readTags().trending());
                    time(complete, () -> api.readTags().complete("bench", 10));
                }
                out.printf("latency, medians of %d in-process reads: feed page %.2f ms, trending %.2f ms (%.2fx), autocomplete %.2f ms (%.2fx)%n",
                        reads, feed.millis(50), trending.millis(50), trending.millis(50) / feed.millis(50),
                        complete.millis(50), complete.millis(50) / feed.millis(50));
                out.flush();
            }
        }
        return 0;
    }

    private static void time(Samples samples, Supplier<?> read) {
        long start = System.nanoTime();
        read.get();
        samples.add(System.nanoTime() - start);
    }

    private static UserAccount register(UseCases api, String name) {
        return api.registerUser().register(new RegisterUser.Command(Username.of(name), Email.of(name + "@example.org"),
                new Password("tag-costs-bench"), DisplayName.of(name), Bio.EMPTY));
    }
}

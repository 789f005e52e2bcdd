package io.feedline.bench;

import io.feedline.app.bootstrap.FeedlineConfig;
import io.feedline.domain.FeedlineCore;
import io.feedline.ports.in.ManageMedia;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.RegisterUser;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.ContentType;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.FeedlineException.MediaRejected;
import io.feedline.ports.model.MediaAttachment;
import io.feedline.ports.model.MediaId;
import io.feedline.ports.model.MediaKey;
import io.feedline.ports.model.MediaMeta;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.MediaStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import java.util.function.ToDoubleFunction;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * What a photo costs: the whole upload use case beside the store's own PUT of the same bytes, on the
 * filesystem store and on S3 (S3Proxy in this process); the hot home page with photo posts beside the
 * same page of text posts; and the process's memory across rejected decompression bombs.
 */
@Command(name = "media", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Uploads a photo-like JPEG (made from --seed, no EXIF, about 2 MB at the defaults) through ManageMedia as the",
            "app wires it (type detection, pixel check, re-encode without metadata, preview, blurhash, two puts, the",
            "record) on the filesystem store (a temporary folder) and the S3 store (S3Proxy in this process, in memory),",
            "at each --concurrency, beside MediaStore.put of the same bytes on the same stores. Then the first home page",
            "of 20 photo posts against 20 text posts (warm, DynamoDB requests counted), and --bombs PNGs that declare",
            "--bomb-side squared pixels in a few KB, each of which must be refused, with RSS and heap before, after and",
            "at most. Every part runs --runs times; medians are reported."
        })
final class MediaCommand implements Callable<Integer> {
    private static final int PAGE = 20;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    MedianRuns runs;

    @Option(names = "--photo", paramLabel = "WxH", defaultValue = "4000x3000",
            description = "Size of the uploaded photo (a 12 Mpx phone photo). Default: ${DEFAULT-VALUE}.")
    String photoSize;

    @Option(names = "--quality", paramLabel = "Q", defaultValue = "85",
            description = "Its JPEG quality, 1 to 100 as libjpeg counts it. Default: ${DEFAULT-VALUE}.")
    int quality;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "Seed of every image. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--concurrency", paramLabel = "N,N", split = ",",
            description = "Concurrent uploaders (and PUTs). Default: 1 and the number of processors.")
    List<Integer> concurrency;

    @Option(names = "--uploads", paramLabel = "N", defaultValue = "12",
            description = "Measured uploads per store and concurrency, per run. Default: ${DEFAULT-VALUE}.")
    int uploads;

    @Option(names = "--puts", paramLabel = "N", defaultValue = "60",
            description = "Measured PUTs of the same bytes per store and concurrency, per run. Default: ${DEFAULT-VALUE}.")
    int puts;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "4",
            description = "Uploads per store before the runs (and ten times as many PUTs). Default: ${DEFAULT-VALUE}.")
    int warmup;

    @Option(names = "--feed-posts", paramLabel = "N", defaultValue = "20",
            description = "Posts of each author in the feed part; fewer than 20 leave the page short, and a short page "
                    + "looks further in DynamoDB. Default: ${DEFAULT-VALUE}.")
    int feedPosts;

    @Option(names = "--photos-per-post", paramLabel = "N", defaultValue = "4",
            description = "Attachments of each photo post (4 is the most a post has). Default: ${DEFAULT-VALUE}.")
    int photosPerPost;

    @Option(names = "--feed-photo", paramLabel = "WxH", defaultValue = "640x480",
            description = "Size of the feed posts' photos (their size is not read by a page). Default: ${DEFAULT-VALUE}.")
    String feedPhotoSize;

    @Option(names = "--reads", paramLabel = "N", defaultValue = "500",
            description = "Measured first-page reads of each feed per run, interleaved. Default: ${DEFAULT-VALUE}.")
    int reads;

    @Option(names = "--bombs", paramLabel = "N", defaultValue = "100", description = "Decompression bombs per run. Default: ${DEFAULT-VALUE}.")
    int bombs;

    @Option(names = "--bomb-side", paramLabel = "PIXELS", defaultValue = "40000",
            description = "Width and height the bombs declare. Default: ${DEFAULT-VALUE}.")
    int bombSide;

    /** One store, opened by the app's own bootstrap, with its core. */
    private record Target(String name, BenchLayout layout, BackendCalls calls, FeedlineCore core, String describe)
            implements AutoCloseable {
        ManageMedia media() {
            return core.useCases().manageMedia();
        }

        MediaStore store() {
            return layout.raw.mediaStore();
        }

        @Override
        public void close() {
            try {
                core.close();
            } finally {
                layout.close();
            }
        }
    }

    /** Operations at a concurrency: rate over the batch's wall time, and each one's latency. */
    record Batch(double perSecond, double p50Millis, double p99Millis) {}

    /** One run's figures of one store at one concurrency. */
    record StoreRun(String store, int concurrency, Batch upload, Batch put) {}

    record FeedRun(double photoP50, double photoP99, double textP50, double textP99, double photoDynamo, double textDynamo,
            double photoCalls, double textCalls, Map<String, Long> patterns) {}

    record BombRun(int refused, int other, double p50Millis, double p99Millis, long rssBefore, long rssAfter, long rssMax,
            long heapBefore, long heapAfter, long heapMax, long rssAfterGc, long heapAfterGc) {}

    record Run(List<StoreRun> stores, FeedRun feed, BombRun bombs) {}

    @Override
    public Integer call() throws Exception {
        int[] photo = size("--photo", photoSize);
        int[] feedPhoto = size("--feed-photo", feedPhotoSize);
        List<Integer> levels = concurrency == null || concurrency.isEmpty()
                ? List.of(1, Runtime.getRuntime().availableProcessors()).stream().distinct().toList()
                : concurrency;
        if (runs.count < 1 || uploads < 1 || puts < 1 || warmup < 0 || feedPosts < 1 || reads < 1 || bombs < 1
                || photosPerPost < 1 || photosPerPost > Post.MAX_MEDIA || levels.stream().anyMatch(c -> c < 1) || bombSide < 1
                || quality < 1 || quality > 100) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--runs, --uploads, --puts, --feed-posts, --reads, --bombs, --bomb-side and --concurrency must be positive, "
                            + "--warmup not negative, --photos-per-post 1 to " + Post.MAX_MEDIA + ", --quality 1 to 100");
        }
        PrintWriter out = spec.commandLine().getOut();
        String command = ("feedline " + String.join(" ", spec.commandLine().getParseResult().originalArgs())).strip();
        out.println("machine: " + Machine.current().describe());
        out.flush();

        byte[] jpeg = MediaFixtures.photo(photo[0], photo[1], quality, seed);
        byte[] bomb = MediaFixtures.pngBomb(bombSide, bombSide, 100);
        FeedlineConfig.Profile profile = runs.engines.profile();
        String nonce = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
        try (InProcessS3 s3 = InProcessS3.start();
                Target fs = open("filesystem", profile, Map.of("storage.media", "filesystem"),
                        "a temporary folder of this process (as with dynamodb.in-memory)");
                Target bucket = open("s3", profile, s3Settings(s3, "feedline-bench-" + nonce),
                        "S3Proxy in this process (in-memory blobstore, AWS signatures checked) at " + s3.endpoint()
                                + ", path-style, bucket feedline-bench-" + nonce)) {
            List<Target> targets = List.of(fs, bucket);
            UserId uploader = fs.layout.raw.ids().newUserId();
            // What the use case stores for the photo: the re-encoded original and the preview.
            MediaAttachment sample = fs.media().upload(uploader, new ByteArrayInputStream(jpeg), Optional.empty(), Optional.empty());
            forget(fs.store(), List.of(sample));

            for (Target target : targets) {
                UserId owner = target.layout.raw.ids().newUserId();
                List<MediaAttachment> made = new ArrayList<>();
                for (int i = 0; i < warmup; i++) {
                    made.add(target.media().upload(owner, new ByteArrayInputStream(jpeg), Optional.empty(), Optional.empty()));
                }
                forget(target.store(), made);
                for (int i = 0; i < warmup * 10; i++) {
                    MediaKey key = rawKey(nonce, "warm" + i);
                    target.store().put(key, jpeg, ContentType.of("image/jpeg"));
                    target.store().delete(key);
                }
            }
            Feed feed = Feed.seed(fs, nonce, feedPosts, photosPerPost, feedPhoto, seed);

            List<Run> results = new ArrayList<>();
            for (int run = 1; run <= runs.count; run++) {
                long start = System.nanoTime();
                List<StoreRun> storeRuns = new ArrayList<>();
                for (Target target : targets) {
                    for (int level : levels) {
                        storeRuns.add(new StoreRun(target.name(), level, uploadBatch(target, level, jpeg),
                                putBatch(target, level, jpeg, nonce + "r" + run + "c" + level)));
                    }
                }
                FeedRun feedRun = feed.measure(reads);
                BombRun bombRun = bombs(fs, bomb);
                results.add(new Run(storeRuns, feedRun, bombRun));
                out.printf(Locale.ROOT, "run %d (%.1f s): %s; feed p50 photo %.3f ms, text %.3f ms; bombs refused %d of %d, p50 %.2f ms%n",
                        run, (System.nanoTime() - start) / 1e9, storeSummary(storeRuns), feedRun.photoP50(), feedRun.textP50(),
                        bombRun.refused(), bombs, bombRun.p50Millis());
                out.flush();
            }

            int slots = fs.layout.config.media().uploads().inFlight();
            List<String> report = report(command, results, levels, photo, jpeg, sample, slots,
                    fs, bucket, feed, feedPhoto, bomb);
            report.forEach(out::println);
            out.flush();
            boolean allRefused = results.stream().allMatch(r -> r.bombs().refused() == bombs);
            return allRefused ? 0 : 1;
        }
    }

    private Target open(String name, FeedlineConfig.Profile profile, Map<String, Object> settings, String describe) {
        BackendCalls calls = new BackendCalls();
        BenchLayout layout = BenchLayout.open(profile, runs.engines.engines(), calls, settings);
        try {
            return new Target(name, layout, calls, FeedlineCore.create(layout.counted, layout.config.feed()), describe);
        } catch (RuntimeException e) {
            layout.close();
            throw e;
        }
    }

    private static Map<String, Object> s3Settings(InProcessS3 s3, String bucket) {
        return Map.of(
                "storage.media", "s3",
                "media.s3.endpoint", s3.endpoint(),
                "media.s3.bucket", bucket,
                "media.s3.path-style", true,
                "media.s3.access-key-id", InProcessS3.ACCESS_KEY,
                "media.s3.secret-access-key", InProcessS3.SECRET_KEY,
                "media.public-base-url", s3.endpoint() + "/" + bucket);
    }

    private Batch uploadBatch(Target target, int level, byte[] jpeg) {
        UserId owner = target.layout.raw.ids().newUserId();
        Queue<MediaAttachment> made = new ConcurrentLinkedQueue<>();
        Batch batch = batch(level, uploads, i -> () -> made.add(
                target.media().upload(owner, new ByteArrayInputStream(jpeg), Optional.empty(), Optional.empty())));
        forget(target.store(), List.copyOf(made));
        return batch;
    }

    private Batch putBatch(Target target, int level, byte[] jpeg, String prefix) {
        List<MediaKey> keys = new ArrayList<>();
        for (int i = 0; i < puts; i++) {
            keys.add(rawKey(prefix, Integer.toString(i)));
        }
        ContentType type = ContentType.of("image/jpeg");
        Batch batch = batch(level, puts, i -> () -> target.store().put(keys.get(i), jpeg, type));
        keys.forEach(target.store()::delete);
        return batch;
    }

    private static MediaKey rawKey(String prefix, String name) {
        return MediaKey.of("media/bench-put-" + prefix + "-" + name + "/original.jpg");
    }

    /** {@code count} operations by {@code level} virtual threads (as the app serves requests), each timed. */
    static Batch batch(int level, int count, IntFunction<Runnable> operation) {
        Samples latency = new Samples();
        AtomicInteger next = new AtomicInteger();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        long start = System.nanoTime();
        for (int t = 0; t < level; t++) {
            threads.add(Thread.ofVirtual().start(() -> {
                int i;
                while (failure.get() == null && (i = next.getAndIncrement()) < count) {
                    long begin = System.nanoTime();
                    try {
                        operation.apply(i).run();
                    } catch (RuntimeException e) {
                        failure.compareAndSet(null, e);
                        return;
                    }
                    latency.add(System.nanoTime() - begin);
                }
            }));
        }
        join(threads);
        long wall = System.nanoTime() - start;
        if (failure.get() != null) {
            throw failure.get();
        }
        return new Batch(count / (wall / 1e9), latency.millis(50), latency.millis(99));
    }

    private BombRun bombs(Target target, byte[] bomb) throws InterruptedException {
        UserId owner = target.layout.raw.ids().newUserId();
        System.gc();
        Thread.sleep(200);
        long rssBefore = ProcessMemory.rss();
        long heapBefore = ProcessMemory.heapUsed();
        ProcessMemory.Peak peak = ProcessMemory.watch();
        Samples times = new Samples();
        int refused = 0;
        int other = 0;
        try {
            for (int i = 0; i < bombs; i++) {
                long begin = System.nanoTime();
                try {
                    MediaAttachment accepted = target.media().upload(owner, new ByteArrayInputStream(bomb), Optional.empty(), Optional.empty());
                    forget(target.store(), List.of(accepted));
                    other++;
                } catch (MediaRejected e) {
                    if (e.reason() == MediaRejected.Reason.TOO_MANY_PIXELS) {
                        refused++;
                    } else {
                        other++;
                    }
                } catch (RuntimeException e) {
                    other++;
                }
                times.add(System.nanoTime() - begin);
                peak.sample();
            }
        } finally {
            peak.stop();
        }
        long rssAfter = ProcessMemory.rss();
        long heapAfter = ProcessMemory.heapUsed();
        // What the refusals kept, as against what they left for the collector.
        System.gc();
        Thread.sleep(200);
        return new BombRun(refused, other, times.millis(50), times.millis(99), rssBefore, rssAfter,
                Math.max(peak.rss(), rssAfter), heapBefore, heapAfter, Math.max(peak.heap(), heapAfter), ProcessMemory.rss(),
                ProcessMemory.heapUsed());
    }

    /** The feed part: two authors of the same posts, one with photos, each followed by one reader. */
    private static final class Feed {
        final Target target;
        final UserAccount photoReader;
        final UserAccount textReader;
        final int attachments;

        private Feed(Target target, UserAccount photoReader, UserAccount textReader, int attachments) {
            this.target = target;
            this.photoReader = photoReader;
            this.textReader = textReader;
            this.attachments = attachments;
        }

        static Feed seed(Target target, String nonce, int posts, int photosPerPost, int[] photoSize, long seed) {
            UseCases api = target.core.useCases();
            UserAccount photoAuthor = register(api, "mphotos" + nonce);
            UserAccount textAuthor = register(api, "mtexts" + nonce);
            UserAccount photoReader = register(api, "mphotoreader" + nonce);
            UserAccount textReader = register(api, "mtextreader" + nonce);
            api.follow().follow(photoReader.id(), photoAuthor.username());
            api.follow().follow(textReader.id(), textAuthor.username());
            for (int i = 0; i < posts; i++) {
                List<MediaId> media = new ArrayList<>();
                for (int p = 0; p < photosPerPost; p++) {
                    byte[] jpeg = MediaFixtures.photo(photoSize[0], photoSize[1], 85, seed + 1 + i * Post.MAX_MEDIA + p);
                    media.add(api.manageMedia().upload(photoAuthor.id(), new ByteArrayInputStream(jpeg),
                            Optional.of("photo " + p + " of post " + i), Optional.empty()).id());
                }
                PostText text = PostText.of("post " + i + " of the media benchmark, with the same words on both feeds");
                api.publishPost().publish(new PublishPost.Command(photoAuthor.id(), text, Optional.empty(), Optional.empty(),
                        Optional.empty(), media));
                api.publishPost().publish(new PublishPost.Command(textAuthor.id(), text, Optional.empty()));
            }
            target.core.worker("media-bench").drain();
            Feed feed = new Feed(target, photoReader, textReader, Math.min(posts, PAGE) * photosPerPost);
            int photoAttachments = feed.page(photoReader).items().stream().mapToInt(post -> post.media().size()).sum();
            int textAttachments = feed.page(textReader).items().stream().mapToInt(post -> post.media().size()).sum();
            if (photoAttachments != feed.attachments || textAttachments != 0) {
                throw new IllegalStateException("the photo page holds " + photoAttachments + " attachments, not " + feed.attachments
                        + ", and the text page " + textAttachments);
            }
            return feed;
        }

        Page<Post> page(UserAccount reader) {
            return target.core.useCases().readHomeFeed().read(reader.id(), reader.id(), PageRequest.first(PAGE));
        }

        /** {@code reads} warm-up reads of each, then {@code reads} timed and counted reads of each, alternating. */
        FeedRun measure(int reads) {
            for (int i = 0; i < reads; i++) {
                page(photoReader);
                page(textReader);
            }
            Map<String, Long> before = target.calls.requestsByPattern();
            Samples photo = new Samples();
            Samples text = new Samples();
            long[] photoCost = new long[2];
            long[] textCost = new long[2];
            for (int i = 0; i < reads; i++) {
                read(photoReader, photo, photoCost);
                read(textReader, text, textCost);
            }
            Map<String, Long> patterns = new TreeMap<>();
            target.calls.requestsByPattern().forEach((pattern, count) -> {
                long spent = count - before.getOrDefault(pattern, 0L);
                if (spent > 0) {
                    patterns.put(pattern, spent);
                }
            });
            return new FeedRun(photo.millis(50), photo.millis(99), text.millis(50), text.millis(99),
                    photoCost[0] / (double) reads, textCost[0] / (double) reads, photoCost[1] / (double) reads,
                    textCost[1] / (double) reads, patterns);
        }

        private void read(UserAccount reader, Samples samples, long[] cost) {
            BackendCalls.Snapshot before = target.calls.snapshot();
            long begin = System.nanoTime();
            page(reader);
            samples.add(System.nanoTime() - begin);
            BackendCalls.Snapshot spent = target.calls.snapshot().since(before);
            cost[0] += spent.dynamoReads() + spent.dynamoWrites();
            cost[1] += spent.calls();
        }

        private static UserAccount register(UseCases api, String name) {
            return api.registerUser().register(new RegisterUser.Command(Username.of(name), Email.of(name + "@example.org"),
                    new Password("media-bench-" + name), DisplayName.of(name), Bio.EMPTY));
        }
    }

    private List<String> report(String command, List<Run> results, List<Integer> levels, int[] photo, byte[] jpeg,
            MediaAttachment sample, int slots, Target fs, Target bucket, Feed feed,
            int[] feedPhoto, byte[] bomb) {
        List<String> out = new ArrayList<>();
        int n = results.size();
        out.add("");
        out.add("### `" + command + "`");
        out.add("");
        out.add("- machine: " + Machine.current().describe());
        out.add("- storage: " + fs.layout.describe());
        out.add("- filesystem store: " + fs.describe());
        out.add("- S3 store: " + bucket.describe());
        out.add(String.format(Locale.ROOT,
                "- photo: %d x %d JPEG from the JDK encoder, %,d bytes (quality %d, seed %d, no EXIF); the use case stores it re-encoded as %s "
                        + "and a preview of %s",
                photo[0], photo[1], jpeg.length, quality, seed, describe(sample.original()), describe(sample.small())));
        out.add(String.format(Locale.ROOT,
                "- upload: ManageMedia.upload as the app wires it, media.max-concurrent-uploads = %d on %d processors; "
                        + "PUT: MediaStore.put of the photo's %,d bytes; per run, store and concurrency: %d uploads and %d PUTs, "
                        + "after %d uploads and %d PUTs of warm-up per store",
                slots, Runtime.getRuntime().availableProcessors(), jpeg.length, uploads, puts, warmup, warmup * 10));
        out.add("");
        out.add("Upload against the store's own PUT of the same bytes, medians of " + n + " runs:");
        out.add("");
        out.add("| store | concurrency | uploads/s | upload p50 / p99 | PUTs/s | PUT p50 / p99 | upload p50 / PUT p50 | PUTs/s / uploads/s |");
        out.add("|---|---|---|---|---|---|---|---|");
        for (String store : List.of("filesystem", "s3")) {
            for (int level : levels) {
                List<StoreRun> rows = results.stream().flatMap(r -> r.stores().stream())
                        .filter(s -> s.store().equals(store) && s.concurrency() == level).toList();
                double ups = median(rows, s -> s.upload().perSecond());
                double up50 = median(rows, s -> s.upload().p50Millis());
                double up99 = median(rows, s -> s.upload().p99Millis());
                double pps = median(rows, s -> s.put().perSecond());
                double put50 = median(rows, s -> s.put().p50Millis());
                double put99 = median(rows, s -> s.put().p99Millis());
                out.add(String.format(Locale.ROOT, "| %s | %d | %.2f | %.1f / %.1f ms | %.1f | %.2f / %.2f ms | %.0fx | %.0fx |",
                        store, level, ups, up50, up99, pps, put50, put99, up50 / put50, pps / ups));
            }
        }
        out.add("");
        double photoDynamo = median(results, r -> r.feed().photoDynamo());
        double textDynamo = median(results, r -> r.feed().textDynamo());
        double photo50 = median(results, r -> r.feed().photoP50());
        double text50 = median(results, r -> r.feed().textP50());
        double photo99 = median(results, r -> r.feed().photoP99());
        double text99 = median(results, r -> r.feed().textP99());
        out.add(String.format(Locale.ROOT,
                "Home feed, first page of %d, warm (%s mode, fan-out drained, %,d reads of each per run after as many "
                        + "untimed, alternating), medians of %d runs. Photo posts carry %d attachment(s) each (%d x %d photos):",
                PAGE, feed.target.core.settings().mode().name().toLowerCase(Locale.ROOT), reads, n, photosPerPost,
                feedPhoto[0], feedPhoto[1]));
        out.add("");
        out.add("| page | attachments | p50 / p99 | DynamoDB requests / page | calls / page |");
        out.add("|---|---|---|---|---|");
        out.add(String.format(Locale.ROOT, "| photo posts | %d | %.3f / %.3f ms | %.2f | %.2f |", feed.attachments, photo50, photo99,
                photoDynamo, median(results, r -> r.feed().photoCalls())));
        out.add(String.format(Locale.ROOT, "| text posts | 0 | %.3f / %.3f ms | %.2f | %.2f |", text50, text99, textDynamo,
                median(results, r -> r.feed().textCalls())));
        out.add(String.format(Locale.ROOT, "| photo / text | | %.2fx / %.2fx | | |", photo50 / text50, photo99 / text99));
        double worstDynamo = results.stream().mapToDouble(r -> Math.max(r.feed().photoDynamo(), r.feed().textDynamo())).max().orElse(0);
        out.add("");
        out.add(worstDynamo == 0
                ? "DynamoDB requests per warm page: 0 in every run (target 0: met)."
                : String.format(Locale.ROOT, "DynamoDB requests per warm page: up to %.3f (target 0: NOT met); by access pattern, "
                        + "over every run's timed reads: %s.", worstDynamo, patterns(results)));
        out.add("");
        int refused = results.stream().mapToInt(r -> r.bombs().refused()).sum();
        int other = results.stream().mapToInt(r -> r.bombs().other()).sum();
        out.add(String.format(Locale.ROOT,
                "Decompression bombs: %d a run, each a %,d-byte PNG that declares %,d x %,d pixels (%,.1f Mpx), through the same "
                        + "upload path (filesystem store), medians of %d runs; before is after a GC, after is right after the last "
                        + "refusal, max is sampled every millisecond between them:",
                bombs, bomb.length, bombSide, bombSide, (double) bombSide * bombSide / 1e6, n));
        out.add("");
        out.add("| figure | before | after | max | after a GC |");
        out.add("|---|---|---|---|---|");
        out.add(String.format(Locale.ROOT, "| RSS (VmRSS) | %s | %s | %s | %s |", mib(median(results, r -> r.bombs().rssBefore())),
                mib(median(results, r -> r.bombs().rssAfter())), mib(median(results, r -> r.bombs().rssMax())),
                mib(median(results, r -> r.bombs().rssAfterGc()))));
        out.add(String.format(Locale.ROOT, "| heap used | %s | %s | %s | %s |", mib(median(results, r -> r.bombs().heapBefore())),
                mib(median(results, r -> r.bombs().heapAfter())), mib(median(results, r -> r.bombs().heapMax())),
                mib(median(results, r -> r.bombs().heapAfterGc()))));
        out.add("");
        out.add(String.format(Locale.ROOT, "Bombs refused as too many pixels: %d of %d%s; a rejection p50 %.2f ms, p99 %.2f ms.",
                refused, bombs * n, other == 0 ? " (every one)" : ", " + other + " NOT refused so", median(results, r -> r.bombs().p50Millis()),
                median(results, r -> r.bombs().p99Millis())));
        return out;
    }

    private static Map<String, Long> patterns(List<Run> results) {
        Map<String, Long> all = new TreeMap<>();
        results.forEach(r -> r.feed().patterns().forEach((pattern, count) -> all.merge(pattern, count, Long::sum)));
        return all;
    }

    private static String storeSummary(List<StoreRun> runs) {
        StringBuilder text = new StringBuilder();
        for (StoreRun run : runs) {
            text.append(text.isEmpty() ? "" : ", ").append(String.format(Locale.ROOT, "%s c%d %.2f uploads/s %.0f PUTs/s",
                    run.store(), run.concurrency(), run.upload().perSecond(), run.put().perSecond()));
        }
        return text.toString();
    }

    private static String describe(MediaMeta meta) {
        return String.format(Locale.ROOT, "%d x %d, %,d bytes", meta.width(), meta.height(), meta.length());
    }

    private static String mib(double bytes) {
        return String.format(Locale.ROOT, "%.0f MiB", bytes / (1024 * 1024));
    }

    private static <T> double median(List<T> rows, ToDoubleFunction<T> figure) {
        return Samples.median(rows.stream().mapToDouble(figure).toArray());
    }

    private static void forget(MediaStore store, List<MediaAttachment> made) {
        for (MediaAttachment media : made) {
            store.delete(media.originalKey());
            store.delete(media.smallKey());
        }
    }

    private static void join(List<Thread> threads) {
        try {
            for (Thread thread : threads) {
                thread.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private int[] size(String option, String value) {
        String[] parts = value.toLowerCase(Locale.ROOT).split("x");
        try {
            int[] size = {Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip())};
            if (parts.length == 2 && size[0] > 0 && size[1] > 0) {
                return size;
            }
        } catch (RuntimeException e) {
            // falls through
        }
        throw new CommandLine.ParameterException(spec.commandLine(), option + " must be WIDTHxHEIGHT, not '" + value + "'");
    }

    /** The process's resident set and heap, and their peaks while something runs. */
    static final class ProcessMemory {
        private ProcessMemory() {}

        /** VmRSS of /proc/self/status in bytes; 0 where there is none. */
        static long rss() {
            try {
                for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                    if (line.startsWith("VmRSS:")) {
                        return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                    }
                }
            } catch (IOException | RuntimeException e) {
                // no procfs
            }
            return 0;
        }

        static long heapUsed() {
            return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        }

        static Peak watch() {
            return new Peak();
        }

        /** Samples RSS and heap every millisecond on a thread of its own, and when told to. */
        static final class Peak {
            private final AtomicBoolean running = new AtomicBoolean(true);
            private long rss;
            private long heap;
            private final Thread thread;

            Peak() {
                thread = Thread.ofPlatform().daemon().name("media-bench-memory").start(() -> {
                    while (running.get()) {
                        sample();
                        try {
                            Thread.sleep(1);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                });
            }

            synchronized void sample() {
                rss = Math.max(rss, ProcessMemory.rss());
                heap = Math.max(heap, ProcessMemory.heapUsed());
            }

            void stop() throws InterruptedException {
                running.set(false);
                thread.join();
                sample();
            }

            synchronized long rss() {
                return rss;
            }

            synchronized long heap() {
                return heap;
            }
        }
    }
}

package io.feedline.app.bootstrap;

import io.feedline.adapter.dynamodb.CapacityListener;
import io.feedline.adapter.dynamodb.ClientInterceptors;
import io.feedline.adapter.dynamodb.DynamoSettings;
import io.feedline.adapter.dynamodb.DynamoStorage;
import io.feedline.adapter.dynamodb.EmbeddedDynamo;
import io.feedline.adapter.filesystem.FilesystemMediaStore;
import io.feedline.adapter.imaging.ImageProcessing;
import io.feedline.adapter.lucene.LuceneSearchIndex;
import io.feedline.adapter.memory.LocalLiveEvents;
import io.feedline.adapter.memory.MemoryCaches;
import io.feedline.adapter.memory.SingleProcessAnnouncements;
import io.feedline.adapter.memory.SingleProcessOutboxSignals;
import io.feedline.adapter.postgres.PostgresUsers;
import io.feedline.adapter.redis.RedisRateLimitBuckets;
import io.feedline.adapter.redis.RedisTimelines;
import io.feedline.adapter.s3.S3MediaStore;
import io.feedline.domain.DomainPorts;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.RelationChange;
import io.feedline.ports.out.Announcements;
import io.feedline.ports.out.Articles;
import io.feedline.ports.out.CelebrityRegistry;
import io.feedline.ports.out.ExploreIndex;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.FeedItems;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.HealthProbe;
import io.feedline.ports.out.IdempotencyKeys;
import io.feedline.ports.out.Likes;
import io.feedline.ports.out.LiveEvents;
import io.feedline.ports.out.MediaAttachments;
import io.feedline.ports.out.MediaProcessing;
import io.feedline.ports.out.MediaStore;
import io.feedline.ports.out.Notifications;
import io.feedline.ports.out.OutboxSignals;
import io.feedline.ports.out.PostCache;
import io.feedline.ports.out.PostCounters;
import io.feedline.ports.out.Posts;
import io.feedline.ports.out.Rankings;
import io.feedline.ports.out.Relations;
import io.feedline.ports.out.Reposts;
import io.feedline.ports.out.RevokedTokens;
import io.feedline.ports.out.SearchIndex;
import io.feedline.ports.out.TimelineCache;
import io.feedline.ports.out.UserAccounts;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The storage ports the configuration chose, opened, with the probes {@code /health} pings and the
 * resources shutdown closes (in the reverse order of opening). The one place that names adapters.
 */
final class Storage implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Storage.class);
    /** The most live events waiting for this process's streams; past it they are dropped (streams are best effort). */
    private static final int LIVE_QUEUE = 10_000;

    final UserAccounts users;
    final Posts posts;
    final FollowGraph graph;
    final FeedItems feedItems;
    final TimelineCache timelines;
    final PostCache postCache;
    final Likes likes;
    final PostCounters counters;
    final Reposts reposts;
    final FanoutJobs jobs;
    final CelebrityRegistry celebrities;
    final IdempotencyKeys idempotencyKeys;
    final RevokedTokens revokedTokens;
    final Notifications notifications;
    final Relations relations;
    final SearchIndex search;
    final io.feedline.ports.out.EntityFollows entityFollows;
    final io.feedline.ports.out.TagIndex tagIndex;
    final io.feedline.ports.out.Subscriptions subscriptions;
    /** The engines of record: one that does not answer takes the service down. */
    final List<HealthProbe> probes;
    /** The caches: one that does not answer only degrades the service (reads go to the engines of record). */
    final List<HealthProbe> cacheProbes;
    private final Deque<AutoCloseable> resources;
    /** Explore's time index and rankings: DynamoDB in every layout (see ARCHITECTURE.md, Explore). */
    final ExploreIndex explore;
    final Rankings rankings;
    /** Articles' slugs, drafts and list: DynamoDB in every layout, beside the posts they are written with. */
    final Articles articles;
    /** The live channel: in this process with in-memory caches, between every process over Redis with Redis. */
    final LiveEvents live;
    /** Word of new outbox jobs between processes: none with in-memory caches (one process), over Redis with Redis. */
    final OutboxSignals outboxSignals;
    /** Word of mutes and blocks between processes: none with in-memory caches (one process), over Redis with Redis. */
    final Announcements<RelationChange> relationChanges;
    /** Media records: DynamoDB in every layout, beside the posts that attach them. */
    final MediaAttachments mediaRecords;
    /** Uploaded objects, in the store {@code storage.media} chose. */
    final MediaStore mediaStore;
    final MediaProcessing mediaProcessing;
    /**
     * Word of revoked tokens between processes, over Redis with Redis. None with in-memory caches:
     * revocations are kept in DynamoDB, which servers may share whatever their caches, and a token
     * refused late is a hole, where a mute seen late is only a nuisance.
     */
    final Optional<Announcements<String>> tokenRevocations;

    private Storage(DynamoStorage dynamo, UserAccounts users, Caches caches, SearchIndex search, MediaStore mediaStore,
            MediaProcessing mediaProcessing, List<HealthProbe> probes, Deque<AutoCloseable> resources) {
        this.mediaRecords = dynamo.media();
        this.mediaStore = mediaStore;
        this.mediaProcessing = mediaProcessing;
        this.users = users;
        this.search = search;
        this.posts = dynamo.posts();
        this.graph = dynamo.followGraph();
        this.feedItems = dynamo.feedItems();
        this.timelines = caches.timelines();
        this.postCache = caches.posts();
        this.likes = dynamo.likes();
        this.counters = dynamo.counters();
        this.reposts = dynamo.reposts();
        this.jobs = dynamo.fanoutJobs();
        this.celebrities = dynamo.celebrityRegistry();
        this.idempotencyKeys = dynamo.idempotencyKeys();
        this.revokedTokens = dynamo.revokedTokens();
        this.notifications = dynamo.notifications();
        this.relations = dynamo.relations();
        this.entityFollows = dynamo.entityFollows();
        this.tagIndex = dynamo.tagIndex();
        this.subscriptions = dynamo.subscriptions();
        this.explore = dynamo.exploreIndex();
        this.rankings = dynamo.rankings();
        this.articles = dynamo.articles();
        this.live = caches.live();
        this.outboxSignals = caches.outboxSignals();
        this.relationChanges = caches.relationChanges();
        this.tokenRevocations = caches.tokenRevocations();
        this.probes = List.copyOf(probes);
        this.cacheProbes = caches.probes();
        this.resources = resources;
    }

    /**
     * The domain's ports over these engines, with the app's password hasher and an id generator on
     * {@code clock}: what the core runs on, built in this one place.
     */
    DomainPorts ports(Clock clock, FeedlineConfig.Passwords passwords) {
        return DomainPorts.builder()
                .users(users).posts(posts).graph(graph).feedItems(feedItems).timelines(timelines).postCache(postCache)
                .likes(likes).counters(counters).reposts(reposts).jobs(jobs).celebrities(celebrities)
                .idempotencyKeys(idempotencyKeys).notifications(notifications)
                .hasher(new BoundedPasswords(new Argon2idPasswords(), passwords.bounds(), passwords.shedDelay(),
                        BoundedPasswords.Pause.SLEEP))
                .ids(new UlidIds(clock)).clock(clock).relations(relations).search(search).entityFollows(entityFollows)
                .tagIndex(tagIndex).subscriptions(subscriptions).explore(explore).rankings(rankings).articles(articles)
                .live(live).outboxSignals(outboxSignals).relationChanges(relationChanges)
                .mediaRecords(mediaRecords).mediaStore(mediaStore).mediaProcessing(mediaProcessing)
                .build();
    }

    /**
     * Opens every engine the configuration names; with {@code initialize}, also creates the table and
     * runs the migrations. If one engine fails, those already open are closed before the failure
     * propagates.
     */
    static Storage open(FeedlineConfig config, CapacityListener capacity, boolean initialize) {
        return open(config, capacity, initialize, ClientInterceptors.NONE);
    }

    /** As above, with extra interceptors on the DynamoDB client (tests only pass any). */
    static Storage open(FeedlineConfig config, CapacityListener capacity, boolean initialize,
            ClientInterceptors dynamoInterceptors) {
        Deque<AutoCloseable> resources = new ArrayDeque<>();
        try {
            List<HealthProbe> probes = new ArrayList<>();
            DynamoStorage dynamo = openDynamo(config, capacity, dynamoInterceptors, resources);
            if (initialize) {
                dynamo.bootstrap();
            }
            probes.add(dynamo.healthProbe());

            Optional<PostgresUsers> postgresUsers = Optional.empty();
            UserAccounts users = switch (config.users()) {
                case DYNAMODB -> dynamo.userAccounts();
                case POSTGRES -> {
                    PostgresUsers postgres = PostgresUsers.open(config.postgres().orElseThrow());
                    resources.push(postgres);
                    requireReachable(postgres, initialize);
                    probes.add(postgres.healthProbe());
                    postgresUsers = Optional.of(postgres);
                    yield postgres.userAccounts();
                }
            };
            SearchIndex search = switch (config.search()) {
                case POSTGRES -> postgresUsers.orElseThrow().searchIndex();
                case LUCENE -> {
                    FeedlineConfig.Dynamo where = config.dynamo();
                    // File-backed only beside an embedded, file-backed DynamoDB Local: with a table at an
                    // endpoint (shared with other processes) the index is this process's own, in memory.
                    LuceneSearchIndex lucene = where.inMemory() || where.endpoint().isPresent()
                            ? LuceneSearchIndex.inMemory()
                            : LuceneSearchIndex.open(where.dataDir().resolve("search"));
                    resources.push(lucene);
                    yield lucene;
                }
            };
            Caches caches = switch (config.timelines()) {
                case MEMORY -> {
                    MemoryCaches memory = MemoryCaches.create(config.memory().orElseThrow());
                    LocalLiveEvents live = new LocalLiveEvents(LIVE_QUEUE);
                    resources.push(live);
                    yield new Caches(memory.timelineCache(), memory.postCache(), live, new SingleProcessOutboxSignals(),
                            new SingleProcessAnnouncements<>(), Optional.empty(), List.of());
                }
                case REDIS -> {
                    // Returns even while Redis is unreachable: it is only a cache, so the server starts
                    // and serves from DynamoDB while the adapter connects in the background.
                    RedisTimelines redis = RedisTimelines.connect(config.redis().orElseThrow());
                    resources.push(redis);
                    LocalLiveEvents heard = new LocalLiveEvents(LIVE_QUEUE);
                    resources.push(heard);
                    yield new Caches(redis.timelineCache(), redis.postCache(), redis.liveEvents(heard), redis.outboxSignals(),
                            redis.relationChanges(), Optional.of(redis.tokenRevocations()),
                            List.of(redis.healthProbe()));
                }
            };
            LOG.info("storage: profile {}, users on {}, timelines on {}, search on {}, everything else on dynamodb",
                    lower(config.profile()), lower(config.users()), lower(config.timelines()), lower(config.search()));
            MediaStore media = openMedia(config, initialize, resources);
            // Each upload may hold about 200 MB while it is processed: a bounded number at once (ADR-0023).
            MediaProcessing processing = new BoundedMediaProcessing(new ImageProcessing(config.media().imaging()),
                    config.media().uploads());
            return new Storage(dynamo, users, caches, search, media, processing, probes, resources);
        } catch (RuntimeException e) {
            closeAll(resources, e);
            throw e;
        }
    }

    /**
     * The media store {@code storage.media} names. The filesystem store lives under
     * {@code media.directory}, else beside DynamoDB Local's data, else (with nothing kept on disk) in
     * a temporary folder removed at shutdown. With {@code initialize}, a missing bucket is created.
     */
    private static MediaStore openMedia(FeedlineConfig config, boolean initialize, Deque<AutoCloseable> resources) {
        FeedlineConfig.Media media = config.media();
        return switch (media.store()) {
            case FILESYSTEM -> {
                if (media.directory().isPresent()) {
                    yield FilesystemMediaStore.open(media.directory().get());
                }
                if (!config.dynamo().inMemory()) {
                    yield FilesystemMediaStore.open(config.dynamo().dataDir().resolve("media"));
                }
                Path temporary = temporaryFolder();
                resources.push(() -> removeAll(temporary));
                yield FilesystemMediaStore.open(temporary);
            }
            case S3 -> {
                S3MediaStore s3 = S3MediaStore.open(media.s3().orElseThrow());
                resources.push(s3);
                if (initialize) {
                    s3.createBucketIfMissing();
                }
                yield s3;
            }
        };
    }

    private static Path temporaryFolder() {
        try {
            return Files.createTempDirectory("feedline-media-");
        } catch (IOException e) {
            throw new FeedlineException.StorageUnavailable("media", "cannot make a temporary media folder", e);
        }
    }

    private static void removeAll(Path folder) throws IOException {
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    /**
     * The rate limits' shared buckets when {@code http.rate-limit.store = redis}, on a client of their
     * own (a Redis that is down at start is no error: calls fail until it answers, and the HTTP layer
     * limits in this process meanwhile); empty for {@code local}. The caller closes it.
     */
    static Optional<RedisRateLimitBuckets> rateLimitBuckets(FeedlineConfig config) {
        return switch (config.rateLimits()) {
            case LOCAL -> Optional.empty();
            case REDIS -> Optional.of(RedisRateLimitBuckets.open(config.redis().orElseThrow()));
        };
    }

    /**
     * Migrates when asked, then pings once. Users are durable truth, not a cache: a process that
     * cannot reach them at start stops, with one line that names the server (the URL without a
     * password) and the driver's reason, rather than serving sign-ins that all fail.
     */
    private static void requireReachable(PostgresUsers postgres, boolean initialize) {
        try {
            if (initialize) {
                int ran = postgres.migrate();
                if (ran > 0) {
                    LOG.info("postgres: applied {} migration(s)", ran);
                }
            }
            postgres.healthProbe().ping();
        } catch (FeedlineException.StorageUnavailable e) {
            throw new FeedlineException.StorageUnavailable("postgres", "cannot reach " + withoutPassword(postgres.settings().jdbcUrl())
                    + " at start (" + rootReason(e) + ")", e);
        }
    }

    static String withoutPassword(String jdbcUrl) {
        return jdbcUrl.replaceAll("(?i)(password=)[^&;]*", "$1***").replaceAll("//[^@/]*@", "//***@");
    }

    /** The innermost cause's message, on one line: the driver's own words ("Connection to host:port refused"). */
    private static String rootReason(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        int end = message.indexOf('\n');
        return (end < 0 ? message : message.substring(0, end)).strip();
    }

    /**
     * The caches in front of DynamoDB, both on the engine {@code storage.timelines} names, the live
     * channel, the outbox's signal, the relation changes and the token revocations beside them, and the
     * engine's probe if remote.
     */
    private record Caches(TimelineCache timelines, PostCache posts, LiveEvents live, OutboxSignals outboxSignals,
            Announcements<RelationChange> relationChanges, Optional<Announcements<String>> tokenRevocations,
            List<HealthProbe> probes) {}

    private static DynamoStorage openDynamo(FeedlineConfig config, CapacityListener capacity,
            ClientInterceptors interceptors, Deque<AutoCloseable> resources) {
        FeedlineConfig.Dynamo dynamo = config.dynamo();
        DynamoSettings base;
        if (config.profile() == FeedlineConfig.Profile.EMBEDDED) {
            EmbeddedDynamo local = dynamo.inMemory() ? EmbeddedDynamo.inMemory() : EmbeddedDynamo.fileBacked(dynamo.dataDir());
            resources.push(local);
            LOG.info("dynamodb: DynamoDB Local in this process, {}",
                    dynamo.inMemory() ? "in memory" : "file-backed under " + dynamo.dataDir().toAbsolutePath().normalize());
            base = local.settings();
        } else {
            // A DynamoDB Local URL takes any credentials; without one, AWS and its default chain.
            base = dynamo.endpoint().map(url -> DynamoSettings.local(URI.create(url))).orElseGet(() -> DynamoSettings.aws(dynamo.region()));
        }
        DynamoSettings settings = base
                .withTableName(dynamo.table())
                .withRegion(dynamo.region())
                .withFeedRetention(config.feedRetention())
                .withIdempotency(config.idempotencyLockTimeout(), config.idempotencyRetention())
                .withNotificationRetention(config.notificationRetention())
                .withHotPostThreshold(config.hotPostThreshold());
        DynamoStorage storage = DynamoStorage.open(settings, capacity, interceptors);
        resources.push(storage);
        return storage;
    }

    @Override
    public void close() {
        closeAll(resources, null);
    }

    private static void closeAll(Deque<AutoCloseable> resources, Throwable failure) {
        while (!resources.isEmpty()) {
            AutoCloseable resource = resources.pop();
            try {
                resource.close();
            } catch (Exception e) {
                if (failure != null) {
                    failure.addSuppressed(e);
                } else {
                    LOG.warn("closing {} failed", resource.getClass().getSimpleName(), e);
                }
            }
        }
    }

    private static String lower(Enum<?> value) {
        return value.name().toLowerCase(java.util.Locale.ROOT);
    }
}

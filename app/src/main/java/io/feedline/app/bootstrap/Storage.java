package io.feedline.app.bootstrap;

import io.feedline.adapter.dynamodb.CapacityListener;
import io.feedline.adapter.dynamodb.DynamoSettings;
import io.feedline.adapter.dynamodb.DynamoStorage;
import io.feedline.adapter.dynamodb.EmbeddedDynamo;
import io.feedline.adapter.memory.MemoryCaches;
import io.feedline.adapter.postgres.PostgresUsers;
import io.feedline.adapter.redis.RedisTimelines;
import io.feedline.domain.DomainPorts;
import io.feedline.ports.out.CelebrityRegistry;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.FeedItems;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.HealthProbe;
import io.feedline.ports.out.IdempotencyKeys;
import io.feedline.ports.out.Likes;
import io.feedline.ports.out.Reposts;
import io.feedline.ports.out.Notifications;
import io.feedline.ports.out.PostCache;
import io.feedline.ports.out.Posts;
import io.feedline.ports.out.RevokedTokens;
import io.feedline.ports.out.TimelineCache;
import io.feedline.ports.out.UserAccounts;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The storage ports the configuration chose, opened, with the probes {@code /health} pings and the
 * resources shutdown closes (in the reverse order of opening). The one place that names adapters.
 */
final class Storage implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Storage.class);

    final UserAccounts users;
    final Posts posts;
    final FollowGraph graph;
    final FeedItems feedItems;
    final TimelineCache timelines;
    final PostCache postCache;
    final Likes likes;
    final Reposts reposts;
    final FanoutJobs jobs;
    final CelebrityRegistry celebrities;
    final IdempotencyKeys idempotencyKeys;
    final RevokedTokens revokedTokens;
    final Notifications notifications;
    final List<HealthProbe> probes;
    private final Deque<AutoCloseable> resources;

    private Storage(DynamoStorage dynamo, UserAccounts users, Caches caches, List<HealthProbe> probes,
            Deque<AutoCloseable> resources) {
        this.users = users;
        this.posts = dynamo.posts();
        this.graph = dynamo.followGraph();
        this.feedItems = dynamo.feedItems();
        this.timelines = caches.timelines();
        this.postCache = caches.posts();
        this.likes = dynamo.likes();
        this.reposts = dynamo.reposts();
        this.jobs = dynamo.fanoutJobs();
        this.celebrities = dynamo.celebrityRegistry();
        this.idempotencyKeys = dynamo.idempotencyKeys();
        this.revokedTokens = dynamo.revokedTokens();
        this.notifications = dynamo.notifications();
        this.probes = List.copyOf(probes);
        this.resources = resources;
    }

    /**
     * The domain's ports over these engines, with the app's password hasher and an id generator on
     * {@code clock}: what the core runs on, built in this one place.
     */
    DomainPorts ports(Clock clock, FeedlineConfig.Passwords passwords) {
        return new DomainPorts(users, posts, graph, feedItems, timelines, postCache, likes, reposts, jobs, celebrities, idempotencyKeys,
                notifications, new BoundedPasswords(new Argon2idPasswords(), passwords.maxConcurrentHashes(), passwords.maxWait()),
                new UlidIds(clock), clock);
    }

    /**
     * Opens every engine the configuration names; with {@code initialize}, also creates the table and
     * runs the migrations. If one engine fails, those already open are closed before the failure
     * propagates.
     */
    static Storage open(FeedlineConfig config, CapacityListener capacity, boolean initialize) {
        Deque<AutoCloseable> resources = new ArrayDeque<>();
        try {
            List<HealthProbe> probes = new ArrayList<>();
            DynamoStorage dynamo = openDynamo(config, capacity, resources);
            if (initialize) {
                dynamo.bootstrap();
            }
            probes.add(dynamo.healthProbe());

            UserAccounts users = switch (config.users()) {
                case DYNAMODB -> dynamo.userAccounts();
                case POSTGRES -> {
                    PostgresUsers postgres = PostgresUsers.open(config.postgres().orElseThrow());
                    resources.push(postgres);
                    if (initialize) {
                        int ran = postgres.migrate();
                        if (ran > 0) {
                            LOG.info("postgres: applied {} migration(s)", ran);
                        }
                    }
                    probes.add(postgres.healthProbe());
                    yield postgres.userAccounts();
                }
            };
            Caches caches = switch (config.timelines()) {
                case MEMORY -> {
                    MemoryCaches memory = MemoryCaches.create(config.memory().orElseThrow());
                    yield new Caches(memory.timelineCache(), memory.postCache());
                }
                case REDIS -> {
                    RedisTimelines redis = RedisTimelines.connect(config.redis().orElseThrow());
                    resources.push(redis);
                    probes.add(redis.healthProbe());
                    yield new Caches(redis.timelineCache(), redis.postCache());
                }
            };
            LOG.info("storage: profile {}, users on {}, timelines on {}, everything else on dynamodb",
                    lower(config.profile()), lower(config.users()), lower(config.timelines()));
            return new Storage(dynamo, users, caches, probes, resources);
        } catch (RuntimeException e) {
            closeAll(resources, e);
            throw e;
        }
    }

    /** The caches in front of DynamoDB, both on the engine {@code storage.timelines} names. */
    private record Caches(TimelineCache timelines, PostCache posts) {}

    private static DynamoStorage openDynamo(FeedlineConfig config, CapacityListener capacity, Deque<AutoCloseable> resources) {
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
                .withIdempotency(config.idempotencyLockTimeout(), config.idempotencyRetention());
        DynamoStorage storage = DynamoStorage.open(settings, capacity);
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

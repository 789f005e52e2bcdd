package io.feedline.adapter.dynamodb;

import io.feedline.ports.out.CelebrityRegistry;
import io.feedline.ports.out.RevokedTokens;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.FeedItems;
import io.feedline.ports.out.EntityFollows;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.TagIndex;
import io.feedline.ports.out.HealthProbe;
import io.feedline.ports.out.IdempotencyKeys;
import io.feedline.ports.out.Likes;
import io.feedline.ports.out.ExploreIndex;
import io.feedline.ports.out.Rankings;
import io.feedline.ports.out.Reposts;
import io.feedline.ports.out.Notifications;
import io.feedline.ports.out.PostCounters;
import io.feedline.ports.out.Articles;
import io.feedline.ports.out.MediaAttachments;
import io.feedline.ports.out.Posts;
import io.feedline.ports.out.Relations;
import io.feedline.ports.out.UserAccounts;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * The DynamoDB adapter as the app sees it: one client over one table, and every port it serves.
 * Built from {@link DynamoSettings}; close it to release the HTTP connections.
 */
public final class DynamoStorage implements AutoCloseable {
    private final DynamoDbClient client;
    private final TableAccess db;
    private final DynamoSettings settings;
    private final DynamoFanoutJobs jobs;
    private final DynamoPosts posts;
    private final DynamoLikes likes;
    private final DynamoPostCounters counters;
    private final DynamoReposts reposts;
    private final DynamoFollowGraph graph;
    private final DynamoEntityFollows entityFollows;
    private final DynamoTagIndex tagIndex;
    private final DynamoFeedItems feedItems;
    private final DynamoUserAccounts users;
    private final DynamoCelebrityRegistry celebrities;
    private final DynamoRevokedTokens revokedTokens;
    private final DynamoNotifications notifications;
    private final DynamoSubscriptions subscriptions;
    private final DynamoIdempotencyKeys idempotencyKeys;
    private final DynamoHealthProbe health;
    private final DynamoRelations relations;
    private final DynamoExploreIndex explore;
    private final DynamoArticles articles;
    private final DynamoRankings rankings;
    private final DynamoMediaAttachments media;

    private DynamoStorage(DynamoDbClient client, DynamoSettings settings, Retries retries, Clock clock) {
        this.client = client;
        this.settings = settings;
        this.db = new TableAccess(client, settings.tableName(), retries, clock);
        this.jobs = new DynamoFanoutJobs(db);
        this.idempotencyKeys = new DynamoIdempotencyKeys(db, settings.idempotencyLockTimeout(), settings.idempotencyRetention());
        this.posts = new DynamoPosts(db, jobs, idempotencyKeys);
        this.articles = new DynamoArticles(db, posts, idempotencyKeys);
        this.likes = new DynamoLikes(db, jobs);
        this.counters = new DynamoPostCounters(db, jobs, settings.hotPostThreshold());
        this.reposts = new DynamoReposts(db, jobs);
        this.graph = new DynamoFollowGraph(db, jobs);
        this.entityFollows = new DynamoEntityFollows(db);
        this.tagIndex = new DynamoTagIndex(db);
        this.feedItems = new DynamoFeedItems(db, settings.feedRetention());
        this.users = new DynamoUserAccounts(db, jobs);
        this.celebrities = new DynamoCelebrityRegistry(db);
        this.revokedTokens = new DynamoRevokedTokens(db);
        this.notifications = new DynamoNotifications(db, jobs, settings.notificationRetention());
        this.subscriptions = new DynamoSubscriptions(db);
        this.health = new DynamoHealthProbe(db);
        this.relations = new DynamoRelations(db, jobs);
        this.explore = new DynamoExploreIndex(db, clock);
        this.rankings = new DynamoRankings(db);
        this.media = new DynamoMediaAttachments(db);
    }

    /** Connects to the table of {@code settings}; capacity goes unreported. */
    public static DynamoStorage open(DynamoSettings settings) {
        return open(settings, CapacityListener.NONE);
    }

    /** Connects to the table of {@code settings}, reporting each request's capacity to {@code capacity}. */
    public static DynamoStorage open(DynamoSettings settings, CapacityListener capacity) {
        return open(settings, capacity, List.of(), Retries.DEFAULT, Clock.systemUTC());
    }

    /**
     * As {@link #open(DynamoSettings, CapacityListener)}, with {@code extra} interceptors on the
     * client: the one hook through which tests outside this module disturb the engine's answers.
     */
    public static DynamoStorage open(DynamoSettings settings, CapacityListener capacity, ClientInterceptors extra) {
        return open(settings, capacity, extra.forTable(settings), Retries.DEFAULT, Clock.systemUTC());
    }

    /** The full factory: extra interceptors (to count or disturb requests), retries and clock. */
    static DynamoStorage open(DynamoSettings settings, CapacityListener capacity, List<ExecutionInterceptor> interceptors,
            Retries retries, Clock clock) {
        List<ExecutionInterceptor> all = new ArrayList<>();
        all.add(new CapacityReporting(capacity));
        all.addAll(interceptors);
        return new DynamoStorage(client(settings, all), settings, retries, clock);
    }

    /** The SDK client of {@code settings} with {@code interceptors}; package-private for the module's test fixtures. */
    static DynamoDbClient client(DynamoSettings settings, List<ExecutionInterceptor> interceptors) {
        AwsCredentialsProvider credentials = settings.accessKey()
                .<AwsCredentialsProvider>map(key -> StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(key.id(), key.secret())))
                .orElseGet(() -> DefaultCredentialsProvider.builder().build());
        Duration timeout = settings.callTimeout();
        DynamoDbClientBuilder builder = DynamoDbClient.builder()
                .httpClientBuilder(ApacheHttpClient.builder()
                        .maxConnections(64)
                        .connectionTimeout(Duration.ofSeconds(2)))
                .region(Region.of(settings.region()))
                .credentialsProvider(credentials)
                .overrideConfiguration(o -> o.apiCallTimeout(timeout).executionInterceptors(interceptors));
        settings.endpoint().ifPresent(builder::endpointOverride);
        return builder.build();
    }

    /**
     * Creates the table if missing and checks its shape (see {@link TableBootstrap}), then upgrades
     * the items of an older layout: outbox jobs without index keys, edges without follower entries
     * ({@link FollowerEntryBackfill}, once per table).
     */
    public void bootstrap() {
        TableBootstrap table = new TableBootstrap(client, settings.tableName());
        table.ensure();
        if (table.addedOutboxIndex()) {
            jobs.indexLegacyJobs();
        }
        graph.completeEntries(table.created());
    }

    public DynamoSettings settings() {
        return settings;
    }

    public Posts posts() {
        return posts;
    }

    /** Articles' slugs, drafts and list, written with {@link #posts()}' articles in their transactions. */
    public Articles articles() {
        return articles;
    }

    public Likes likes() {
        return likes;
    }

    /** The counter processor's storage: the outbox's count jobs applied to the posts' counts. */
    public PostCounters counters() {
        return counters;
    }

    public Reposts reposts() {
        return reposts;
    }

    public FanoutJobs fanoutJobs() {
        return jobs;
    }

    public EntityFollows entityFollows() {
        return entityFollows;
    }

    public TagIndex tagIndex() {
        return tagIndex;
    }

    public FollowGraph followGraph() {
        return graph;
    }

    /** Mutes and blocks, in the same table as the follow edges a block removes. */
    public Relations relations() {
        return relations;
    }

    public FeedItems feedItems() {
        return feedItems;
    }

    public UserAccounts userAccounts() {
        return users;
    }

    public CelebrityRegistry celebrityRegistry() {
        return celebrities;
    }

    public Notifications notifications() {
        return notifications;
    }

    public io.feedline.ports.out.Subscriptions subscriptions() {
        return subscriptions;
    }

    public RevokedTokens revokedTokens() {
        return revokedTokens;
    }

    /** Explore's time index, written by {@link #posts()}'s publishes and deletes. */
    public ExploreIndex exploreIndex() {
        return explore;
    }

    /** Media records, attached by {@link #posts()}' publishes in their transactions. */
    public MediaAttachments media() {
        return media;
    }

    public Rankings rankings() {
        return rankings;
    }

    public IdempotencyKeys idempotencyKeys() {
        return idempotencyKeys;
    }

    public HealthProbe healthProbe() {
        return health;
    }

    @Override
    public void close() {
        client.close();
    }

    /** The table access under the ports, for the module's own tests. */
    TableAccess access() {
        return db;
    }
}

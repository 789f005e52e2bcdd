package io.feedline.domain;

import io.feedline.domain.articles.ArticleDesk;
import io.feedline.domain.engagement.EngagementDesk;
import io.feedline.domain.engagement.LikeDesk;
import io.feedline.domain.engagement.RepostDesk;
import io.feedline.domain.events.FollowEvents;
import io.feedline.domain.events.PostEvents;
import io.feedline.domain.explore.ExploreDesk;
import io.feedline.domain.explore.Popularity;
import io.feedline.domain.fanout.FanoutWorker;
import io.feedline.domain.fanout.TagFanout;
import io.feedline.domain.fanout.WindowPassBarrier;
import io.feedline.domain.feed.FanoutPolicy;
import io.feedline.domain.feed.PullMerge;
import io.feedline.domain.feed.Windows;
import io.feedline.domain.graph.FollowDesk;
import io.feedline.domain.graph.RelationshipDesk;
import io.feedline.domain.home.CelebrityReads;
import io.feedline.domain.home.HomeFeedDesk;
import io.feedline.domain.live.LiveDesk;
import io.feedline.domain.media.MediaDesk;
import io.feedline.domain.notifications.NotificationDesk;
import io.feedline.domain.notifications.Notifier;
import io.feedline.domain.notifications.PostSubscriptionDesk;
import io.feedline.domain.posts.CachedPosts;
import io.feedline.domain.posts.ConversationDesk;
import io.feedline.domain.posts.PostDesk;
import io.feedline.domain.posts.RepostResolution;
import io.feedline.domain.relations.BlockRules;
import io.feedline.domain.relations.RelationSets;
import io.feedline.domain.search.SearchDesk;
import io.feedline.domain.settings.FeedSettings;
import io.feedline.domain.support.CacheWarnings;
import io.feedline.domain.tags.TagDesk;
import io.feedline.domain.tags.TagPolicy;
import io.feedline.domain.tags.TagSources;
import io.feedline.domain.tags.TrendingRanker;
import io.feedline.domain.users.AccountDesk;
import io.feedline.domain.users.UserDesk;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.LiveEvent;
import io.feedline.ports.out.OutboxSignals;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The domain, assembled: every use case over the given ports, and the fan-out workers that drain
 * the outbox. Built with {@code new}, no container. It holds no use-case behaviour: each service
 * does its whole use case, and what other parts of the process keep is told through the listener
 * lists below, in their order (ADR-0022).
 */
public final class FeedlineCore implements AutoCloseable {
    private final DomainPorts ports;
    private final FeedSettings settings;
    private final ExecutorService executor;
    private final boolean ownsExecutor;
    private final UseCases useCases;
    private final CacheWarnings warnings = new CacheWarnings();
    private final Windows windows;
    /** The window passes of this process's workers, which their durable writes wait for. */
    private final WindowPassBarrier windowPasses = new WindowPassBarrier();
    private final CachedPosts cachedPosts;
    private final Popularity popularity;
    private final ExploreDesk explore;
    private final List<FanoutWorker> localWorkers = new CopyOnWriteArrayList<>();
    private final TagPolicy tagPolicy;
    private final TrendingRanker trendingRanker;
    private final TagDesk tagDesk;
    private final MediaDesk media;
    private volatile Consumer<Duration> fanoutDelay = delay -> {};
    private final OutboxSignals.Subscription heardFromOthers;
    private final RelationSets relationSets;

    private FeedlineCore(DomainPorts ports, FeedSettings settings, ExecutorService executor, boolean ownsExecutor) {
        this.ports = ports;
        this.settings = settings;
        this.executor = executor;
        this.ownsExecutor = ownsExecutor;
        FanoutPolicy policy = new FanoutPolicy(settings, ports.celebrities(), ports.clock());
        PullMerge pull = new PullMerge(ports.posts(), executor, settings.pullParallelism());
        Runnable wakeLocalWorkers = () -> localWorkers.forEach(FanoutWorker::wake);
        // Jobs this process enqueued wake its own workers at once, and the other processes' through the signal.
        Runnable wakeWorkers = () -> {
            wakeLocalWorkers.run();
            ports.outboxSignals().jobsEnqueued();
        };
        this.heardFromOthers = ports.outboxSignals().listen(wakeLocalWorkers);
        this.popularity = new Popularity(ports.posts(), ports.graph(), ports.users(), ports.rankings(), ports.clock());
        UserDesk users = new UserDesk(
                ports.users(), ports.graph(), ports.posts(), ports.hasher(), ports.ids(), ports.clock(),
                ports.search().keepsAccounts(), settings.registrationsOpen(), List.of(popularity));
        this.windows = new Windows(ports.timelines(), warnings);
        this.cachedPosts = new CachedPosts(ports.posts(), ports.postCache(), warnings);
        Notifier notifier = new Notifier(ports.clock());
        this.relationSets = new RelationSets(ports.relations(), ports.relationChanges(), ports.clock());
        CelebrityReads celebrityReads = new CelebrityReads(ports.graph(), ports.posts(), pull, ports.clock(),
                settings.celebrityReadsTtl());
        this.explore = new ExploreDesk(ports.explore(), ports.rankings(), cachedPosts, ports.users(), ports.clock(),
                relationSets);
        // Who hears of each committed change, in this order (ADR-0022): this process's hybrid reads,
        // explore's rankings (registrations too, above), then explore's kept pages.
        List<PostEvents> postEvents = List.of(celebrityReads, popularity, explore);
        List<FollowEvents> followEvents = List.of(celebrityReads, popularity);
        BlockRules blockRules = new BlockRules(ports.relations());
        RepostResolution repostResolution = new RepostResolution(cachedPosts, ports.reposts(), ports.graph());
        MediaDesk media = this.media = new MediaDesk(ports.mediaProcessing(), ports.mediaStore(), ports.mediaRecords(), ports.ids(), ports.clock());
        PostDesk posts = new PostDesk(ports.posts(), cachedPosts, ports.idempotencyKeys(), ports.ids(), ports.clock(),
                users, policy, wakeWorkers, notifier, repostResolution, blockRules, ports.subscriptions(), ports.articles(),
                settings.articleMaxCharacters(), postEvents, ports.live(), media);
        FollowDesk graph = new FollowDesk(ports.graph(), ports.users(), windows, ports.clock(), users,
                policy, settings.backfillPosts(), settings.maxFollowing(), wakeWorkers, notifier, blockRules, followEvents);
        LikeDesk likes = new LikeDesk(cachedPosts, ports.likes(), ports.counters(), notifier, wakeWorkers, relationSets);
        RepostDesk reposts = new RepostDesk(ports.posts(), cachedPosts, ports.reposts(), ports.ids(), ports.clock(),
                users, policy, wakeWorkers, notifier, ports.counters(), ports.live(), relationSets, postEvents);
        NotificationDesk notifications = new NotificationDesk(ports.notifications(), ports.users(), relationSets);
        ConversationDesk conversations = new ConversationDesk(ports.posts());
        this.tagPolicy = new TagPolicy(settings, ports.entityFollows(), ports.clock());
        this.trendingRanker = new TrendingRanker(ports.tagIndex());
        TagSources tagSources = new TagSources(ports.entityFollows(), ports.tagIndex(), cachedPosts, settings.maxFollowing());
        TagDesk tags = this.tagDesk = new TagDesk(ports.entityFollows(), ports.tagIndex(), tagSources, tagPolicy, ports.feedItems(), windows,
                ports.jobs(), ports.clock(), users, settings, relationSets, wakeWorkers);
        HomeFeedDesk homeFeed = new HomeFeedDesk(
                cachedPosts, ports.graph(), ports.feedItems(), windows, policy, pull, repostResolution, executor, settings, relationSets,
                tagSources, tagPolicy, celebrityReads);
        LiveDesk live = new LiveDesk(ports.live(), homeFeed, cachedPosts, relationSets, ports.clock());
        RelationshipDesk relationships = new RelationshipDesk(ports.relations(), relationSets, users, ports.users(), windows, policy,
                ports.clock(), wakeWorkers, posts, conversations, cachedPosts);
        this.useCases = UseCases.builder()
                .registerUser(users).authenticate(users).readProfile(users)
                .manageAccount(new AccountDesk(ports.users(), ports.hasher(), media, ports.jobs(),
                        ports.search().keepsAccounts(), ports.posts(), ports.graph(), ports.likes(), ports.relations()))
                .publishPost(posts).deletePost(posts).readPost(posts).readAuthorTimeline(posts).publishDraft(posts)
                .follow(graph).unfollow(graph).readFollowing(graph).readFollowers(graph).checkFollows(graph)
                .readHomeFeed(homeFeed)
                .likePost(likes).unlikePost(likes)
                .repostPost(reposts).unrepostPost(reposts)
                .readConversation(conversations)
                .readNotifications(notifications)
                .manageRelations(relationships).readAsViewer(relationships)
                .search(new SearchDesk(ports.search(), cachedPosts, relationSets))
                .followTags(tags).readTags(tags)
                .notifyOfPosts(new PostSubscriptionDesk(ports.subscriptions(), users))
                .readExplore(explore)
                .readEngagement(new EngagementDesk(cachedPosts, ports.likes(), ports.reposts(), ports.users(), relationSets))
                .readArticles(new ArticleDesk(ports.articles(), cachedPosts, users, relationSets))
                .watchLive(live)
                .manageMedia(media)
                .build();
    }

    /** The domain over {@code ports}, running its parallel reads on virtual threads. */
    public static FeedlineCore create(DomainPorts ports, FeedSettings settings) {
        return new FeedlineCore(ports, settings, Executors.newVirtualThreadPerTaskExecutor(), true);
    }

    /** The domain running pull merges and window refills on {@code executor}, which the caller owns. */
    public static FeedlineCore create(DomainPorts ports, FeedSettings settings, ExecutorService executor) {
        return new FeedlineCore(ports, settings, executor, false);
    }

    public UseCases useCases() {
        return useCases;
    }

    /** The caches' failures so far. */
    public CacheFailures cacheFailures() {
        return new CacheFailures(warnings.count(CacheWarnings.Kind.POST_CACHE_READ),
                warnings.count(CacheWarnings.Kind.POST_CACHE_WRITE), warnings.count(CacheWarnings.Kind.TIMELINE_WRITE));
    }

    public FeedSettings settings() {
        return settings;
    }

    /**
     * A fan-out worker with this id. Workers made here are woken whenever this process enqueues a
     * job, so a post reaches feeds without waiting for the next poll.
     */
    /** Deletes up to {@code limit} uploads never attached, made more than {@code ttl} ago; how many went. */
    public int expireUnattachedMedia(Duration ttl, int limit) {
        return media.expireUnattached(ttl, limit);
    }

    public FanoutWorker worker(String workerId) {
        FanoutWorker worker = FanoutWorker.builder()
                .id(workerId)
                .jobs(ports.jobs())
                .graph(ports.graph())
                .posts(ports.posts())
                .reposts(ports.reposts())
                .feedItems(ports.feedItems())
                .windows(windows)
                .notifications(ports.notifications())
                .subscriptions(ports.subscriptions())
                .counters(ports.counters())
                .cachedCounts(cachedPosts)
                .search(ports.search())
                .users(ports.users())
                .mediaPurge(media::purge)
                .clock(ports.clock())
                .settings(settings.fanout())
                .tags(tagFanout())
                .deliveredAfter(delay -> fanoutDelay.accept(delay))
                .windowPasses(windowPasses)
                .onCountsApplied(popularity::countsApplied)
                .onWindowed(deliveries -> ports.live().publish(new LiveEvent.Delivered(deliveries)))
                // Each row once per set, however many of its actors the set recorded.
                .onNotified(events -> events.stream()
                        .map(event -> new LiveEvent.Notified(event.recipient(), event.notificationId()))
                        .distinct()
                        .forEach(ports.live()::publish))
                .build();
        localWorkers.add(worker);
        return worker;
    }

    /** What a worker needs of tags; one ranker per process, so the ranking is refreshed at most once per interval here. */
    TagFanout tagFanout() {
        return new TagFanout(ports.entityFollows(), ports.tagIndex(), tagPolicy, trendingRanker);
    }

    /** Receives, for each delivered post, the time from its publication to the end of its fan-out. */
    public void onFanoutDelivered(Consumer<Duration> listener) {
        this.fanoutDelay = listener;
    }

    /** Ranks the trending tags and stores the ranking now, rather than when a worker's interval allows. */
    public void rankTrendingTags() {
        ports.tagIndex().storeTrending(trendingRanker.rank(ports.clock().instant()));
        tagDesk.trendingRanked();
    }

    /** Merges what explore's rankings have not taken in yet into them, now, rather than at the next refresh. */
    public void refreshExplore() {
        popularity.refresh();
        explore.forget();
    }

    @Override
    public void close() {
        heardFromOthers.close();
        relationSets.close();
        popularity.close();
        if (ownsExecutor) {
            executor.shutdown();
            try {
                if (!executor.awaitTermination(5, TimeUnit.SECONDS)) {
                    executor.shutdownNow();
                }
            } catch (InterruptedException e) {
                executor.shutdownNow();
                Thread.currentThread().interrupt();
            }
        }
    }
}

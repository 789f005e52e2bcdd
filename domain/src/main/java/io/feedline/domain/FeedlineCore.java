package io.feedline.domain;

import io.feedline.ports.in.DeletePost;
import io.feedline.ports.in.Follow;
import io.feedline.ports.in.PublishDraft;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.RegisterUser;
import io.feedline.ports.in.RepostPost;
import io.feedline.ports.in.Unfollow;
import io.feedline.ports.in.UnrepostPost;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.LiveEvent;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.out.OutboxSignals;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The domain, assembled: every use case over the given ports, and the fan-out workers that drain
 * the outbox. Built with {@code new}, no container.
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
    private final WindowPasses windowPasses = new WindowPasses();
    private final CachedPosts cachedPosts;
    private final Popularity popularity;
    private final ExploreDesk explore;
    private final List<FanoutWorker> localWorkers = new CopyOnWriteArrayList<>();
    private final TagPolicy tagPolicy;
    private final TrendingRanker trendingRanker;
    private final TagDesk tagDesk;
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
        UserDirectory users = new UserDirectory(
                ports.users(), ports.graph(), ports.posts(), ports.hasher(), ports.ids(), ports.clock(),
                ports.search().keepsAccounts());
        this.windows = new Windows(ports.timelines(), warnings);
        this.cachedPosts = new CachedPosts(ports.posts(), ports.postCache(), warnings);
        Notifier notifier = new Notifier(ports.clock());
        this.relationSets = new RelationSets(ports.relations(), ports.relationChanges(), ports.clock());
        Separations separations = new Separations(ports.relations());
        RepostResolution repostResolution = new RepostResolution(cachedPosts, ports.reposts(), ports.graph());
        PostDesk posts = new PostDesk(ports.posts(), cachedPosts, ports.idempotencyKeys(), ports.ids(), ports.clock(),
                users, policy, wakeWorkers, notifier, repostResolution, separations, ports.subscriptions(), ports.articles(),
                settings.articleMaxCharacters());
        SocialGraph graph = new SocialGraph(
                ports.graph(), ports.users(), ports.posts(), ports.feedItems(), windows, ports.jobs(),
                ports.clock(), users, policy, settings.backfillPosts(), settings.maxFollowing(), settings.feedRetention(), wakeWorkers, notifier, separations);
        LikeLedger likes = new LikeLedger(cachedPosts, ports.likes(), ports.counters(), notifier, wakeWorkers, relationSets);
        RepostDesk reposts = new RepostDesk(ports.posts(), cachedPosts, ports.reposts(), ports.ids(), ports.clock(),
                users, policy, wakeWorkers, notifier, ports.counters(), ports.live(), relationSets);
        NotificationDesk notifications = new NotificationDesk(ports.notifications(), ports.users(), relationSets);
        Conversations conversations = new Conversations(ports.posts());
        this.tagPolicy = new TagPolicy(settings, ports.entityFollows(), ports.clock());
        this.trendingRanker = new TrendingRanker(ports.tagIndex());
        TagSources tagSources = new TagSources(ports.entityFollows(), ports.tagIndex(), cachedPosts, settings.maxFollowing());
        TagDesk tags = this.tagDesk = new TagDesk(ports.entityFollows(), ports.tagIndex(), tagSources, tagPolicy, ports.feedItems(), windows,
                ports.jobs(), ports.clock(), users, settings, relationSets, wakeWorkers);
        CelebrityReads celebrityReads = new CelebrityReads(ports.graph(), ports.posts(), pull, ports.clock(),
                settings.celebrityReadsTtl());
        HomeFeedReader homeFeed = new HomeFeedReader(
                cachedPosts, ports.graph(), ports.feedItems(), windows, policy, pull, repostResolution, executor, settings, relationSets,
                tagSources, tagPolicy, celebrityReads);
        LiveDesk live = new LiveDesk(ports.live(), homeFeed, cachedPosts, relationSets, ports.clock());
        Relationships relationships = new Relationships(ports.relations(), relationSets, users, ports.users(), windows, policy,
                ports.clock(), wakeWorkers, posts, conversations, cachedPosts);
        this.popularity = new Popularity(ports.posts(), ports.graph(), ports.users(), ports.rankings(), ports.clock());
        ExploreDesk explore = new ExploreDesk(ports.explore(), ports.rankings(), cachedPosts, ports.users(), ports.clock(),
                relationSets);
        this.explore = explore;
        // Explore's user rankings note registrations, follows and unfollows as they succeed.
        RegisterUser register = command -> {
            UserAccount account = users.register(command);
            popularity.registered(account);
            return account;
        };
        // A follow or unfollow shows in this process's next hybrid read of the follower at once.
        Follow follow = (follower, followee) -> {
            boolean changed = graph.follow(follower, followee);
            celebrityReads.edgesChanged(follower);
            popularity.followersChanged(followee);
            return changed;
        };
        Unfollow unfollow = (follower, followee) -> {
            boolean changed = graph.unfollow(follower, followee);
            celebrityReads.edgesChanged(follower);
            popularity.followersChanged(followee);
            return changed;
        };
        // Every delete and publish is announced to the live streams once it has committed.
        // (A draft was never shown, so neither its saving nor its deletion is announced.)
        DeletePost delete = (caller, id) -> {
            Optional<PostRef> deleted = posts.remove(caller, id);
            deleted.ifPresent(ref -> celebrityReads.entriesChanged(ref.authorId()));
            popularity.postDeleted(id);
            explore.forget();
            deleted.ifPresent(ref -> ports.live().publish(new LiveEvent.Deleted(ref)));
        };
        // Explore's kept head of latest is forgotten by this process's own publishes.
        PublishPost publish = command -> {
            Post post = posts.publish(command);
            celebrityReads.entriesChanged(post.authorId());
            explore.forget();
            if (!post.isDraft()) {
                ports.live().publish(new LiveEvent.Published(post.ref(), post.tags()));
            }
            return post;
        };
        PublishDraft publishDraft = (caller, id) -> {
            Post post = posts.publish(caller, id);
            celebrityReads.entriesChanged(post.authorId());
            explore.forget();
            ports.live().publish(new LiveEvent.Published(post.ref(), post.tags()));
            return post;
        };
        // A repost is an entry of the reposter's, as a post is.
        RepostPost repost = (user, post) -> {
            long count = reposts.repost(user, post);
            celebrityReads.entriesChanged(user);
            return count;
        };
        UnrepostPost unrepost = (user, post) -> {
            long count = reposts.unrepost(user, post);
            celebrityReads.entriesChanged(user);
            return count;
        };
        this.useCases = UseCases.builder()
                .registerUser(register).authenticate(users).readProfile(users)
                .publishPost(publish).deletePost(delete).readPost(posts).readAuthorTimeline(posts).publishDraft(publishDraft)
                .follow(follow).unfollow(unfollow).readFollowing(graph).readFollowers(graph).checkFollows(graph)
                .readHomeFeed(homeFeed)
                .likePost(likes).unlikePost(likes)
                .repostPost(repost).unrepostPost(unrepost)
                .readConversation(conversations)
                .readNotifications(notifications)
                .manageRelations(relationships).readAsViewer(relationships)
                .search(new SearchDesk(ports.search(), cachedPosts, relationSets))
                .followTags(tags).readTags(tags)
                .notifyOfPosts(new PostSubscriptions(ports.subscriptions(), users))
                .readExplore(explore)
                .readEngagement(new Engagement(cachedPosts, ports.likes(), ports.reposts(), ports.users(), relationSets))
                .readArticles(new ArticleDesk(ports.articles(), cachedPosts, users, relationSets))
                .watchLive(live)
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
    public FanoutWorker worker(String workerId) {
        FanoutWorker worker = new FanoutWorker(workerId, ports.jobs(), ports.graph(), ports.posts(), ports.reposts(), ports.feedItems(),
                windows, ports.notifications(), ports.subscriptions(), ports.counters(), cachedPosts, ports.search(), ports.users(), ports.clock(), settings,
                delay -> fanoutDelay.accept(delay), tagFanout());
        worker.shareWindowPasses(windowPasses);
        worker.onCountsApplied(popularity::countsApplied);
        worker.onWindowed(deliveries -> ports.live().publish(new LiveEvent.Delivered(deliveries)));
        // Each row once per set, however many of its actors the set recorded.
        worker.onNotified(events -> events.stream()
                .map(event -> new LiveEvent.Notified(event.recipient(), event.notificationId()))
                .distinct()
                .forEach(ports.live()::publish));
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

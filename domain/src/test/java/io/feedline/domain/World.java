package io.feedline.domain;

import io.feedline.domain.fanout.FanoutWorker;
import io.feedline.domain.feed.Windows;
import io.feedline.domain.posts.CachedPosts;
import io.feedline.domain.settings.FeedSettings;
import io.feedline.domain.support.CacheWarnings;
import io.feedline.ports.fakes.FakeMediaProcessing;
import io.feedline.ports.fakes.FakePasswordHasher;
import io.feedline.ports.fakes.InMemoryCelebrityRegistry;
import io.feedline.ports.fakes.InMemoryEntityFollows;
import io.feedline.ports.fakes.InMemoryFeedItems;
import io.feedline.ports.fakes.InMemoryFollowGraph;
import io.feedline.ports.fakes.InMemoryLiveEvents;
import io.feedline.ports.fakes.InMemoryMediaStore;
import io.feedline.ports.fakes.InMemoryNotifications;
import io.feedline.ports.fakes.InMemoryPostCache;
import io.feedline.ports.fakes.InMemoryPostStore;
import io.feedline.ports.fakes.InMemoryRankings;
import io.feedline.ports.fakes.InMemoryRelations;
import io.feedline.ports.fakes.InMemorySearchIndex;
import io.feedline.ports.fakes.InMemoryTimelineCache;
import io.feedline.ports.fakes.InMemoryUserAccounts;
import io.feedline.ports.fakes.MutableClock;
import io.feedline.ports.fakes.RecordingAnnouncements;
import io.feedline.ports.fakes.RecordingOutboxSignals;
import io.feedline.ports.fakes.SequentialIdGenerator;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.RegisterUser;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.RelationChange;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.FeedItems;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.Posts;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * A whole Feedline over the in-memory fakes: the domain exactly as production wires it, with a
 * clock the test moves and an executor that runs background work on the calling thread, so that
 * every test is deterministic.
 */
public final class World implements AutoCloseable {
    public final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    public final InMemoryPostStore postStore = new InMemoryPostStore();
    public final InMemoryMediaStore mediaStore = new InMemoryMediaStore();
    public final InMemoryUserAccounts accounts = new InMemoryUserAccounts(postStore.jobs());
    public final FakePasswordHasher hasher = new FakePasswordHasher();
    public final InMemorySearchIndex search = new InMemorySearchIndex();
    public final InMemoryFollowGraph graph = new InMemoryFollowGraph(postStore.jobs());
    public final InMemoryFeedItems feedItems = new InMemoryFeedItems();
    public final InMemoryTimelineCache timelines;
    public final InMemoryPostCache postCache = new InMemoryPostCache();
    public final InMemoryCelebrityRegistry celebrities = new InMemoryCelebrityRegistry();
    public final InMemoryNotifications notifications = new InMemoryNotifications(postStore);
    public final InMemoryRelations relations = new InMemoryRelations(graph, postStore.jobs());
    public final InMemoryEntityFollows entityFollows = new InMemoryEntityFollows();
    public final io.feedline.ports.fakes.InMemorySubscriptions subscriptions = new io.feedline.ports.fakes.InMemorySubscriptions();
    public final InMemoryRankings rankings = new InMemoryRankings();
    public final InMemoryLiveEvents live = new InMemoryLiveEvents();
    public final RecordingOutboxSignals outboxSignals = new RecordingOutboxSignals();
    public final RecordingAnnouncements<RelationChange> relationChanges = new RecordingAnnouncements<>();
    public final FeedlineCore core;
    public final UseCases app;
    public final FanoutWorker worker;
    private final Map<String, UserId> ids = new HashMap<>();

    public World(FeedSettings settings) {
        this(settings, 800);
    }

    public World(FeedSettings settings, int windowCap) {
        this(settings, windowCap, UnaryOperator.identity());
    }

    /** A world whose domain sees the posts through {@code posts} (to inject faults around the real store). */
    public World(FeedSettings settings, int windowCap, UnaryOperator<Posts> posts) {
        this(settings, windowCap, posts, UnaryOperator.identity());
    }

    /** A world whose domain sees the posts and the graph through wrappers (to inject faults or interleavings). */
    public World(FeedSettings settings, int windowCap, UnaryOperator<Posts> posts, UnaryOperator<FollowGraph> graphView) {
        this(settings, windowCap, posts, graphView, UnaryOperator.identity());
    }

    /** A world whose domain sees the posts, the graph and the durable feeds through wrappers. */
    public World(FeedSettings settings, int windowCap, UnaryOperator<Posts> posts, UnaryOperator<FollowGraph> graphView,
            UnaryOperator<FeedItems> feedView) {
        timelines = new InMemoryTimelineCache(windowCap);
        DomainPorts ports = DomainPorts.builder()
                .users(accounts).posts(posts.apply(postStore.posts())).graph(graphView.apply(graph))
                .feedItems(feedView.apply(feedItems)).timelines(timelines).postCache(postCache)
                .likes(postStore.likes()).counters(postStore.counters()).reposts(postStore.reposts()).jobs(postStore.jobs())
                .celebrities(celebrities).idempotencyKeys(postStore.idempotencyKeys()).notifications(notifications)
                .hasher(hasher).ids(new SequentialIdGenerator(clock)).clock(clock).relations(relations).search(search)
                .entityFollows(entityFollows).tagIndex(postStore.tagIndex()).subscriptions(subscriptions)
                .explore(postStore.explore()).rankings(rankings).articles(postStore.articles()).live(live)
                .outboxSignals(outboxSignals).relationChanges(relationChanges)
                .mediaRecords(postStore.media()).mediaStore(mediaStore).mediaProcessing(new FakeMediaProcessing(1024))
                .build();
        core = FeedlineCore.create(ports, settings.withWindowSize(windowCap), new CallerRunsExecutor());
        app = core.useCases();
        worker = core.worker("test-worker");
    }

    public static World of(FanoutMode mode) {
        return new World(FeedSettings.defaults().withMode(mode));
    }

    public UserId register(String name) {
        UserId id = app.registerUser().register(new RegisterUser.Command(
                Username.of(name), Email.of(name + "@example.org"), new Password("correct horse battery"),
                DisplayName.of(name), Bio.EMPTY)).id();
        ids.put(name, id);
        return id;
    }

    public UserId id(String name) {
        return ids.get(name);
    }

    public void follow(String follower, String followee) {
        app.follow().follow(id(follower), Username.of(followee));
    }

    public void followTag(String follower, String tag) {
        app.followTags().follow(id(follower), io.feedline.ports.model.Tag.of(tag));
    }

    public void unfollowTag(String follower, String tag) {
        app.followTags().unfollow(id(follower), io.feedline.ports.model.Tag.of(tag));
    }

    public void unfollow(String follower, String followee) {
        app.unfollow().unfollow(id(follower), Username.of(followee));
    }

    public void mute(String muter, String target) {
        app.manageRelations().mute(id(muter), Username.of(target));
    }

    public void unmute(String muter, String target) {
        app.manageRelations().unmute(id(muter), Username.of(target));
    }

    public void block(String blocker, String target) {
        app.manageRelations().block(id(blocker), Username.of(target));
    }

    public void unblock(String blocker, String target) {
        app.manageRelations().unblock(id(blocker), Username.of(target));
    }

    /** Publishes one post a millisecond later than the last, so ids and times move together. */
    public Post publish(String author, String text) {
        clock.advance(Duration.ofMillis(1));
        return app.publishPost().publish(new PublishPost.Command(id(author), PostText.of(text), Optional.empty()));
    }

    /** Publishes a reply to {@code parent}, a millisecond later than the last post. */
    public Post reply(String author, PostId parent, String text) {
        clock.advance(Duration.ofMillis(1));
        return app.publishPost().publish(
                new PublishPost.Command(id(author), PostText.of(text), Optional.empty(), Optional.of(parent)));
    }

    /** The post cache as a worker of this world's own making moves its counts. */
    public CachedPosts cachedPosts() {
        return new CachedPosts(postStore.posts(), postCache, new CacheWarnings());
    }

    /** Reposts {@code post}, a millisecond later than the last post; the post's repost count afterwards. */
    public long repost(String user, PostId post) {
        clock.advance(Duration.ofMillis(1));
        return app.repostPost().repost(id(user), post);
    }

    public long unrepost(String user, PostId post) {
        return app.unrepostPost().unrepost(id(user), post);
    }

    /** The windows as a worker of this world's own making writes them. */
    public Windows windows() {
        return new Windows(timelines, new CacheWarnings());
    }

    public int drain() {
        return worker.drain();
    }

    public Page<Post> feedPage(String reader, Optional<PostId> after, int limit) {
        PageRequest request = after.isEmpty()
                ? PageRequest.first(limit)
                : PageRequest.after(new io.feedline.ports.model.PageToken(after.get().value()), limit);
        return app.readHomeFeed().read(id(reader), id(reader), request);
    }

    /** Every post id of the reader's feed, walked page by page to the end. */
    public List<PostId> wholeFeed(String reader, int limit) {
        List<PostId> all = new ArrayList<>();
        Optional<PostId> after = Optional.empty();
        for (int guard = 0; guard < 1000; guard++) {
            Page<Post> page = feedPage(reader, after, limit);
            page.items().forEach(p -> all.add(p.id()));
            if (page.next().isEmpty()) {
                return all;
            }
            after = Optional.of(PostId.of(page.next().get().value()));
        }
        throw new AssertionError("feed did not end");
    }

    @Override
    public void close() {
        core.close();
    }

    /** Runs every task at once on the calling thread. */
    static final class CallerRunsExecutor extends AbstractExecutorService {
        private volatile boolean shutdown;

        @Override
        public void execute(Runnable command) {
            command.run();
        }

        @Override
        public void shutdown() {
            shutdown = true;
        }

        @Override
        public List<Runnable> shutdownNow() {
            shutdown = true;
            return List.of();
        }

        @Override
        public boolean isShutdown() {
            return shutdown;
        }

        @Override
        public boolean isTerminated() {
            return shutdown;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return true;
        }
    }
}

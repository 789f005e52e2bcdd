package io.feedline.domain.fanout;

import io.feedline.ports.model.CountChange;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.MediaId;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.FeedItems;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.Notifications;
import io.feedline.ports.out.PostCounters;
import io.feedline.ports.out.Posts;
import io.feedline.ports.out.Reposts;
import io.feedline.ports.out.SearchIndex;
import io.feedline.ports.out.Subscriptions;
import io.feedline.ports.out.UserAccounts;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Drains the outbox (ADR-0003). A job is leased, its author's followers are walked a page at a
 * time, and a checkpoint is written once a page is durable, so a worker that dies is replaced from
 * where it stopped. Every write is idempotent, so replaying a page after a crash changes nothing.
 *
 * <p>This class is the loop; docs/FANOUT.md shows how its pieces meet. The {@link ClaimLoop} leases
 * jobs and windows each delivery's first page as it takes it; the jobs wait in {@link HeldJobs},
 * at most as many as {@link HoldPolicy} allows; the {@link DurableStep} writes the oldest of them
 * durably, a step at a time, while the {@link LeaseKeeper} renews their leases. Each held job is a
 * {@link DeliveryRun}, which reads its pages after the first ahead of the steps. The relations lane
 * ({@link RelationLane}, ADR-0021) runs beside them.
 *
 * <p>Storage calls run on virtual threads, at most {@link FanoutSettings#workerConcurrency()} at
 * once ({@link StorageCalls}), besides the read-ahead (per held job, one follower read at a time
 * and at most {@value DeliveryRun#RUNS_IN_FLIGHT} runs being checked and windowed, so bounded by
 * the hold). A window write that hangs holds up the jobs of the claim it windows, and, since it is
 * part of a window pass ({@link WindowPassBarrier}), the process's durable writes, for as long as
 * the cache's own timeouts let it ({@code redis.command-timeout}, and the evictions after a failure).
 */
public final class FanoutWorker {
    private static final Logger LOG = Logger.getLogger(FanoutWorker.class.getName());
    private final String workerId;
    private final FanoutJobs jobs;
    private final Clock clock;
    private final WindowWrites windows;
    private final Consumer<List<Delivery>> windowed;
    /** The relations lane's own worker (ADR-0021), run beside the fan-out by {@link #runUntil}. */
    private final RelationLane relations;
    private final SideJobs side;
    private final HeldJobs held;
    private final ClaimLoop claims;
    private final DurableStep steps;

    private FanoutWorker(Builder b) {
        this.workerId = Objects.requireNonNull(b.id, "id");
        this.jobs = Objects.requireNonNull(b.jobs, "jobs");
        FollowGraph graph = Objects.requireNonNull(b.graph, "graph");
        Posts posts = Objects.requireNonNull(b.posts, "posts");
        Reposts reposts = Objects.requireNonNull(b.reposts, "reposts");
        FeedItems feedItems = Objects.requireNonNull(b.feedItems, "feedItems");
        this.windows = Objects.requireNonNull(b.windows, "windows");
        Notifications notifications = Objects.requireNonNull(b.notifications, "notifications");
        Subscriptions subscriptions = Objects.requireNonNull(b.subscriptions, "subscriptions");
        this.clock = Objects.requireNonNull(b.clock, "clock");
        FanoutSettings settings = Objects.requireNonNull(b.settings, "settings");
        TagFanout tags = Objects.requireNonNull(b.tags, "tags");
        this.windowed = b.windowed;
        StorageCalls storage = new StorageCalls(settings.workerConcurrency());
        BatchedJobs batched = new BatchedJobs(jobs, notifications, Objects.requireNonNull(b.counters, "counters"),
                Objects.requireNonNull(b.cachedCounts, "cachedCounts"),
                new SearchIndexing(Objects.requireNonNull(b.search, "search"), posts, Objects.requireNonNull(b.users, "users")),
                clock, storage);
        batched.onCountsApplied(b.countsApplied);
        batched.onNotified(b.notified);
        ParallelTasks tasks = new ParallelTasks("fanout-" + workerId);
        FeedPurges purges = new FeedPurges(graph, posts, feedItems, windows, tags, clock, settings);
        this.relations = new RelationLane(workerId, jobs, purges,
                new FollowBackfill(graph, posts, feedItems, windows, jobs, clock, settings), clock, settings);
        this.side = new SideJobs(jobs, posts, subscriptions, notifications, batched, tags, clock, settings, storage, tasks);
        Crew crew = new Crew(clock, settings, storage, jobs, posts, reposts, tags, relations, purges,
                new Audiences(graph, jobs, clock, settings), side, this::addToWindows,
                Objects.requireNonNull(b.mediaPurge, "mediaPurge"));
        this.held = new HeldJobs(settings);
        LeaseKeeper leases = new LeaseKeeper(jobs, clock, settings, storage, held);
        BatchReads reads = new BatchReads(graph, posts, storage);
        this.claims = new ClaimLoop(workerId, jobs, crew, batched, tasks, held, leases, reads, b.windowPasses);
        this.steps = new DurableStep(workerId, jobs, feedItems, crew, tasks, held, leases, reads, b.windowPasses,
                b.deliveredAfter);
    }

    /** A worker to be built by naming each of its parts; the listeners default to none. */
    public static Builder builder() {
        return new Builder();
    }

    public String id() {
        return workerId;
    }

    /**
     * Claims up to a batch of what is claimable now on each lane and works it off, claiming
     * nothing more. Returns how many jobs were completed.
     */
    public int runOnce() {
        int done = relations.runOnce();
        done += claims.claimOnce();
        while (held.count() > 0) {
            done += steps.step();
        }
        side.rankTags();
        return done;
    }

    /** Runs jobs until none is claimable. Returns how many were completed. */
    public int drain() {
        int total = 0;
        int done;
        while ((done = runOnce()) > 0) {
            total += done;
        }
        return total;
    }

    /**
     * Works until {@code stop} says so, on two threads: this one steps through the held jobs, and a
     * virtual thread of its own claims them ({@link ClaimLoop#runUntil}), so that claiming and
     * windowing never wait for a step's durable writes. On stop, the jobs still held are given
     * back, claimable at once from their checkpoints.
     */
    public void runUntil(BooleanSupplier stop) {
        AtomicBoolean halted = new AtomicBoolean();
        // The relations lane claims and works on a thread of its own, never behind a step (ADR-0021).
        Thread relating = Thread.ofVirtual().name("fanout-relations-" + workerId)
                .start(() -> relations.runUntil(() -> halted.get() || stop.getAsBoolean()));
        Thread claiming = Thread.ofVirtual().name("fanout-claim-" + workerId).start(() -> {
            try {
                claims.runUntil(stop, halted);
            } catch (Error e) {
                held.claimingDied(e);
                throw e;
            }
        });
        try {
            while (!stop.getAsBoolean()) {
                if (held.await()) {
                    steps.step();
                    claims.stepped();
                } else {
                    side.rankTags();
                }
            }
        } finally {
            // Also when an Error ends the steps: the claims stop with them (and nothing is handed back).
            halted.set(true);
            wake();
        }
        try {
            claiming.join();
            relating.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        handBack();
    }

    /** Cuts the idle wait short: called when this process enqueued a job, and to stop. */
    public void wake() {
        relations.wake();
        claims.wake();
        held.wake();
    }

    /** Adds the deliveries to their readers' hot windows, then tells the windowed listener (see {@link Builder#onWindowed}). */
    private void addToWindows(List<Delivery> deliveries) {
        windows.update(readers(deliveries), window -> window.add(deliveries));
        windowed.accept(deliveries);
    }

    private static List<UserId> readers(Collection<Delivery> deliveries) {
        return deliveries.stream().map(Delivery::reader).distinct().toList();
    }

    private void handBack() {
        Instant now = clock.instant();
        for (DeliveryRun run : held.takeAll()) {
            run.stopReading();
            try {
                jobs.release(run.claimed, now);
            } catch (RuntimeException e) {
                LOG.log(Level.INFO, "could not hand back " + run.claimed.job().key() + "; its lease will expire", e);
            }
        }
    }

    /** Builds a worker by naming its parts: every part is required, the listeners are optional. */
    public static final class Builder {
        private String id;
        private FanoutJobs jobs;
        private FollowGraph graph;
        private Posts posts;
        private Reposts reposts;
        private FeedItems feedItems;
        private WindowWrites windows;
        private Notifications notifications;
        private Subscriptions subscriptions;
        private PostCounters counters;
        private CountCache cachedCounts;
        private SearchIndex search;
        private UserAccounts users;
        private Consumer<MediaId> mediaPurge;
        private Clock clock;
        private FanoutSettings settings;
        private TagFanout tags;
        private Consumer<Duration> deliveredAfter = delay -> {};
        private Consumer<List<Delivery>> windowed = deliveries -> {};
        private Consumer<List<CountChange>> countsApplied = changes -> {};
        private Consumer<List<NotificationEvent>> notified = events -> {};
        private WindowPassBarrier windowPasses = new WindowPassBarrier();

        private Builder() {}

        public Builder id(String id) {
            this.id = id;
            return this;
        }

        public Builder jobs(FanoutJobs jobs) {
            this.jobs = jobs;
            return this;
        }

        public Builder graph(FollowGraph graph) {
            this.graph = graph;
            return this;
        }

        public Builder posts(Posts posts) {
            this.posts = posts;
            return this;
        }

        public Builder reposts(Reposts reposts) {
            this.reposts = reposts;
            return this;
        }

        public Builder feedItems(FeedItems feedItems) {
            this.feedItems = feedItems;
            return this;
        }

        public Builder windows(WindowWrites windows) {
            this.windows = windows;
            return this;
        }

        public Builder notifications(Notifications notifications) {
            this.notifications = notifications;
            return this;
        }

        public Builder subscriptions(Subscriptions subscriptions) {
            this.subscriptions = subscriptions;
            return this;
        }

        public Builder counters(PostCounters counters) {
            this.counters = counters;
            return this;
        }

        public Builder cachedCounts(CountCache cachedCounts) {
            this.cachedCounts = cachedCounts;
            return this;
        }

        public Builder search(SearchIndex search) {
            this.search = search;
            return this;
        }

        /** Deletes a deleted post's attachment from the media store, then its record; idempotent. */
        public Builder mediaPurge(Consumer<MediaId> mediaPurge) {
            this.mediaPurge = mediaPurge;
            return this;
        }

        public Builder users(UserAccounts users) {
            this.users = users;
            return this;
        }

        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        public Builder settings(FanoutSettings settings) {
            this.settings = settings;
            return this;
        }

        public Builder tags(TagFanout tags) {
            this.tags = tags;
            return this;
        }

        /** Receives, for each delivered post, the time from its publication to the end of its fan-out. */
        public Builder deliveredAfter(Consumer<Duration> listener) {
            this.deliveredAfter = Objects.requireNonNull(listener, "deliveredAfter");
            return this;
        }

        /**
         * Receives each set of deliveries once its hot-window write has returned (whether or not it
         * succeeded: the durable write follows either way), before the durable feed items are written.
         */
        public Builder onWindowed(Consumer<List<Delivery>> listener) {
            this.windowed = Objects.requireNonNull(listener, "onWindowed");
            return this;
        }

        /** Receives the changes of each batch of count jobs the worker applied (explore's popularity notes them). */
        public Builder onCountsApplied(Consumer<List<CountChange>> listener) {
            this.countsApplied = Objects.requireNonNull(listener, "onCountsApplied");
            return this;
        }

        /** Receives the events of each set of notifications once they are recorded. */
        public Builder onNotified(Consumer<List<NotificationEvent>> listener) {
            this.notified = Objects.requireNonNull(listener, "onNotified");
            return this;
        }

        /**
         * Shares the window passes of the process's other workers: their durable writes wait for this
         * one's, and this one's for theirs.
         */
        public Builder windowPasses(WindowPassBarrier listener) {
            this.windowPasses = Objects.requireNonNull(listener, "windowPasses");
            return this;
        }

        public FanoutWorker build() {
            return new FanoutWorker(this);
        }
    }
}

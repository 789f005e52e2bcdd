package io.feedline.domain.fanout;

import io.feedline.domain.fanout.ParallelTasks.Outcome;
import io.feedline.domain.fanout.ParallelTasks.Started;
import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.CountChange;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.EntityRef;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.FeedItems;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.Notifications;
import io.feedline.ports.out.PostCounters;
import io.feedline.ports.out.Posts;
import io.feedline.ports.out.Reposts;
import io.feedline.ports.out.SearchIndex;
import io.feedline.ports.out.UserAccounts;
import io.feedline.ports.out.Subscriptions;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.NotificationType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Collection;
import java.util.HashSet;
import java.util.function.Function;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Drains the outbox (ADR-0003). A job is leased, its author's followers are walked a
 * page at a time, and a checkpoint is written once a page is durable, so a worker that dies is
 * replaced from where it stopped. Every write is idempotent, so replaying a page after a crash
 * changes nothing.
 *
 * <p>The worker holds up to {@value HoldPolicy#STEPS_HELD} times {@link FanoutSettings#jobsPerClaim()} jobs,
 * fewer when renewing their leases would cost more than a tenth of what its steps write (see
 * {@link HoldPolicy}).
 * As it takes a claim's deliveries it reads each one's first page, settles them all by their
 * authors' unfollow counts (see {@link #settleFirstPages}) and sends all their hot-window inserts as
 * one write, so a post reaches its readers' hot windows as soon as a worker holds its
 * job, however many durable writes are ahead of it; the pages after a first one are read ahead by
 * a virtual thread of the job's own. In {@link #runUntil} the claims are made on a thread of their
 * own, so a step's durable writes never hold up the next claim, and each claim's deliveries are
 * read and windowed while the next claim is made (see {@link #takeBeside}). It works the jobs in steps of {@link
 * FanoutSettings#jobsPerClaim()}, the oldest first, renewing the lease of every job it holds (the
 * step's own included) that has half a lease or less left, before each step and while a step's
 * durable writes run. A step takes the next pages of each of
 * its jobs (a first page read more than {@link DeliveryRun#RECHECK_AFTER} before is settled again: see {@link
 * #settleWaitedPages}), and then:
 * <ol>
 *   <li>sends the hot-window inserts of those of its pages whose windows are not written yet as one
 *       write (one pipelined round trip), without waiting for anything durable; pages read ahead had theirs sent as they were read
 *       (in runs of {@value DeliveryRun#PAGES_PER_RUN} pages, one read each; each run's edge check and window
 *       insert on a thread of its own, up to {@value DeliveryRun#RUNS_IN_FLIGHT} at once, while the next run
 *       is read), so a big fan-out reaches every hot window at the speed of the follower queries;
 *       and its durable writes wait until the whole audience has been read and windowed (or
 *       {@value DeliveryRun#READ_AHEAD_PAGES} pages are waiting), so that they do not compete with the window
 *       pass for the engine;</li>
 *   <li>writes the durable feed items of all those pages, coalesced across jobs into chunks of
 *       {@value #WRITE_BATCH} (one BatchWriteItem each), the chunks in parallel;</li>
 *   <li>checkpoints each job whose pages are durable, and completes those after their last page
 *       all in one write, their posts read again in one batch first (see {@link #finish}).</li>
 * </ol>
 * A window write that fails never holds up the durable write (the window is a cache, a failed
 * write distrusts the windows it missed, and the read path continues into the durable items past
 * a window's end). One that hangs holds up the jobs of the claim it windows, and, since it is part
 * of a window pass (see {@link WindowPassBarrier}), the process's durable writes, for as long as the
 * cache's own timeouts let it ({@code redis.command-timeout}, and the evictions after a failure).
 * The durable write and the checkpoint always come before completion. Storage calls run on virtual threads, at most
 * {@link FanoutSettings#workerConcurrency()} at once, of which a step's durable writes take at most
 * half, so that a claim or a renewal never waits behind a whole step's writes; besides the read-ahead (per held job, one
 * follower read at a time and at most {@value DeliveryRun#RUNS_IN_FLIGHT} runs being checked and windowed, so
 * bounded by the batch).
 *
 * <p>Count jobs ({@link FanoutJob.CountDelta}) are not held ({@link BatchedJobs} settles them): each claim's count jobs are applied
 * at once as one batch ({@link PostCounters#apply}: each delta in one atomic write with its job's
 * completion, so a redelivery counts once), and the cached counts follow. Notification jobs
 * ({@link FanoutJob.Notify}) are not held either: each claim's are recorded as one batch beside the
 * count batch ({@link Notifications#recordClaimed}: the events on one row folded into one write
 * with their jobs' completions), so neither kind waits for the other. In {@link #runUntil} a
 * claim's counts, notifications and index jobs are settled on a thread of their own while the next
 * claim is made and windowed, one claim's worth at a time (see {@link #takeBeside}).
 */
public final class FanoutWorker {
    private static final Logger LOG = Logger.getLogger(FanoutWorker.class.getName());
    /** Items per durable write call: one full BatchWriteItem, so coalesced chunks are one request each. */
    static final int WRITE_BATCH = 25;
    private final String workerId;
    private final FanoutJobs jobs;
    private final FollowGraph graph;
    private final Posts posts;
    private final Reposts reposts;
    private final FeedItems feedItems;
    private final WindowWrites windows;
    private final Notifications notifications;
    private final Subscriptions subscriptions;
    private final Clock clock;
    private final FanoutSettings settings;
    private final Consumer<Duration> deliveredAfter;
    private final TagFanout tags;
    private final Consumer<List<Delivery>> windowed;
    private final WindowPassBarrier windowPasses;
    private final StorageCalls storage;
    /** The count, notification and index jobs of each claim, settled at once (see {@link #take}). */
    private final BatchedJobs batched;
    private final ParallelTasks tasks;
    private final FeedPurges purges;
    /** The relations lane's own worker (ADR-0021), run beside the fan-out by {@link #runUntil}. */
    private final RelationLane relations;
    private final SideJobs side;
    /** What the delivery runs of this worker share. */
    private final Crew crew;
    /** The claiming's idle wait; a step that gave up jobs signals it (room to claim more). */
    private final IdleWait idle;
    private final Retries retries;
    /** The jobs held, and what the stepping and claiming threads share about them. */
    private final HeldJobs held;
    private final LeaseKeeper leases;
    private final BatchReads reads;
    /** The side work of the claims {@link #runUntil} takes (see {@link #takeBeside}). */
    private final SerialQueue sideWork;
    // Only the claiming thread touches these.
    private long lastClaimNanos;

    private FanoutWorker(Builder b) {
        this.workerId = Objects.requireNonNull(b.id, "id");
        this.sideWork = new SerialQueue("fanout-aside-" + workerId);
        this.jobs = Objects.requireNonNull(b.jobs, "jobs");
        this.graph = Objects.requireNonNull(b.graph, "graph");
        this.posts = Objects.requireNonNull(b.posts, "posts");
        this.reposts = Objects.requireNonNull(b.reposts, "reposts");
        this.feedItems = Objects.requireNonNull(b.feedItems, "feedItems");
        this.windows = Objects.requireNonNull(b.windows, "windows");
        this.notifications = Objects.requireNonNull(b.notifications, "notifications");
        this.subscriptions = Objects.requireNonNull(b.subscriptions, "subscriptions");
        this.clock = Objects.requireNonNull(b.clock, "clock");
        this.settings = Objects.requireNonNull(b.settings, "settings");
        this.deliveredAfter = b.deliveredAfter;
        this.tags = Objects.requireNonNull(b.tags, "tags");
        this.windowed = b.windowed;
        this.windowPasses = b.windowPasses;
        this.storage = new StorageCalls(settings.workerConcurrency());
        this.batched = new BatchedJobs(jobs, notifications, Objects.requireNonNull(b.counters, "counters"),
                Objects.requireNonNull(b.cachedCounts, "cachedCounts"),
                new SearchIndexing(Objects.requireNonNull(b.search, "search"), posts, Objects.requireNonNull(b.users, "users")),
                clock, storage);
        batched.onCountsApplied(b.countsApplied);
        batched.onNotified(b.notified);
        this.tasks = new ParallelTasks("fanout-" + workerId);
        this.purges = new FeedPurges(graph, posts, feedItems, windows, tags, clock, settings);
        this.relations = new RelationLane(workerId, jobs, purges,
                new FollowBackfill(graph, posts, feedItems, windows, jobs, clock, settings), clock, settings);
        this.side = new SideJobs(jobs, posts, subscriptions, notifications, batched, tags, clock, settings, storage, tasks);
        this.crew = new Crew(clock, settings, storage, jobs, posts, reposts, tags, relations, purges,
                new Audiences(graph, jobs, clock, settings), side, this::addToWindows);
        this.idle = new IdleWait(settings.idlePoll());
        this.retries = new Retries(jobs, clock, "fan-out job", storage::call);
        this.held = new HeldJobs(settings);
        this.leases = new LeaseKeeper(jobs, clock, settings, storage, held);
        this.reads = new BatchReads(graph, posts, storage);
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
        done += take(jobs.claim(workerId, held.limit() - held.count(), clock.instant(), settings.jobLease()));
        while (held.count() > 0) {
            done += step();
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
     * virtual thread of its own claims them, so that claiming and windowing never wait for a step's
     * durable writes. It claims a step's worth at a time, one claim after another while they come
     * back full and there is room, all in one window pass (see {@link WindowPassBarrier}) that ends once
     * it has lasted a quarter of a lease: one claim of a few hundred jobs on a slow engine took longer
     * than their leases (a proof with 3 s leases saw every pass's jobs taken over by the process's
     * other worker before the pass ended), while a pass for each claim let the durable writes in
     * between them, so a burst's windows kept the durable writes' pace (ADR-0012).
     * Within a pass, each claim is taken (read and windowed) while the next one is made, and the
     * pass ends once the last is taken. The claiming thread sleeps between empty polls unless woken (each empty poll doubles the
     * sleep, up to {@value IdleWait#IDLE_POLL_GROWTH} times the idle-poll interval); while jobs are held it
     * tops them up at once when woken, else once per idle-poll interval, so a long fan-out does not
     * poll the outbox at every page. On stop, the jobs still held are given back,
     * claimable at once from their checkpoints.
     */
    public void runUntil(BooleanSupplier stop) {
        AtomicBoolean halted = new AtomicBoolean();
        // The relations lane claims and works on a thread of its own, never behind a step (ADR-0021).
        Thread relating = Thread.ofVirtual().name("fanout-relations-" + workerId)
                .start(() -> relations.runUntil(() -> halted.get() || stop.getAsBoolean()));
        Thread claiming = Thread.ofVirtual().name("fanout-claim-" + workerId).start(() -> {
            try {
                claimUntil(stop, halted);
            } catch (Error e) {
                held.claimingDied(e);
                throw e;
            }
        });
        try {
            while (!stop.getAsBoolean()) {
                if (held.await()) {
                    step();
                    stepped();
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

    /** The claiming thread of {@link #runUntil}. */
    private void claimUntil(BooleanSupplier stop, AtomicBoolean halted) {
        idle.reset();
        // The last claim took all it asked for, so more may be waiting.
        boolean full = false;
        while (!halted.get() && !stop.getAsBoolean()) {
            int holding = held.count();
            int room = held.limit() - holding;
            if (room <= 0) {
                // Full: wait for a step to give jobs up. A wake meanwhile is kept for the next claim.
                idle.await(settings.idlePoll().toNanos(), true);
                continue;
            }
            boolean due = full || holding == 0 || idle.consumeWake()
                    || System.nanoTime() - lastClaimNanos >= settings.idlePoll().toNanos();
            if (!due) {
                idle.await(settings.idlePoll().toNanos(), false);
                continue;
            }
            boolean found = false;
            WindowPassBarrier passes = windowPasses;
            long pass = passes.begin();
            long passBegan = System.nanoTime();
            Taking taking = Taking.NONE;
            try {
                // One pass claims a step's worth at a time while claims come back full, there is
                // room and it has lasted less than a quarter of a lease: the durable writes wait for
                // it, so a burst's windows go first, and the oldest of its jobs still has most of
                // its lease when the pass ends. Each claim is taken (its first pages read and
                // windowed) while the next is made.
                do {
                    lastClaimNanos = System.nanoTime();
                    int asked = Math.min(room, settings.jobsPerClaim());
                    List<ClaimedJob> claimed = jobs.claim(workerId, asked, clock.instant(), settings.jobLease());
                    found |= !claimed.isEmpty();
                    full = claimed.size() == asked;
                    awaitTaken(taking);
                    taking = takeBeside(claimed);
                    // The claim being taken is not held yet: all its jobs count against the room, those
                    // settled aside too (never held), so a pass never claims past the hold's limit.
                    room = held.limit() - held.count() - taking.jobs();
                } while (full && room > 0 && !halted.get() && !stop.getAsBoolean()
                        && System.nanoTime() - passBegan < passBound());
            } catch (RuntimeException e) {
                full = false;
                LOG.log(Level.WARNING, "outbox poll failed", e);
            } finally {
                try {
                    awaitTaken(taking);
                } finally {
                    passes.end(pass);
                }
            }
            // Outside the pass, which the durable writes wait for: the claiming keeps at most one claim's side work ahead.
            sideWork.awaitStarted();
            if (found || held.count() > 0) {
                idle.reset();
            }
            if (!found && held.count() == 0) {
                idle.awaitWork();
            }
        }
        sideWork.awaitDone();
    }

    /** How long one window pass may go on claiming: a quarter of a lease. */
    private long passBound() {
        return settings.jobLease().toNanos() / 4;
    }

    /** Adds the deliveries to their readers' hot windows, then tells the windowed listener (see {@link Builder#onWindowed}). */
    private void addToWindows(List<Delivery> deliveries) {
        windows.update(readers(deliveries), window -> window.add(deliveries));
        windowed.accept(deliveries);
    }

    /** Cuts the idle wait short: called when this process enqueued a job, and to stop. */
    public void wake() {
        relations.wake();
        idle.wake();
        held.wake();
    }

    /**
     * Holds the claimed jobs, and settles the count jobs and the notification jobs among them at
     * once, each kind as one batch and the two side by side, so neither waits for the other (see
     * {@link PostCounters#apply} and {@link Notifications#recordClaimed}). Returns how many count
     * and notification jobs it settled.
     */
    private int take(List<ClaimedJob> claimed) {
        return take(claimed, false);
    }

    /**
     * {@link #take} for the claiming thread of {@link #runUntil}, on a thread of its own while the
     * next claim is made (see {@link #awaitTaken}): the claim's deliveries are windowed and held,
     * and its count, notification and index jobs are given to {@link #sideWork}, settled one
     * claim's worth at a time on a thread of their own while the claiming goes on, so that the next
     * claim, and its windows, do not wait for them (a burst's claims each waited a second or more
     * for their mentions and index jobs). The claiming waits for its side work only once a window
     * pass has ended, never within one: the steps' durable writes wait for the passes begun before
     * them, and must not wait for side work.
     *
     * <p>A claim's lease transaction and the reads and window write of the claim before it are
     * independent, and on a busy engine each took about as long as the other (a burst's leases
     * waited 150-200 ms in DynamoDB Local's queue of transactions, its first-page reads about as
     * long, ADR-0010); one after the other, they halved the rate at which a burst's
     * posts reached their windows.
     */
    private Taking takeBeside(List<ClaimedJob> claimed) {
        if (claimed.isEmpty()) {
            return Taking.NONE;
        }
        return new Taking(tasks.start(List.<Callable<Integer>>of(() -> take(claimed, true))), claimed.size());
    }

    /**
     * Waits until the claim being taken is held and windowed, so that at most one is taken beside
     * the next claim and they are taken in the order claimed. An Error in the taking is rethrown (it
     * ends the claiming, as it did when it was taken on this thread); any other failure is logged,
     * and the claim's jobs are claimable again once their leases run out.
     */
    private void awaitTaken(Taking taking) {
        if (taking.started() == null) {
            return;
        }
        Throwable failure = tasks.await(taking.started()).getFirst().failure();
        if (failure instanceof Error error) {
            throw error;
        }
        if (failure != null) {
            LOG.log(Level.WARNING, "taking a claim of " + taking.jobs() + " jobs failed; they are claimable again once "
                    + "their leases run out", failure);
        }
    }

    /** A claim being taken beside the next one: its task, and how many jobs it took. */
    private record Taking(Started<Integer> started, int jobs) {
        static final Taking NONE = new Taking(null, 0);
    }

    private int take(List<ClaimedJob> claimed, boolean aside) {
        List<ClaimedJob> counts = new ArrayList<>();
        List<ClaimedJob> notes = new ArrayList<>();
        List<ClaimedJob> indexing = new ArrayList<>();
        List<DeliveryRun> taken = new ArrayList<>();
        List<DeliveryRun> deliveries = new ArrayList<>();
        for (ClaimedJob job : claimed) {
            if (job.job() instanceof FanoutJob.CountDelta) {
                counts.add(job);
            } else if (job.job() instanceof FanoutJob.Notify) {
                notes.add(job);
            } else if (SearchIndexing.handles(job.job())) {
                indexing.add(job);
            } else {
                DeliveryRun run = new DeliveryRun(job, crew);
                taken.add(run);
                if (job.job() instanceof FanoutJob.Deliver || job.job() instanceof FanoutJob.TagPost) {
                    deliveries.add(run);
                }
            }
        }
        List<Callable<Integer>> sides = new ArrayList<>(3);
        if (!counts.isEmpty()) {
            sides.add(() -> batched.applyCounts(counts));
        }
        if (!notes.isEmpty()) {
            sides.add(() -> batched.recordNotifications(notes));
        }
        if (!indexing.isEmpty()) {
            sides.add(() -> batched.applyIndexing(indexing));
        }
        List<Callable<Integer>> batches = new ArrayList<>(4);
        if (!deliveries.isEmpty()) {
            batches.add(() -> windowAhead(deliveries));
        }
        if (!aside) {
            batches.addAll(sides);
        }
        int settled = 0;
        List<Outcome<Integer>> outcomes = tasks.all(batches);
        if (outcomes.stream().anyMatch(outcome -> outcome.failure() instanceof Error)) {
            taken.forEach(DeliveryRun::stopReading);
        }
        held.rethrowErrors(outcomes);
        for (Outcome<Integer> outcome : outcomes) {
            settled += outcome.value() == null ? 0 : outcome.value();
        }
        // A claim of many jobs on a slow engine can take a good part of their lease: those with half
        // of it or less left are renewed before they are held (in a steady state, none).
        Set<DeliveryRun> lost = leases.renewDue(taken);
        taken.removeIf(lost::contains);
        if (!taken.isEmpty()) {
            held.add(taken);
        }
        if (aside && !sides.isEmpty()) {
            sideWork.give(() -> {
                for (Outcome<Integer> outcome : tasks.all(sides)) {
                    if (outcome.failure() instanceof Error error) {
                        held.claimingDied(error);
                        return;
                    }
                }
            });
        }
        return settled;
    }

    /**
     * Reads the first pages of the deliveries just taken and sends their hot-window inserts as one
     * write, before any step writes them durably: a post is in its readers' hot windows as soon as
     * a worker holds its job, however many jobs are ahead of it in the durable writes. A page that
     * cannot be read is the job's failure in its step. Returns 0: nothing is completed here.
     */
    private int windowAhead(List<DeliveryRun> deliveries) {
        // The posts and the authors' unfollow counts, both needed before the pages, are read side by side.
        Started<Map<UserId, Long>> counting = tasks.start(List.<Callable<Map<UserId, Long>>>of(() -> reads.unfollowCounts(deliveries)));
        readPosts(deliveries);
        Outcome<Map<UserId, Long>> counted = tasks.await(counting).getFirst();
        if (counted.failure() instanceof Error error) {
            throw error;
        }
        Map<UserId, Long> before = counted.value() == null ? Map.of() : counted.value();
        deliveries.forEach(run -> run.unfollows = run.followedAuthor() == null ? null : before.get(run.followedAuthor()));
        List<Outcome<Void>> read = tasks.all(deliveries.stream().<Callable<Void>>map(run -> () -> {
            run.prepare();
            return null;
        }).toList());
        for (Outcome<Void> outcome : read) {
            if (outcome.failure() instanceof Error error) {
                throw error;
            }
        }
        settleFirstPages(deliveries.stream().filter(run -> run.unsettled).toList());
        List<Delivery> unwindowed = new ArrayList<>();
        for (DeliveryRun run : deliveries) {
            unwindowed.addAll(run.unwindowed());
        }
        if (!unwindowed.isEmpty()) {
            storage.call(() -> addToWindows(unwindowed));
        }
        deliveries.forEach(DeliveryRun::windowed);
        return 0;
    }

    /**
     * Settles the first pages {@code runs} read unchecked: the authors' unfollow counts are read
     * again in one read, and a page whose author's count has not moved since before it was read
     * lists no one who has left; any other is checked by the edges, all such checks side by side.
     * So a claim's pages cost two reads of counts where each cost a check.
     */
    private void settleFirstPages(List<DeliveryRun> runs) {
        if (runs.isEmpty()) {
            return;
        }
        Instant at = clock.instant();
        Map<UserId, Long> now = reads.unfollowCounts(runs);
        held.rethrowErrors(tasks.all(runs.stream().<Callable<Void>>map(run -> () -> {
            run.settle(at, now.get(run.followedAuthor()));
            return null;
        }).toList()));
    }

    /**
     * The first pages that waited past {@link DeliveryRun#RECHECK_AFTER} for this step are settled again by
     * their authors' unfollow counts, in one read, before the step takes them: a page whose count has
     * not moved is as good as checked now. The others are checked as the step takes them.
     */
    private void settleWaitedPages(List<DeliveryRun> runs) {
        Instant at = clock.instant();
        List<DeliveryRun> waited = runs.stream().filter(run -> run.waitedSettleable(at)).toList();
        if (waited.isEmpty()) {
            return;
        }
        Map<UserId, Long> now = reads.unfollowCounts(waited);
        for (DeliveryRun run : waited) {
            Long count = now.get(run.followedAuthor());
            if (count != null && count.equals(run.unfollows)) {
                run.settle(at, count);
            }
        }
    }

    /**
     * Reads the posts of the deliveries just taken in one batch, so that each need not read its own
     * as it starts (a claim of 64 deliveries made 64 reads). A failed read leaves each to read its own.
     */
    private void readPosts(List<DeliveryRun> deliveries) {
        Map<DeliveryRun, PostRef> delivered = new IdentityHashMap<>();
        for (DeliveryRun run : deliveries) {
            switch (run.claimed.job()) {
                case FanoutJob.Deliver deliver -> delivered.put(run, deliver.post());
                case FanoutJob.TagPost tagPost -> delivered.put(run, tagPost.post());
                default -> {
                    // Not a delivery: nothing to read.
                }
            }
        }
        if (delivered.isEmpty()) {
            return;
        }
        Set<PostId> live;
        try {
            live = reads.livePosts(delivered.values());
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "reading the posts of " + delivered.size() + " deliveries at once failed; each reads its own", e);
            return;
        }
        delivered.forEach((run, post) -> run.postFound = live.contains(post.postId()));
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

    /**
     * One step over the first {@link FanoutSettings#jobsPerClaim()} held jobs, the oldest (see the
     * class comment), after renewing the leases that are due, and notes how long it took and how
     * many feed items it wrote (see {@link HoldPolicy}). Returns how many jobs it completed.
     */
    private int step() {
        Instant began = clock.instant();
        Stepped stepped = stepThrough();
        held.noteStep(Duration.between(began, clock.instant()).minus(stepped.waited()), stepped.items(), stepped.jobs());
        return stepped.done();
    }

    /**
     * What a step did: the jobs it completed, the jobs it took, the feed items it wrote and how long
     * its durable writes waited for window passes.
     */
    private record Stepped(int done, int jobs, long items, Duration waited) {}

    /** {@link #step}, untimed. */
    private Stepped stepThrough() {
        List<DeliveryRun> all = held.now();
        Set<DeliveryRun> lost = leases.renewDue(all);
        List<DeliveryRun> runs = all.stream().filter(run -> !lost.contains(run)).limit(settings.jobsPerClaim()).toList();
        settleWaitedPages(runs);
        // 1. The next pages of every job (a purge or a retraction is done whole here).
        List<Outcome<Batch>> taken = tasks.all(runs.stream().<Callable<Batch>>map(run -> run::next).toList());
        held.rethrowErrors(taken);
        Map<DeliveryRun, Batch> batches = new IdentityHashMap<>();
        Map<DeliveryRun, RuntimeException> failed = new IdentityHashMap<>();
        List<Delivery> unwindowed = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            Outcome<Batch> outcome = taken.get(i);
            if (outcome.failure() != null) {
                failed.put(runs.get(i), (RuntimeException) outcome.failure());
            } else {
                batches.put(runs.get(i), outcome.value());
                if (!outcome.value().windowed()) {
                    unwindowed.addAll(outcome.value().deliveries());
                }
            }
        }
        // 2. Hot windows first, on their own: nothing durable waits for them.
        Thread windowWrite = unwindowed.isEmpty() ? null : Thread.ofVirtual().name("fanout-window-" + workerId)
                .start(() -> storage.call(() -> addToWindows(unwindowed)));
        // 3. Durable feed items, coalesced across jobs into full chunks written in parallel, each
        // once the window passes begun before it have ended (all chunks wait together, so the
        // first through marks when the wait ended).
        List<Chunk> chunks = chunks(runs, batches);
        WindowPassBarrier passes = windowPasses;
        Instant writing = clock.instant();
        AtomicReference<Instant> passed = new AtomicReference<>();
        List<Outcome<Void>> written = leases.awaitRenewing(tasks.start(chunks.stream().<Callable<Void>>map(chunk -> () -> {
            passes.awaitThoseBegun();
            passed.compareAndSet(null, clock.instant());
            storage.durableWrite(() -> feedItems.append(chunk.deliveries()));
            return null;
        }).toList()));
        Duration waited = passed.get() == null ? Duration.ZERO : Duration.between(writing, passed.get());
        held.rethrowErrors(written);
        for (int i = 0; i < chunks.size(); i++) {
            if (written.get(i).failure() != null) {
                for (DeliveryRun run : chunks.get(i).runs()) {
                    failed.putIfAbsent(run, (RuntimeException) written.get(i).failure());
                }
            }
        }
        // 4. Give back what failed, checkpoint what is durable and complete what is done (see finish).
        List<DeliveryRun> finishing = runs.stream()
                .filter(run -> !run.lost && !failed.containsKey(run) && batches.get(run).last())
                .toList();
        // A job taken over while its step wrote (see awaitRenewing) is left to its new holder.
        List<DeliveryRun> going = runs.stream().filter(run -> !run.lost && !finishing.contains(run)).toList();
        Started<Boolean> moving = tasks.start(going.stream().<Callable<Boolean>>map(run -> () -> {
            RuntimeException failure = failed.get(run);
            return failure != null ? giveBack(run, failure) : checkpoint(run, batches.get(run));
        }).toList());
        Outcome<Map<DeliveryRun, Outcome<Boolean>>> finished = ParallelTasks.attempt(() -> finish(finishing));
        List<Outcome<Boolean>> moved = tasks.await(moving);
        held.rethrowErrors(moved);
        held.rethrowErrors(List.of(finished));
        Map<DeliveryRun, Outcome<Boolean>> outcomes = new IdentityHashMap<>();
        if (finished.failure() == null) {
            outcomes.putAll(finished.value());
        } else {
            finishing.forEach(run -> outcomes.put(run, new Outcome<>(null, finished.failure())));
        }
        for (int i = 0; i < going.size(); i++) {
            outcomes.put(going.get(i), moved.get(i));
        }
        int done = 0;
        for (DeliveryRun run : runs) {
            Outcome<Boolean> outcome = outcomes.getOrDefault(run, new Outcome<>(false, null));
            if (outcome.failure() != null) {
                LOG.log(Level.WARNING, "fan-out job " + run.claimed.job().key() + " could not be settled; its lease will expire",
                        outcome.failure());
                held.drop(run);
            } else if (outcome.value()) {
                done++;
                held.drop(run);
            } else if (failed.containsKey(run) || run.lost) {
                held.drop(run);
            }
        }
        if (windowWrite != null) {
            try {
                windowWrite.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return new Stepped(done, runs.size(), chunks.stream().mapToLong(chunk -> chunk.deliveries().size()).sum(), waited);
    }

    /** Tells the claiming thread that a step is over, so that a full hold looks for room again. */
    private void stepped() {
        idle.signal();
    }

    /** Records how far a job that goes on got; false, since it is not finished. */
    private boolean checkpoint(DeliveryRun run, Batch batch) {
        if (batch.position().isPresent()) {
            try {
                run.claimed = storage.call(() -> jobs.checkpoint(run.claimed, batch.position().get(), clock.instant(), settings.jobLease()));
            } catch (FeedlineException.WriteConflict lost) {
                LOG.log(Level.INFO, "lease on {0} was taken over; leaving it to the new holder", run.claimed.job().key());
                run.lost = true;
            }
        }
        return false;
    }

    /**
     * Completes the jobs of a step whose last page is durable, in two requests for the whole step
     * where there were two a job: the posts of its deliveries read again in one batch (a post
     * deleted while it was delivered may have been retracted before these writes, so it is
     * retracted again), then every completion in one write ({@link FanoutJobs#completeAll}).
     * Returns each job's outcome: true once completed, or the failure that left it to run out its
     * lease (its redo changes nothing).
     */
    private Map<DeliveryRun, Outcome<Boolean>> finish(List<DeliveryRun> finishing) {
        Map<DeliveryRun, Outcome<Boolean>> outcomes = new IdentityHashMap<>();
        if (finishing.isEmpty()) {
            return outcomes;
        }
        Map<DeliveryRun, PostRef> delivered = new IdentityHashMap<>();
        for (DeliveryRun run : finishing) {
            if (run.claimed.job() instanceof FanoutJob.Deliver deliver && !run.skipped) {
                delivered.put(run, deliver.post());
            }
        }
        Set<PostId> live = Set.of();
        if (!delivered.isEmpty()) {
            try {
                live = reads.livePosts(delivered.values());
            } catch (RuntimeException e) {
                delivered.keySet().forEach(run -> outcomes.put(run, new Outcome<>(null, e)));
            }
        }
        List<DeliveryRun> completing = new ArrayList<>(finishing.size());
        for (DeliveryRun run : finishing) {
            if (outcomes.containsKey(run)) {
                continue;
            }
            PostRef post = delivered.get(run);
            if (post != null && !live.contains(post.postId())) {
                // Deleted while it was delivered: its retraction may have run before these writes.
                try {
                    storage.call(() -> purges.retractEverywhere(post));
                } catch (RuntimeException e) {
                    outcomes.put(run, new Outcome<>(null, e));
                    continue;
                }
            }
            completing.add(run);
        }
        if (completing.isEmpty()) {
            return outcomes;
        }
        try {
            storage.call(() -> jobs.completeAll(completing.stream().map(run -> run.claimed).toList()));
        } catch (RuntimeException e) {
            completing.forEach(run -> outcomes.put(run, new Outcome<>(null, e)));
            return outcomes;
        }
        for (DeliveryRun run : completing) {
            outcomes.put(run, new Outcome<>(true, null));
            if (run.claimed.job() instanceof FanoutJob.Deliver deliver) {
                deliveredAfter.accept(Duration.ofMillis(Math.max(0, clock.millis() - deliver.post().postId().epochMillis())));
            }
        }
        return outcomes;
    }

    /** Gives the job back for a retry (see {@link Retries}); false, since it is not finished. */
    private boolean giveBack(DeliveryRun run, RuntimeException failure) {
        retries.giveBack(run.claimed, failure);
        return false;
    }

    /** The step's deliveries in chunks of {@value #WRITE_BATCH}, each knowing whose deliveries it carries. */
    private static List<Chunk> chunks(List<DeliveryRun> runs, Map<DeliveryRun, Batch> batches) {
        List<Chunk> chunks = new ArrayList<>();
        List<Delivery> current = new ArrayList<>(WRITE_BATCH);
        Set<DeliveryRun> owners = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        for (DeliveryRun run : runs) {
            Batch batch = batches.get(run);
            if (batch == null) {
                continue;
            }
            for (Delivery delivery : batch.deliveries()) {
                current.add(delivery);
                owners.add(run);
                if (current.size() == WRITE_BATCH) {
                    chunks.add(new Chunk(current, List.copyOf(owners)));
                    current = new ArrayList<>(WRITE_BATCH);
                    owners.clear();
                }
            }
        }
        if (!current.isEmpty()) {
            chunks.add(new Chunk(current, List.copyOf(owners)));
        }
        return chunks;
    }

    private record Chunk(List<Delivery> deliveries, List<DeliveryRun> runs) {}

    private static List<UserId> readers(Collection<Delivery> deliveries) {
        return deliveries.stream().map(Delivery::reader).distinct().toList();
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

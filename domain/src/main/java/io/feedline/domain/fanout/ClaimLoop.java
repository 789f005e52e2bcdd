package io.feedline.domain.fanout;

import io.feedline.domain.fanout.ParallelTasks.Outcome;
import io.feedline.domain.fanout.ParallelTasks.Started;
import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.Notifications;
import io.feedline.ports.out.PostCounters;
import java.time.Instant;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A fan-out worker's claims: it leases jobs from the outbox and takes them. Taking a claim reads
 * each delivery's first page, settles them all by their authors' unfollow counts and sends all
 * their hot-window inserts as one write, so a post reaches its readers' hot windows as soon as a
 * worker holds its job, however many durable writes are ahead of it (ADR-0010). Only then are the
 * jobs held for the steps ({@link HeldJobs}).
 *
 * <p>Count jobs ({@link FanoutJob.CountDelta}), notification jobs ({@link FanoutJob.Notify}) and
 * index jobs are never held: {@link BatchedJobs} settles each claim's as one batch of each kind,
 * side by side, so neither kind waits for another (see {@link PostCounters#apply} and {@link
 * Notifications#recordClaimed}).
 *
 * <p>In a running worker the claims are made on a thread of their own, so a step's durable writes
 * never hold up the next claim. A claim's side work goes to a {@link SerialQueue}, so the next
 * claim and its windows do not wait for it.
 */
final class ClaimLoop {
    private static final Logger LOG = Logger.getLogger(ClaimLoop.class.getName());
    private final String workerId;
    private final FanoutJobs jobs;
    private final FanoutSettings settings;
    private final Crew crew;
    private final BatchedJobs batched;
    private final ParallelTasks tasks;
    private final HeldJobs held;
    private final LeaseKeeper leases;
    private final BatchReads reads;
    private final WindowPassBarrier passes;
    /** The side work of the claims {@link #runUntil} takes (see {@link #takeBeside}). */
    private final SerialQueue sideWork;
    /** The claiming's idle wait; a step that gave up jobs signals it (room to claim more). */
    private final IdleWait idle;
    // Only the claiming thread touches this.
    private long lastClaimNanos;

    ClaimLoop(String workerId, FanoutJobs jobs, Crew crew, BatchedJobs batched, ParallelTasks tasks, HeldJobs held,
            LeaseKeeper leases, BatchReads reads, WindowPassBarrier passes) {
        this.workerId = workerId;
        this.jobs = jobs;
        this.settings = crew.settings();
        this.crew = crew;
        this.batched = batched;
        this.tasks = tasks;
        this.held = held;
        this.leases = leases;
        this.reads = reads;
        this.passes = passes;
        this.sideWork = new SerialQueue("fanout-aside-" + workerId);
        this.idle = new IdleWait(settings.idlePoll());
    }

    /**
     * Claims up to the room in the hold, on this thread, and takes the claim whole, its side work
     * included. Returns how many count and notification jobs it settled.
     */
    int claimOnce() {
        return take(jobs.claim(workerId, held.limit() - held.count(), crew.clock().instant(), settings.jobLease()), false);
    }

    /** Cuts the idle wait short: called when this process enqueued a job, and to stop. */
    void wake() {
        idle.wake();
    }

    /** Tells the claiming that a step is over, so that a full hold looks for room again. */
    void stepped() {
        idle.signal();
    }

    /**
     * Claims until {@code stop} or {@code halted} says so. It claims a step's worth at a time, one
     * claim after another while they come back full and there is room, all in one window pass (see
     * {@link WindowPassBarrier}) that ends once it has lasted a quarter of a lease: one claim of a
     * few hundred jobs on a slow engine took longer than their leases (a proof with 3 s leases saw
     * every pass's jobs taken over by the process's other worker before the pass ended), while a
     * pass for each claim let the durable writes in between them, so a burst's windows kept the
     * durable writes' pace (ADR-0012). Within a pass, each claim is taken (read and windowed) while
     * the next one is made, and the pass ends once the last is taken. It sleeps between empty polls
     * unless woken (each empty poll doubles the sleep, up to {@value IdleWait#IDLE_POLL_GROWTH} times
     * the idle-poll interval); while jobs are held it tops them up at once when woken, else once per
     * idle-poll interval, so a long fan-out does not poll the outbox at every page.
     */
    void runUntil(BooleanSupplier stop, AtomicBoolean halted) {
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
                    List<ClaimedJob> claimed = jobs.claim(workerId, asked, crew.clock().instant(), settings.jobLease());
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

    /**
     * Takes a claim for {@link #runUntil}, on a thread of its own while the next claim is made (see
     * {@link #awaitTaken}): the claim's deliveries are windowed and held, and its count,
     * notification and index jobs are given to {@link #sideWork}, settled one claim's worth at a
     * time on a thread of their own while the claiming goes on, so that the next claim, and its
     * windows, do not wait for them (a burst's claims each waited a second or more for their
     * mentions and index jobs). The claiming waits for its side work only once a window pass has
     * ended, never within one: the steps' durable writes wait for the passes begun before them, and
     * must not wait for side work.
     *
     * <p>A claim's lease transaction and the reads and window write of the claim before it are
     * independent, and on a busy engine each took about as long as the other (a burst's leases
     * waited 150-200 ms in DynamoDB Local's queue of transactions, its first-page reads about as
     * long, ADR-0010); one after the other, they halved the rate at which a burst's posts reached
     * their windows.
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

    /**
     * Holds the claimed jobs once their first pages are windowed, and settles the count,
     * notification and index jobs among them: here, side by side with the windowing, or, {@code
     * aside}, given to {@link #sideWork}. Returns how many count and notification jobs it settled
     * here.
     */
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
        Started<Map<UserId, Long>> counting = tasks.start(
                List.<Callable<Map<UserId, Long>>>of(() -> reads.unfollowCounts(deliveries)));
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
            crew.storage().call(() -> crew.windows().accept(unwindowed));
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
        Instant at = crew.clock().instant();
        Map<UserId, Long> now = reads.unfollowCounts(runs);
        held.rethrowErrors(tasks.all(runs.stream().<Callable<Void>>map(run -> () -> {
            run.settle(at, now.get(run.followedAuthor()));
            return null;
        }).toList()));
    }

    /**
     * Reads the posts of the deliveries just taken in one batch, so that each need not read its own
     * as it starts. A failed read leaves each to read its own.
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
}

package io.feedline.domain.fanout;

import io.feedline.domain.fanout.ParallelTasks.Outcome;
import io.feedline.domain.fanout.ParallelTasks.Started;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.FeedItems;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A fan-out worker's durable step over its oldest {@link FanoutSettings#jobsPerClaim()} held jobs.
 * Its leases due are renewed first ({@link LeaseKeeper}). It takes the next pages of each job (a
 * first page read more than {@link DeliveryRun#RECHECK_AFTER} before is settled again: see {@link
 * #settleWaitedPages}), and then:
 * <ol>
 *   <li>sends the hot-window inserts of those pages whose windows are not written yet as one write,
 *       without waiting for anything durable (pages read ahead had theirs sent as they were read);</li>
 *   <li>writes the durable feed items of all those pages, coalesced across jobs into chunks of
 *       {@value #WRITE_BATCH} (one BatchWriteItem each), the chunks in parallel, once the window
 *       passes begun before them have ended ({@link WindowPassBarrier}), renewing the leases due
 *       while they run;</li>
 *   <li>gives back the jobs that failed, checkpoints each job whose pages are durable, and
 *       completes those after their last page all in one write, their posts read again in one
 *       batch first (see {@link #finish}).</li>
 * </ol>
 * A window write that fails never holds up the durable write: the window is a cache, a failed write
 * distrusts the windows it missed, and the read path continues into the durable items past a
 * window's end. The durable write and the checkpoint always come before completion. The durable
 * writes take at most half of the worker's storage calls ({@link StorageCalls}), so that a claim or
 * a renewal never waits behind a whole step's writes.
 */
final class DurableStep {
    private static final Logger LOG = Logger.getLogger(DurableStep.class.getName());
    /** Items per durable write call: one full BatchWriteItem, so coalesced chunks are one request each. */
    static final int WRITE_BATCH = 25;
    private final String workerId;
    private final FanoutJobs jobs;
    private final FeedItems feedItems;
    private final Crew crew;
    private final ParallelTasks tasks;
    private final HeldJobs held;
    private final LeaseKeeper leases;
    private final BatchReads reads;
    private final WindowPassBarrier passes;
    private final Retries retries;
    private final Consumer<Duration> deliveredAfter;

    DurableStep(String workerId, FanoutJobs jobs, FeedItems feedItems, Crew crew, ParallelTasks tasks, HeldJobs held,
            LeaseKeeper leases, BatchReads reads, WindowPassBarrier passes, Consumer<Duration> deliveredAfter) {
        this.workerId = workerId;
        this.jobs = jobs;
        this.feedItems = feedItems;
        this.crew = crew;
        this.tasks = tasks;
        this.held = held;
        this.leases = leases;
        this.reads = reads;
        this.passes = passes;
        this.retries = new Retries(jobs, crew.clock(), "fan-out job", crew.storage()::call);
        this.deliveredAfter = deliveredAfter;
    }

    /**
     * One step, timed: notes how long it took and how many feed items it wrote for the hold's pace
     * (see {@link HoldPolicy}). Returns how many jobs it completed.
     */
    int step() {
        Instant began = crew.clock().instant();
        Stepped stepped = stepThrough();
        held.noteStep(Duration.between(began, crew.clock().instant()).minus(stepped.waited()), stepped.items(), stepped.jobs());
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
        List<DeliveryRun> runs = all.stream().filter(run -> !lost.contains(run)).limit(crew.settings().jobsPerClaim()).toList();
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
                .start(() -> crew.storage().call(() -> crew.windows().accept(unwindowed)));
        // 3. Durable feed items, coalesced across jobs into full chunks written in parallel, each
        // once the window passes begun before it have ended (all chunks wait together, so the
        // first through marks when the wait ended).
        List<Chunk> chunks = chunks(runs, batches);
        Instant writing = crew.clock().instant();
        AtomicReference<Instant> passed = new AtomicReference<>();
        List<Outcome<Void>> written = leases.awaitRenewing(tasks.start(chunks.stream().<Callable<Void>>map(chunk -> () -> {
            passes.awaitThoseBegun();
            passed.compareAndSet(null, crew.clock().instant());
            crew.storage().durableWrite(() -> feedItems.append(chunk.deliveries()));
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
        // A job taken over while its step wrote (see LeaseKeeper.awaitRenewing) is left to its new holder.
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

    /**
     * The first pages that waited past {@link DeliveryRun#RECHECK_AFTER} for this step are settled again by
     * their authors' unfollow counts, in one read, before the step takes them: a page whose count has
     * not moved is as good as checked now. The others are checked as the step takes them.
     */
    private void settleWaitedPages(List<DeliveryRun> runs) {
        Instant at = crew.clock().instant();
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

    /** Records how far a job that goes on got; false, since it is not finished. */
    private boolean checkpoint(DeliveryRun run, Batch batch) {
        if (batch.position().isPresent()) {
            try {
                run.claimed = crew.storage().call(() -> jobs.checkpoint(run.claimed, batch.position().get(),
                        crew.clock().instant(), crew.settings().jobLease()));
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
                    crew.storage().call(() -> crew.purges().retractEverywhere(post));
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
            crew.storage().call(() -> jobs.completeAll(completing.stream().map(run -> run.claimed).toList()));
        } catch (RuntimeException e) {
            completing.forEach(run -> outcomes.put(run, new Outcome<>(null, e)));
            return outcomes;
        }
        for (DeliveryRun run : completing) {
            outcomes.put(run, new Outcome<>(true, null));
            if (run.claimed.job() instanceof FanoutJob.Deliver deliver) {
                deliveredAfter.accept(Duration.ofMillis(Math.max(0, crew.clock().millis() - deliver.post().postId().epochMillis())));
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
        Set<DeliveryRun> owners = Collections.newSetFromMap(new IdentityHashMap<>());
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

    /** Up to {@value #WRITE_BATCH} deliveries written in one call, and the jobs they belong to. */
    private record Chunk(List<Delivery> deliveries, List<DeliveryRun> runs) {}
}

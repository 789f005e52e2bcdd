package io.feedline.domain.fanout;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.EntityRef;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;

/**
 * One held job of a fan-out worker and, for a delivery with more than one page, its read-ahead:
 * the first page read (and windowed) when the job is taken, the pages after it read in runs, each
 * run checked and windowed on a thread of its own, until the steps write them (ADR-0010).
 */
final class DeliveryRun {
    /** Follower pages a job may read ahead of its durable writes (at most 100 ids each). */
    static final int READ_AHEAD_PAGES = 100;
    /** How often a step waiting for a job's window pass looks again. */
    private static final Duration READ_AHEAD_WAIT = Duration.ofMillis(10);
    /**
     * Follower pages read as one run (one request per source where the adapter can), and checked
     * and windowed together: ten pages of 100 cost one read and one check instead of ten each.
     */
    static final int PAGES_PER_RUN = 10;
    /** Read-ahead runs of one job whose edge check and window insert run at once. */
    static final int RUNS_IN_FLIGHT = 2;
    /** Pages of one job written in one step: bounds the step, and so the time between checkpoints. */
    static final int PAGES_PER_STEP = 10;
    /**
     * A first page read longer ago than this is checked again before its durable write, so that an
     * unfollow while it waited is honoured as it is for a page read in its step.
     */
    static final Duration RECHECK_AFTER = Duration.ofSeconds(2);

    /** A page read ahead (checked and windowed), or the failure that stopped the reading. */
    record Ahead(List<Delivery> deliveries, Optional<PageToken> next, RuntimeException failure) {}

    private final Crew crew;
    ClaimedJob claimed;
    volatile boolean lost;
    /** The post was gone when the delivery started afresh, so nothing was written. */
    boolean skipped;
    /**
     * Whether the delivery's post was there when the claim read its deliveries' posts in one batch;
     * null if that read failed, and the delivery reads it as it starts.
     */
    Boolean postFound;
    private boolean started;
    /** A delivery's first page, read (and then windowed) when the job was taken, until its step writes it. */
    private Batch prepared;
    private Instant preparedAt;
    /** Why reading the first page when the job was taken failed: the job's failure in its step. */
    private RuntimeException unprepared;
    /**
     * The author's unfollow count (see {@link io.feedline.ports.out.FollowGraph#unfollowCounts}) as read before the
     * first page was, and then as of the page's last settling; null if unknown, and then each
     * settling is a check of the edges.
     */
    Long unfollows;
    /** Set while {@link #prepare} reads a first page that the claim settles by unfollow counts. */
    private boolean settledByCounts;
    /** The prepared first page was read unchecked and waits for the claim to settle it. */
    boolean unsettled;
    /** Who the delivery goes to, once it started; and the author, whose own copy is not checked. */
    private Audiences.Audience audience;
    private UserId ownCopy;
    /** The pages read ahead, in page order, each done once its check and window insert are. */
    private LinkedBlockingQueue<CompletableFuture<Ahead>> ahead;
    private Thread reader;
    private volatile boolean stopped;

    DeliveryRun(ClaimedJob claimed, Crew crew) {
        this.claimed = claimed;
        this.crew = crew;
    }

    /**
     * Reads the first page now (as the claim takes the job); {@link #next} returns it. With the
     * author's unfollow count known, the page is read unchecked, and the claim settles it.
     */
    void prepare() {
        settledByCounts = unfollows != null;
        try {
            prepared = read();
            preparedAt = crew.clock().instant();
        } catch (RuntimeException e) {
            unprepared = e;
        } finally {
            settledByCounts = false;
        }
    }

    /** The author of a delivery to followers, whose unfollow count can settle its pages; else null. */
    UserId followedAuthor() {
        return claimed.job() instanceof FanoutJob.Deliver deliver ? deliver.post().authorId() : null;
    }

    /**
     * Settles the prepared page as of {@code at}, when the author's unfollow count was {@code
     * now}: unchanged since the page's last settling, it stands as read; otherwise (or unknown)
     * it is checked by the edges. A check that fails is the job's failure in its step.
     */
    void settle(Instant at, Long now) {
        unsettled = false;
        if (prepared == null) {
            return;
        }
        try {
            if (now == null || !now.equals(unfollows)) {
                prepared = checked(prepared);
            }
            unfollows = now;
            preparedAt = at;
        } catch (RuntimeException e) {
            prepared = null;
            unprepared = e;
        }
    }

    /** Whether the prepared page waited past {@link #RECHECK_AFTER} and can be settled again by the unfollow counts. */
    boolean waitedSettleable(Instant now) {
        return prepared != null && audience != null && unfollows != null && now.isAfter(preparedAt.plus(RECHECK_AFTER));
    }

    /** {@code batch} without the readers who no longer follow the audience (the author's own copy is kept). */
    private Batch checked(Batch batch) {
        List<UserId> readers = batch.deliveries().stream().map(Delivery::reader).filter(reader -> !reader.equals(ownCopy)).toList();
        Set<UserId> kept = new HashSet<>(crew.storage().call(() -> Audiences.stillFollowing(audience, readers)));
        if (ownCopy != null) {
            kept.add(ownCopy);
        }
        return batch.keeping(kept);
    }

    /** The prepared deliveries whose windows are not written yet. */
    List<Delivery> unwindowed() {
        return prepared == null || prepared.windowed() ? List.of() : prepared.deliveries();
    }

    /** Notes that the prepared deliveries' window write returned (whether or not it succeeded). */
    void windowed() {
        if (prepared != null) {
            prepared = prepared.windowedNow();
        }
    }

    /** What this step writes: the page prepared when the job was taken (checked again if it waited), or the next. */
    Batch next() {
        if (unprepared != null) {
            RuntimeException failure = unprepared;
            unprepared = null;
            throw failure;
        }
        if (prepared == null) {
            return read();
        }
        Batch batch = prepared;
        prepared = null;
        if (audience == null || !crew.clock().instant().isAfter(preparedAt.plus(RECHECK_AFTER))) {
            return batch;
        }
        return checked(batch);
    }

    private Batch read() {
        return switch (claimed.job()) {
            case FanoutJob.Deliver deliver -> nextDeliveries(deliver.post(), crew.audiences().ofAuthor(deliver.post().authorId()), true);
            case FanoutJob.TagPost tagPost -> nextTagDeliveries(tagPost);
            // Relation jobs are the relations lane's; one claimed here (an outbox indexed before the
            // lanes) is run the same way.
            case FanoutJob.PurgeEntity purge -> {
                crew.relations().run(purge);
                yield new Batch(List.of(), true, Optional.empty(), true);
            }
            case FanoutJob.Backfill backfill -> {
                crew.relations().run(backfill);
                yield new Batch(List.of(), true, Optional.empty(), true);
            }
            case FanoutJob.Retract retract -> {
                crew.audiences().walk(this, retract.post(), crew.purges()::retract);
                // A deleted original's reposts leave the feeds they reached as it did, one
                // retraction each (reads already hide them). A repost entry has no reposts.
                crew.storage().call(() -> crew.reposts().reposts(retract.post().postId(), crew.settings().repostsRetracted()))
                        .forEach(repost -> crew.storage().call(() -> crew.jobs().enqueue(new FanoutJob.Retract(repost))));
                yield new Batch(List.of(), true, Optional.empty(), true);
            }
            case FanoutJob.PurgeAuthor purge -> {
                crew.relations().run(purge);
                yield new Batch(List.of(), true, Optional.empty(), true);
            }
            case FanoutJob.CountDelta delta -> throw new IllegalStateException("count jobs are applied as they are taken");
            case FanoutJob.IndexPost index -> throw new IllegalStateException("index jobs are applied as they are taken");
            case FanoutJob.IndexAccount index -> throw new IllegalStateException("index jobs are applied as they are taken");
            case FanoutJob.Notify notify -> throw new IllegalStateException("notification jobs are recorded as they are taken");
            case FanoutJob.PurgeMedia purge -> {
                crew.storage().call(() -> {
                    crew.mediaPurge().accept(purge.media());
                    return null;
                });
                yield new Batch(List.of(), true, Optional.empty(), true);
            }
            case FanoutJob.NotifySubscribers subscribers -> {
                crew.side().notifySubscribers(this, subscribers.post());
                yield new Batch(List.of(), true, Optional.empty(), true);
            }
        };
    }

    /**
     * A tagged post's job: the use is counted once, on the job's first run (a replay after a
     * crash may count it again), then the post goes to the tag's followers unless the tag's
     * posts are merged at read time.
     */
    private Batch nextTagDeliveries(FanoutJob.TagPost job) {
        if (!started && claimed.checkpoint().isEmpty()) {
            crew.storage().call(() -> crew.tags().index().recordUse(job.tag(), Instant.ofEpochMilli(job.post().postId().epochMillis())));
            crew.tags().ranker().used();
        }
        if (!started && !crew.tags().policy().pushes(job.tag())) {
            started = true;
            skipped = true;
            return new Batch(List.of(), true, Optional.empty(), true);
        }
        EntityRef entity = EntityRef.of(job.tag());
        return nextDeliveries(job.post(), new Audiences.Audience(
                request -> crew.tags().follows().followers(entity, request),
                (first, pages) -> crew.tags().follows().followerPages(entity, first, pages),
                page -> crew.tags().follows().followersAmong(entity, page)), false);
    }

    private Batch nextDeliveries(PostRef post, Audiences.Audience audience, boolean withAuthor) {
        if (!started) {
            started = true;
            this.audience = audience;
            this.ownCopy = withAuthor ? post.authorId() : null;
            boolean found = postFound != null ? postFound : crew.storage().call(() -> crew.posts().get(post)).isPresent();
            if (!found) {
                // Deleted before its delivery ran: there is nothing to deliver. A delivery that
                // resumes from a checkpoint wrote pages before, which its end retracts.
                skipped = claimed.checkpoint().isEmpty();
                return new Batch(List.of(), true, Optional.empty(), true);
            }
            List<Delivery> deliveries = new ArrayList<>();
            if (claimed.checkpoint().isEmpty() && withAuthor) {
                deliveries.add(new Delivery(post.authorId(), post));
            }
            Page<UserId> page = crew.storage().call(() -> audience.page().apply(
                    new PageRequest(claimed.checkpoint(), crew.settings().fanoutPageSize())));
            // Read unchecked when the claim settles it by the author's unfollow count.
            unsettled = settledByCounts;
            (settledByCounts ? page.items() : crew.storage().call(() -> Audiences.stillFollowing(audience, page.items())))
                    .forEach(reader -> deliveries.add(new Delivery(reader, post)));
            page.next().ifPresent(next -> startReading(post, audience, next));
            return new Batch(deliveries, false, page.next(), page.next().isEmpty());
        }
        List<CompletableFuture<Ahead>> pages = new ArrayList<>();
        try {
            // Hot windows first: the durable writes wait until the audience has been read (or
            // the read-ahead is full), so they do not compete with the window pass for the engine.
            while (ahead.remainingCapacity() > 0 && !reader.join(READ_AHEAD_WAIT)) {
                // still reading
            }
            pages.add(ahead.take());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for follower pages", e);
        }
        ahead.drainTo(pages, PAGES_PER_STEP - 1);
        List<Delivery> deliveries = new ArrayList<>();
        Optional<PageToken> position = Optional.empty();
        for (CompletableFuture<Ahead> next : pages) {
            Ahead page = awaitPage(next);
            if (page.failure() != null) {
                // The pages before it are written again on the retry: every write is idempotent.
                throw page.failure();
            }
            deliveries.addAll(page.deliveries());
            position = page.next();
            if (position.isEmpty()) {
                return new Batch(deliveries, true, position, true);
            }
        }
        return new Batch(deliveries, true, position, false);
    }

    /**
     * Reads the follower pages after {@code from} in runs of {@value #PAGES_PER_RUN} (one
     * request per source where the adapter can), one run after another (each needs the last
     * one's position), and checks and windows each run on a thread of its own while the next is
     * read, at most {@value #RUNS_IN_FLIGHT} runs at once. Each page of a run keeps its own
     * position, so the durable writes and checkpoints still go a page at a time.
     */
    private void startReading(PostRef post, Audiences.Audience audience, PageToken from) {
        ahead = new LinkedBlockingQueue<>(READ_AHEAD_PAGES);
        Semaphore inFlight = new Semaphore(RUNS_IN_FLIGHT);
        String name = "fanout-read-" + claimed.job().key();
        reader = Thread.ofVirtual().name(name).start(() -> {
            PageToken token = from;
            try {
                while (!stopped) {
                    // Outside the bound on calls (see the class comment), so that the windows
                    // of a big fan-out never queue behind the durable writes.
                    List<Page<UserId>> run = audience.run().apply(
                            new PageRequest(Optional.of(token), crew.settings().fanoutPageSize()), PAGES_PER_RUN);
                    inFlight.acquire();
                    List<CompletableFuture<Ahead>> pages = run.stream().map(page -> new CompletableFuture<Ahead>()).toList();
                    Thread.ofVirtual().name(name + "-run").start(() -> {
                        try {
                            checkAndWindow(post, audience, run, pages);
                        } catch (Throwable failure) {
                            pages.forEach(page -> page.completeExceptionally(failure));
                        } finally {
                            inFlight.release();
                        }
                    });
                    for (CompletableFuture<Ahead> page : pages) {
                        ahead.put(page);
                    }
                    Optional<PageToken> next = run.getLast().next();
                    if (next.isEmpty()) {
                        return;
                    }
                    token = next.get();
                }
            } catch (InterruptedException e) {
                // Stopped: the job was dropped.
            } catch (RuntimeException e) {
                failed(e);
            } catch (Error e) {
                // The step waiting for a page must not wait forever; the error still ends the thread.
                failed(new IllegalStateException("follower read-ahead died", e));
                throw e;
            }
        });
    }

    /** Checks a run's followers in one call, windows all who still follow in one write, then completes each page. */
    private void checkAndWindow(PostRef post, Audiences.Audience audience, List<Page<UserId>> run, List<CompletableFuture<Ahead>> pages) {
        Set<UserId> current = Set.copyOf(Audiences.stillFollowing(audience, run.stream().flatMap(page -> page.items().stream()).toList()));
        List<List<Delivery>> byPage = run.stream()
                .map(page -> page.items().stream().filter(current::contains).map(reader -> new Delivery(reader, post)).toList())
                .toList();
        List<Delivery> all = byPage.stream().flatMap(List::stream).toList();
        if (!all.isEmpty()) {
            crew.windows().accept(all);
        }
        for (int i = 0; i < run.size(); i++) {
            pages.get(i).complete(new Ahead(byPage.get(i), run.get(i).next(), null));
        }
    }

    /** Ends the read-ahead with {@code failure}: the pages not yet written are dropped and redone on the retry. */
    private void failed(RuntimeException failure) {
        ahead.clear();
        ahead.offer(CompletableFuture.completedFuture(new Ahead(List.of(), Optional.empty(), failure)));
    }

    /** The page once checked and windowed; a check that failed is the page's failure, an Error is rethrown. */
    private static Ahead awaitPage(CompletableFuture<Ahead> page) {
        try {
            return page.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for follower pages", e);
        } catch (ExecutionException e) {
            return switch (e.getCause()) {
                case RuntimeException failure -> new Ahead(List.of(), Optional.empty(), failure);
                case Error error -> throw error;
                case Throwable other -> new Ahead(List.of(), Optional.empty(), new IllegalStateException(other));
            };
        }
    }

    void stopReading() {
        stopped = true;
        if (reader != null) {
            reader.interrupt();
        }
    }
}

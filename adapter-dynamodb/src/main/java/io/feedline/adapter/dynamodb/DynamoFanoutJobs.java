package io.feedline.adapter.dynamodb;

import static io.feedline.adapter.dynamodb.TableLayout.AT;
import static io.feedline.adapter.dynamodb.TableLayout.ATTEMPTS;
import static io.feedline.adapter.dynamodb.TableLayout.AUTHOR_ID;
import static io.feedline.adapter.dynamodb.TableLayout.AVAILABLE_AT;
import static io.feedline.adapter.dynamodb.TableLayout.CHECKPOINT;
import static io.feedline.adapter.dynamodb.TableLayout.JOB_KIND;
import static io.feedline.adapter.dynamodb.TableLayout.LEASE_OWNER;
import static io.feedline.adapter.dynamodb.TableLayout.NOTIFICATION_TYPE;
import static io.feedline.adapter.dynamodb.TableLayout.POST_ID;
import static io.feedline.adapter.dynamodb.TableLayout.READER_ID;
import static io.feedline.adapter.dynamodb.TableLayout.UNFOLLOW_ID;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.CounterKind;
import io.feedline.ports.model.FanoutBacklog;
import io.feedline.ports.model.EntityRef;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.JobLane;
import io.feedline.ports.model.MediaId;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FanoutJobs;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The outbox on the table: one item per pending job in {@code FANOUT#<shard>}, keyed by the job's
 * key. {@code availableAt} (epoch ms) says when the job may next be claimed: 0 when enqueued, the
 * lease end while leased, the retry time once released. A lease is identified by its owner and
 * claim count, and every change to a leased job is conditional on both, so a worker whose lease
 * was taken over can neither checkpoint nor complete the job.
 *
 * <p>Each job also carries the keys of the sparse GSI2 ({@link TableLayout#claimableJobs}): its
 * sort key starts with the time from which the job is claimable (the enqueue time, then each lease's
 * or backoff's end), moved by every claim, checkpoint and release. A claim is one Query per shard
 * for the jobs claimable now, oldest first, and one transaction of conditional updates for the jobs
 * it leases (one update alone for a single job): it never reads held or future jobs. The index is
 * eventually consistent, so a candidate may already be taken; the lease's condition, on the table
 * itself, settles that, and a transaction cancelled by it is sent again without those taken.
 * The relations lane's jobs wait in a GSI2 partition of their own, so a claim of one lane never
 * reads the other's (ADR-0021).
 */
final class DynamoFanoutJobs implements FanoutJobs {
    private static final String DELIVER = "deliver";
    private static final String RETRACT = "retract";
    private static final String PURGE = "purge";
    private static final String BACKFILL = "backfill";
    private static final String NOTIFY = "notify";
    private static final String COUNT = "count";
    private static final String INDEX_POST = "index-post";
    private static final String INDEX_ACCOUNT = "index-account";
    /** What changed the post of an index job ("publish", "delete"): part of the job's key. */
    private static final String INDEX_CAUSE = "indexCause";
    private static final String TAG_POST = "tag_post";
    private static final String PURGE_ENTITY = "purge_entity";
    private static final String SUBSCRIBERS = "subscribers";
    private static final String PURGE_MEDIA = "purge_media";
    /** The attachment a media purge deletes. */
    private static final String MEDIA_ID = "mediaId";

    /** Leases one claim writes in one transaction: DynamoDB's limit on a transaction's items. */
    static final int LEASES_PER_TRANSACTION = 100;

    private final TableAccess db;

    DynamoFanoutJobs(TableAccess db) {
        this.db = db;
    }

    @Override
    public void enqueue(FanoutJob job) {
        db.run("fanout_enqueue", () -> db.updateItem(TableLayout.fanoutJob(job.key()), upsert(job), ReturnValue.NONE));
    }

    /** The job as an item of a transaction (publish, delete). */
    TransactWriteItem enqueueItem(FanoutJob job) {
        return db.update(TableLayout.fanoutJob(job.key()), upsert(job));
    }

    /**
     * The job as an upsert: it creates the item, or leaves an existing one (and its lease and
     * checkpoint) untouched, so that enqueueing is idempotent even inside a larger transaction.
     */
    private Expressions.Update upsert(FanoutJob job) {
        TableLayout.Entity entity = TableLayout.Entity.FANOUT_JOB;
        Expressions update = Expressions.update()
                .setIfAbsent(TableLayout.ENTITY, AttributeValue.fromS(entity.tag))
                .setIfAbsent(TableLayout.VERSION, n(entity.version))
                .setIfAbsent(AVAILABLE_AT, n(0))
                .setIfAbsent(ATTEMPTS, n(0))
                .setIfAbsent(TableLayout.GSI2_PK, AttributeValue.fromS(TableLayout.fanoutReadyPk(job.lane(), job.key())))
                .setIfAbsent(TableLayout.GSI2_SK, readySk(db.clock.millis(), job.key()));
        switch (job) {
            case FanoutJob.Deliver deliver -> post(update, DELIVER, deliver.post());
            case FanoutJob.Retract retract -> post(update, RETRACT, retract.post());
            case FanoutJob.PurgeAuthor purge -> update
                    .setIfAbsent(JOB_KIND, AttributeValue.fromS(PURGE))
                    .setIfAbsent(READER_ID, AttributeValue.fromS(purge.reader().value()))
                    .setIfAbsent(AUTHOR_ID, AttributeValue.fromS(purge.author().value()))
                    .setIfAbsent(UNFOLLOW_ID, AttributeValue.fromS(purge.unfollowId()));
            case FanoutJob.Backfill backfill -> update
                    .setIfAbsent(JOB_KIND, AttributeValue.fromS(BACKFILL))
                    .setIfAbsent(READER_ID, AttributeValue.fromS(backfill.reader().value()))
                    .setIfAbsent(AUTHOR_ID, AttributeValue.fromS(backfill.author().value()))
                    .setIfAbsent(TableLayout.FOLLOW_ID, AttributeValue.fromS(backfill.followId()))
                    .setIfAbsent(AT, n(backfill.followedAt().toEpochMilli()));
            case FanoutJob.Notify notify -> notify(update, notify.event());
            case FanoutJob.NotifySubscribers subscribers -> post(update, SUBSCRIBERS, subscribers.post());
            case FanoutJob.CountDelta delta -> post(update, COUNT, delta.post())
                    .setIfAbsent(TableLayout.COUNTER_KIND, AttributeValue.fromS(delta.kind().wireName()))
                    // One key per user's state: toggles onto a pending job add up (FanoutJobs#enqueue).
                    .add(TableLayout.DELTA, delta.delta())
                    .setIfAbsent(TableLayout.CHANGE_ID, AttributeValue.fromS(delta.changeId()));
            case FanoutJob.IndexPost index -> post(update, INDEX_POST, index.post())
                    .setIfAbsent(INDEX_CAUSE, AttributeValue.fromS(index.cause()));
            case FanoutJob.IndexAccount index -> update
                    .setIfAbsent(JOB_KIND, AttributeValue.fromS(INDEX_ACCOUNT))
                    .setIfAbsent(AUTHOR_ID, AttributeValue.fromS(index.user().value()));
            case FanoutJob.TagPost tagPost -> post(update, TAG_POST, tagPost.post())
                    .setIfAbsent(TableLayout.TAG, AttributeValue.fromS(tagPost.tag().value()));
            case FanoutJob.PurgeEntity purge -> update
                    .setIfAbsent(JOB_KIND, AttributeValue.fromS(PURGE_ENTITY))
                    .setIfAbsent(READER_ID, AttributeValue.fromS(purge.reader().value()))
                    .setIfAbsent(TableLayout.ENTITY_REF, AttributeValue.fromS(purge.entity().wire()))
                    .setIfAbsent(UNFOLLOW_ID, AttributeValue.fromS(purge.unfollowId()));
            case FanoutJob.PurgeMedia purge -> update
                    .setIfAbsent(JOB_KIND, AttributeValue.fromS(PURGE_MEDIA))
                    .setIfAbsent(AUTHOR_ID, AttributeValue.fromS(purge.owner().value()))
                    .setIfAbsent(MEDIA_ID, AttributeValue.fromS(purge.media().value()));
        }
        return update.build();
    }

    /** A notification job: its recipient as the reader, its actor as the author. */
    private static void notify(Expressions update, NotificationEvent event) {
        update.setIfAbsent(JOB_KIND, AttributeValue.fromS(NOTIFY))
                .setIfAbsent(READER_ID, AttributeValue.fromS(event.recipient().value()))
                .setIfAbsent(AUTHOR_ID, AttributeValue.fromS(event.actor().value()))
                .setIfAbsent(NOTIFICATION_TYPE, AttributeValue.fromS(event.type().wireName()))
                .setIfAbsent(AT, n(event.at().toEpochMilli()));
        event.post().ifPresent(post -> update.setIfAbsent(POST_ID, AttributeValue.fromS(post.value())));
    }

    private static Expressions post(Expressions update, String kind, PostRef post) {
        return update.setIfAbsent(JOB_KIND, AttributeValue.fromS(kind))
                .setIfAbsent(POST_ID, AttributeValue.fromS(post.postId().value()))
                .setIfAbsent(AUTHOR_ID, AttributeValue.fromS(post.authorId().value()));
    }

    @Override
    public List<ClaimedJob> claim(JobLane lane, String worker, int max, Instant now, Duration lease) {
        if (max <= 0) {
            return List.of();
        }
        long nowMillis = now.toEpochMilli();
        long until = now.plus(lease).toEpochMilli();
        // A job enqueued by this process is ready from this process's clock on, even for a caller whose
        // "now" lags behind it; the lease's condition still holds every other job to "now".
        long readyBound = Math.max(nowMillis, db.clock.millis());
        return db.call("fanout_claim", () -> {
            List<EnhancedDocument> candidates = new ArrayList<>();
            for (String readyPk : TableLayout.fanoutReadyPks(lane)) {
                candidates.addAll(db.queryOutboxIndexPage("fanout_claim", QueryEnhancedRequest.builder()
                        .queryConditional(TableLayout.claimableJobs(readyPk, readyBound))
                        .limit(max)
                        .build()).items());
            }
            // Oldest first across the shards.
            candidates.sort(Comparator.comparing(candidate -> candidate.getString(TableLayout.GSI2_SK)));
            List<ClaimedJob> claimed = new ArrayList<>();
            int next = 0;
            while (claimed.size() < max && next < candidates.size()) {
                // As many of the oldest as are still wanted, in one write; those taken by another are made up from the next.
                int wanted = Math.min(max - claimed.size(), LEASES_PER_TRANSACTION);
                List<EnhancedDocument> round = candidates.subList(next, Math.min(candidates.size(), next + wanted));
                next += round.size();
                claimed.addAll(round.size() == 1
                        ? lease(round.getFirst(), worker, nowMillis, until).stream().toList()
                        : leaseAll(round, worker, nowMillis, until));
            }
            return claimed;
        });
    }

    /**
     * Leases the candidates in one TransactWriteItems, each on the condition that it is still as it
     * was read (the claim count and the time it became claimable) and claimable now: those someone
     * took since they were read fail that condition, which cancels the write, and it is sent again
     * without them. Returns the candidates leased, in their order. One request for a claim's jobs
     * instead of one each: on DynamoDB Local, which runs requests one at a time, a claim of 64 jobs
     * was 64 turns in the queue it shares with the durable writes and the publishes.
     */
    private List<ClaimedJob> leaseAll(List<EnhancedDocument> candidates, String worker, long nowMillis, long until) {
        return db.transactUnfailed("fanout_lease", candidates,
                        trying -> trying.stream()
                                .map(candidate -> db.update(keyOf(candidate), leaseUpdate(candidate, worker, nowMillis, until).build()))
                                .toList(),
                        Optional.of("claim-" + worker)).stream()
                .map(candidate -> leased(candidate, worker, until))
                .toList();
    }

    /** A candidate as {@link #leaseAll} leased it: the lease's fields as written, the rest as read. */
    private static ClaimedJob leased(EnhancedDocument candidate, String worker, long until) {
        return new ClaimedJob(job(candidate), worker, Instant.ofEpochMilli(until), checkpointOf(candidate),
                candidate.getNumber(ATTEMPTS).intValue() + 1);
    }

    /**
     * The lease of a candidate, on the condition that it is as it was read (nobody claimed,
     * checkpointed or released it since: each moves {@code availableAt}) and claimable now.
     */
    private static Expressions leaseUpdate(EnhancedDocument candidate, String worker, long nowMillis, long until) {
        Expressions update = Expressions.update()
                .set(LEASE_OWNER, AttributeValue.fromS(worker))
                .set(AVAILABLE_AT, n(until))
                .set(TableLayout.GSI2_SK, readySk(until, jobKeyOf(candidate)))
                .increment(ATTEMPTS);
        update.when(update.name(ATTEMPTS) + " = " + update.value(n(candidate.getNumber(ATTEMPTS).longValue())));
        update.when(update.name(AVAILABLE_AT) + " = " + update.value(n(candidate.getNumber(AVAILABLE_AT).longValue())));
        update.when(update.name(AVAILABLE_AT) + " <= " + update.value(n(nowMillis)));
        return update;
    }

    /** Takes the job if nobody took it since it was read; empty if someone did. */
    private Optional<ClaimedJob> lease(EnhancedDocument candidate, String worker, long nowMillis, long until) {
        Expressions update = leaseUpdate(candidate, worker, nowMillis, until);
        return db.call("fanout_lease", () -> {
            try {
                var response = db.updateItem(keyOf(candidate), update.build(), ReturnValue.ALL_NEW);
                return Optional.of(claimed(EnhancedDocument.fromAttributeValueMap(response.attributes())));
            } catch (ConditionalCheckFailedException e) {
                return Optional.empty();
            }
        });
    }

    @Override
    public ClaimedJob checkpoint(ClaimedJob job, PageToken position, Instant now, Duration lease) {
        return extend("fanout_checkpoint", job, Expressions.update().set(CHECKPOINT, AttributeValue.fromS(position.value())), now, lease);
    }

    @Override
    public ClaimedJob renew(ClaimedJob job, Instant now, Duration lease) {
        return extend("fanout_renew", job, Expressions.update(), now, lease);
    }

    /**
     * The renewals in one TransactWriteItems per {@value #LEASES_PER_TRANSACTION} jobs, each update
     * on the condition that the lease still holds: a job taken over since fails it, which cancels
     * the write, and it is sent again without that job (lost, as {@link #renew} would find it). One
     * request for the leases a worker renews at once instead of one each: a burst's held jobs were
     * renewed one UpdateItem each, 0.8-1.0 requests a post (ADR-0012).
     */
    @Override
    public List<Optional<ClaimedJob>> renewAll(List<ClaimedJob> held, Instant now, Duration lease) {
        long until = now.plus(lease).toEpochMilli();
        Set<ClaimedJob> renewed = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int from = 0; from < held.size(); from += LEASES_PER_TRANSACTION) {
            List<ClaimedJob> chunk = held.subList(from, Math.min(held.size(), from + LEASES_PER_TRANSACTION));
            if (chunk.size() == 1) {
                renew(chunk.getFirst(), now, lease, renewed);
                continue;
            }
            renewed.addAll(db.transactUnfailed("fanout_renew", chunk,
                    trying -> trying.stream().map(job -> db.update(TableLayout.fanoutJob(job.job().key()), renewal(job, until).build())).toList(),
                    Optional.empty()));
        }
        return held.stream()
                .map(job -> renewed.contains(job)
                        ? Optional.of(new ClaimedJob(job.job(), job.leaseOwner(), Instant.ofEpochMilli(until), job.checkpoint(), job.attempts()))
                        : Optional.<ClaimedJob>empty())
                .toList();
    }

    /** {@link #renew} for {@link #renewAll}: adds {@code job} to {@code renewed} unless its lease was lost. */
    private void renew(ClaimedJob job, Instant now, Duration lease, Set<ClaimedJob> renewed) {
        try {
            renew(job, now, lease);
            renewed.add(job);
        } catch (FeedlineException.WriteConflict lost) {
            // Left to its new holder.
        }
    }

    /** The renewal of a held job's lease to {@code until}, while the lease holds. */
    private static Expressions renewal(ClaimedJob job, long until) {
        return leasedUntil(Expressions.update(), job, until);
    }

    /** {@code update}, which also moves the lease's end to {@code until}, while the lease holds. */
    private static Expressions leasedUntil(Expressions update, ClaimedJob job, long until) {
        update.set(AVAILABLE_AT, n(until)).set(TableLayout.GSI2_SK, readySk(until, job.job().key()));
        heldBy(update, job);
        return update;
    }

    /** Applies {@code update} and moves the lease's end to {@code now + lease}, while the lease holds. */
    private ClaimedJob extend(String operation, ClaimedJob job, Expressions update, Instant now, Duration lease) {
        leasedUntil(update, job, now.plus(lease).toEpochMilli());
        return db.call(operation, () -> {
            try {
                var response = db.updateItem(TableLayout.fanoutJob(job.job().key()), update.build(), ReturnValue.ALL_NEW);
                return claimed(EnhancedDocument.fromAttributeValueMap(response.attributes()));
            } catch (ConditionalCheckFailedException e) {
                throw new FeedlineException.WriteConflict(
                        "the lease on " + job.job().key() + " held by " + job.leaseOwner() + " was lost", e);
            }
        });
    }

    @Override
    public void release(ClaimedJob job, Instant retryAt) {
        Expressions update = Expressions.update()
                .set(AVAILABLE_AT, n(retryAt.toEpochMilli()))
                .set(TableLayout.GSI2_SK, readySk(retryAt.toEpochMilli(), job.job().key()))
                .remove(LEASE_OWNER);
        heldBy(update, job);
        db.conditionally("fanout_release",
                () -> db.updateItem(TableLayout.fanoutJob(job.job().key()), update.build(), ReturnValue.NONE));
    }

    /** The completion of a held job as an item of a transaction: a delete, only while the lease holds. */
    TransactWriteItem completeItem(ClaimedJob job) {
        Expressions condition = Expressions.condition();
        heldBy(condition, job);
        return db.delete(TableLayout.fanoutJob(job.job().key()), condition.build());
    }

    /**
     * The completion of a held count job whose delta is applied with it: a delete, only while the
     * lease holds and the job's delta is still the one applied (no toggle merged in since).
     */
    TransactWriteItem completeCountItem(ClaimedJob job) {
        Expressions condition = Expressions.condition();
        heldBy(condition, job);
        long delta = ((FanoutJob.CountDelta) job.job()).delta();
        condition.when(condition.name(TableLayout.DELTA) + " = " + condition.value(n(delta)));
        return db.delete(TableLayout.fanoutJob(job.job().key()), condition.build());
    }

    @Override
    public void complete(ClaimedJob job) {
        Expressions condition = Expressions.condition();
        heldBy(condition, job);
        db.conditionally("fanout_complete", () -> db.deleteItem(TableLayout.fanoutJob(job.job().key()), condition.build()));
    }

    /**
     * The completions in one TransactWriteItems per {@value #LEASES_PER_TRANSACTION} jobs, each
     * delete on the condition that the lease still holds: a job taken over since fails it, which
     * cancels the write, and it is sent again without that job (left to its new holder, as {@link
     * #complete} leaves it). One request for a step's finished jobs instead of one each, as {@link
     * #leaseAll} does for their leases.
     */
    @Override
    public void completeAll(List<ClaimedJob> finished) {
        for (int from = 0; from < finished.size(); from += LEASES_PER_TRANSACTION) {
            List<ClaimedJob> trying = finished.subList(from, Math.min(finished.size(), from + LEASES_PER_TRANSACTION));
            while (trying.size() > 1) {
                TableAccess.Outcome outcome = db.transact("fanout_complete",
                        trying.stream().map(this::completeItem).toList(), Optional.empty());
                trying = outcome.committed() ? List.of() : outcome.unfailed(trying, 0);
            }
            trying.forEach(this::complete);
        }
    }

    @Override
    public int pending() {
        long total = 0;
        for (int shard = 0; shard < TableLayout.FANOUT_SHARDS; shard++) {
            total += db.count("fanout_pending", QueryEnhancedRequest.builder()
                    .queryConditional(TableLayout.fanoutShard(shard))
                    .select(Select.COUNT)
                    .consistentRead(true)
                    .build());
        }
        return Math.toIntExact(total);
    }

    @Override
    public FanoutBacklog backlog(Instant now) {
        long bound = Math.max(now.toEpochMilli(), db.clock.millis());
        return db.call("fanout_backlog", () -> {
            long waiting = 0;
            Optional<Long> oldest = Optional.empty();
            for (String readyPk : TableLayout.fanoutReadyPks()) {
                waiting += db.countOutboxIndex("fanout_backlog", QueryEnhancedRequest.builder()
                        .queryConditional(TableLayout.claimableJobs(readyPk, bound))
                        .select(Select.COUNT)
                        .build());
                List<EnhancedDocument> first = db.queryOutboxIndexPage("fanout_backlog", QueryEnhancedRequest.builder()
                        .queryConditional(TableLayout.claimableJobs(readyPk, bound))
                        .limit(1)
                        .build()).items();
                if (!first.isEmpty()) {
                    long readyAt = TableLayout.readyAtOf(first.get(0).getString(TableLayout.GSI2_SK));
                    oldest = Optional.of(oldest.map(o -> Math.min(o, readyAt)).orElse(readyAt));
                }
            }
            return new FanoutBacklog(waiting, oldest.map(Instant::ofEpochMilli));
        });
    }

    /**
     * Gives GSI2 keys to jobs written before the outbox had its index (run once, when the index is
     * added to an existing table): a job never claimed becomes claimable now, any other from its
     * {@code availableAt}.
     */
    void indexLegacyJobs() {
        long now = db.clock.millis();
        for (int shard = 0; shard < TableLayout.FANOUT_SHARDS; shard++) {
            List<EnhancedDocument> legacy = db.queryAll("fanout_index_legacy", QueryEnhancedRequest.builder()
                    .queryConditional(TableLayout.fanoutShard(shard))
                    .filterExpression(Expression.builder()
                            .expression("attribute_not_exists(#ready)")
                            .putExpressionName("#ready", TableLayout.GSI2_PK)
                            .build())
                    .consistentRead(true)
                    .build());
            for (EnhancedDocument job : legacy) {
                long availableAt = job.getNumber(AVAILABLE_AT).longValue();
                String key = jobKeyOf(job);
                Expressions update = Expressions.update()
                        .setIfAbsent(TableLayout.GSI2_PK, AttributeValue.fromS(TableLayout.fanoutReadyPk(job(job).lane(), key)))
                        .setIfAbsent(TableLayout.GSI2_SK, readySk(availableAt == 0 ? now : availableAt, key));
                db.conditionally("fanout_index_legacy", () -> db.updateItem(keyOf(job), update.build(), ReturnValue.NONE));
            }
        }
    }

    private static AttributeValue readySk(long readyAtMillis, String jobKey) {
        return AttributeValue.fromS(TableLayout.fanoutReadySk(readyAtMillis, jobKey));
    }

    /** The job's key: the item's sort key (the fan-out job's sort prefix is empty). */
    static String jobKeyOf(EnhancedDocument item) {
        return item.getString(TableLayout.SK).substring(TableLayout.Entity.FANOUT_JOB.skPrefix.length());
    }

    private static void heldBy(Expressions expressions, ClaimedJob job) {
        expressions.when(expressions.name(LEASE_OWNER) + " = " + expressions.value(AttributeValue.fromS(job.leaseOwner())));
        expressions.when(expressions.name(ATTEMPTS) + " = " + expressions.value(n(job.attempts())));
    }

    private static ClaimedJob claimed(EnhancedDocument item) {
        return new ClaimedJob(
                job(item),
                item.getString(LEASE_OWNER),
                Instant.ofEpochMilli(item.getNumber(AVAILABLE_AT).longValue()),
                checkpointOf(item),
                item.getNumber(ATTEMPTS).intValue());
    }

    private static Optional<PageToken> checkpointOf(EnhancedDocument item) {
        return item.isPresent(CHECKPOINT) ? Optional.of(new PageToken(item.getString(CHECKPOINT))) : Optional.empty();
    }

    static FanoutJob job(EnhancedDocument item) {
        String kind = item.getString(JOB_KIND);
        if (PURGE_ENTITY.equals(kind)) {
            return new FanoutJob.PurgeEntity(UserId.of(item.getString(READER_ID)),
                    EntityRef.parse(item.getString(TableLayout.ENTITY_REF)), item.getString(UNFOLLOW_ID));
        }
        UserId author = UserId.of(item.getString(AUTHOR_ID));
        return switch (kind) {
            case TAG_POST -> new FanoutJob.TagPost(new PostRef(PostId.of(item.getString(POST_ID)), author),
                    new Tag(item.getString(TableLayout.TAG)));
            case DELIVER -> new FanoutJob.Deliver(new PostRef(PostId.of(item.getString(POST_ID)), author));
            case RETRACT -> new FanoutJob.Retract(new PostRef(PostId.of(item.getString(POST_ID)), author));
            case SUBSCRIBERS -> new FanoutJob.NotifySubscribers(new PostRef(PostId.of(item.getString(POST_ID)), author));
            case PURGE -> new FanoutJob.PurgeAuthor(UserId.of(item.getString(READER_ID)), author, item.getString(UNFOLLOW_ID));
            case BACKFILL -> new FanoutJob.Backfill(UserId.of(item.getString(READER_ID)), author,
                    item.getString(TableLayout.FOLLOW_ID), Instant.ofEpochMilli(item.getNumber(AT).longValue()));
            case NOTIFY -> new FanoutJob.Notify(new NotificationEvent(UserId.of(item.getString(READER_ID)),
                    NotificationType.fromWire(NOTIFICATION_TYPE, item.getString(NOTIFICATION_TYPE)),
                    item.isPresent(POST_ID) ? Optional.of(PostId.of(item.getString(POST_ID))) : Optional.empty(),
                    author, Instant.ofEpochMilli(item.getNumber(AT).longValue())));
            case COUNT -> new FanoutJob.CountDelta(new PostRef(PostId.of(item.getString(POST_ID)), author),
                    CounterKind.fromWire(item.getString(TableLayout.COUNTER_KIND)),
                    item.getNumber(TableLayout.DELTA).longValue(), item.getString(TableLayout.CHANGE_ID));
            case INDEX_POST -> new FanoutJob.IndexPost(new PostRef(PostId.of(item.getString(POST_ID)), author),
                    item.getString(INDEX_CAUSE));
            case INDEX_ACCOUNT -> new FanoutJob.IndexAccount(author);
            case PURGE_MEDIA -> new FanoutJob.PurgeMedia(new MediaId(item.getString(MEDIA_ID)), author);
            default -> throw new IllegalStateException("unknown fan-out job kind '" + kind + "'");
        };
    }

    private static Key keyOf(EnhancedDocument item) {
        return Key.builder()
                .partitionValue(item.getString(TableLayout.PK))
                .sortValue(item.getString(TableLayout.SK))
                .build();
    }

    private static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }
}

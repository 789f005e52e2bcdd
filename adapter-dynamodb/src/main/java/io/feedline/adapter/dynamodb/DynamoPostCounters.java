package io.feedline.adapter.dynamodb;

import static io.feedline.adapter.dynamodb.TableLayout.COUNTER_SHARDS;
import static io.feedline.adapter.dynamodb.TableLayout.COUNTER_SHARD_COUNT;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.CountChange;
import io.feedline.ports.model.CounterKind;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.out.PostCounters;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The counter processor's writes and the counts' consistent read.
 *
 * <p>Apply: one TransactWriteItems per chunk of jobs holds, for each post of the chunk, one
 * {@code ADD} of the chunk's summed deltas, and for each job the deletion of its outbox item
 * conditioned on the lease (owner and claim count) and on the delta summed. So a job's delta is
 * applied exactly when its job is removed: a redelivered job (its lease lost and taken over) fails
 * its condition and applies nothing, a job applied once is gone, and a job a toggle merged into
 * since its claim is read again and applied with its new sum. A cancelled chunk is retried without the items whose
 * conditions failed (a lost lease: that job is left to its new holder; a deleted post: its jobs are
 * completed without a change).
 *
 * <p>Shards: a post's deltas go to its own item until one chunk carries at least
 * {@code hotThreshold} of its jobs; the post is then marked hot ({@code counterShards} on its item,
 * once) and its deltas go to one of {@value TableLayout#COUNTER_SHARD_COUNT} shard items chosen at
 * random, so processors in several processes do not contend on one item. A count is always the
 * post item's count plus its shards' sum, so it does not matter which item a delta lands on.
 */
final class DynamoPostCounters implements PostCounters {
    /** Jobs per transaction: with one update per post, at most twice this many items (DynamoDB allows 100). */
    static final int JOBS_PER_TRANSACTION = 48;
    private static final int REMEMBERED_HOT_POSTS = 10_000;
    /** Rounds of one chunk that read again the count jobs a toggle merged into since their claim. */
    private static final int MAX_REREADS = 3;

    private final TableAccess db;
    private final DynamoFanoutJobs jobs;
    private final int hotThreshold;
    /** Posts this process marked (or saw marked) hot, so the mark is written once, not per chunk. */
    private final Set<PostId> hot = Collections.synchronizedSet(Collections.newSetFromMap(new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<PostId, Boolean> eldest) {
            return size() > REMEMBERED_HOT_POSTS;
        }
    }));

    DynamoPostCounters(TableAccess db, DynamoFanoutJobs jobs, int hotThreshold) {
        if (hotThreshold < 1) {
            throw new IllegalArgumentException("hotThreshold must be at least 1");
        }
        this.db = db;
        this.jobs = jobs;
        this.hotThreshold = hotThreshold;
    }

    @Override
    public List<CountChange> apply(List<ClaimedJob> jobs) {
        for (ClaimedJob job : jobs) {
            if (!(job.job() instanceof FanoutJob.CountDelta)) {
                throw new IllegalArgumentException("not a count job: " + job.job().key());
            }
        }
        List<CountChange> changes = new ArrayList<>();
        for (int from = 0; from < jobs.size(); from += JOBS_PER_TRANSACTION) {
            changes.addAll(applyChunk(jobs.subList(from, Math.min(jobs.size(), from + JOBS_PER_TRANSACTION))));
        }
        return changes;
    }

    private List<CountChange> applyChunk(List<ClaimedJob> chunk) {
        List<ClaimedJob> live = new ArrayList<>(chunk);
        Set<PostId> gone = new HashSet<>();
        markHot(live, gone);
        int rereads = 0;
        // Each cancelled round drops at least one failed item or rereads one (a bounded number of times), so this ends.
        while (!live.isEmpty()) {
            Map<PostRef, Map<CounterKind, Long>> sums = new LinkedHashMap<>();
            for (ClaimedJob job : live) {
                FanoutJob.CountDelta delta = (FanoutJob.CountDelta) job.job();
                if (!gone.contains(delta.post().postId())) {
                    sums.computeIfAbsent(delta.post(), p -> new EnumMap<>(CounterKind.class))
                            .merge(delta.kind(), delta.delta(), Long::sum);
                }
            }
            List<TransactWriteItem> items = new ArrayList<>();
            List<PostRef> postAt = new ArrayList<>();
            sums.forEach((post, byKind) -> {
                if (byKind.values().stream().allMatch(sum -> sum == 0)) {
                    return;
                }
                items.add(add(post, byKind));
                postAt.add(post);
            });
            int firstJob = items.size();
            live.forEach(job -> items.add(jobs.completeCountItem(job)));
            TableAccess.Outcome outcome = db.transact("apply_counts", items, Optional.empty());
            if (outcome.committed()) {
                List<CountChange> changes = new ArrayList<>();
                sums.forEach((post, byKind) -> byKind.forEach((kind, sum) -> {
                    if (sum != 0) {
                        changes.add(new CountChange(post, kind, sum));
                    }
                }));
                return changes;
            }
            boolean postGone = false;
            for (int i = 0; i < postAt.size(); i++) {
                if (outcome.failed(i)) {
                    gone.add(postAt.get(i).postId());
                    postGone = true;
                }
            }
            List<ClaimedJob> stillLive = outcome.unfailed(live, firstJob);
            // A failed completion is a lost lease or a toggle merged in since the claim: the job is
            // read again, and sent with its delta as it is now while it is still held.
            List<ClaimedJob> failed = new ArrayList<>(live);
            failed.removeAll(stillLive);
            List<ClaimedJob> refreshed = stillHeld(failed);
            if (++rereads > MAX_REREADS) {
                // Toggled on and on while applied: given back, claimable at once with its sum.
                refreshed.forEach(job -> jobs.release(job, db.clock.instant()));
                refreshed = List.of();
            }
            if (stillLive.size() == live.size() && !postGone) {
                throw new FeedlineException.StorageUnavailable(TableAccess.COMPONENT,
                        "apply_counts was cancelled with no failed condition: " + outcome.reasons(), null);
            }
            live = new ArrayList<>(stillLive);
            live.addAll(refreshed);
        }
        return List.of();
    }

    /**
     * Those of {@code jobs} whose lease still holds, as they are now (a count job with the delta
     * merged into it since its claim), in one consistent batch read; a job taken over or gone is
     * left out.
     */
    private List<ClaimedJob> stillHeld(List<ClaimedJob> jobs) {
        if (jobs.isEmpty()) {
            return List.of();
        }
        Map<String, EnhancedDocument> now = new HashMap<>();
        db.batchGetConsistent("fanout_reread", jobs.stream().map(job -> TableLayout.fanoutJob(job.job().key())).toList())
                .forEach(item -> now.put(DynamoFanoutJobs.jobKeyOf(item), item));
        List<ClaimedJob> held = new ArrayList<>(jobs.size());
        for (ClaimedJob job : jobs) {
            EnhancedDocument item = now.get(job.job().key());
            if (item != null && item.isPresent(TableLayout.LEASE_OWNER)
                    && job.leaseOwner().equals(item.getString(TableLayout.LEASE_OWNER))
                    && item.getNumber(TableLayout.ATTEMPTS).intValue() == job.attempts()) {
                held.add(new ClaimedJob(DynamoFanoutJobs.job(item), job.leaseOwner(), job.leaseUntil(), job.checkpoint(), job.attempts()));
            }
        }
        return held;
    }

    /** Marks the chunk's hot posts (at least {@code hotThreshold} jobs here) on their items, once. */
    private void markHot(List<ClaimedJob> chunk, Set<PostId> gone) {
        Map<PostRef, Integer> jobsPerPost = new HashMap<>();
        for (ClaimedJob job : chunk) {
            jobsPerPost.merge(((FanoutJob.CountDelta) job.job()).post(), 1, Integer::sum);
        }
        jobsPerPost.forEach((post, count) -> {
            if (count >= hotThreshold && !hot.contains(post.postId())) {
                Expressions mark = Expressions.update()
                        .setIfAbsent(COUNTER_SHARDS, AttributeValue.fromN(Integer.toString(COUNTER_SHARD_COUNT)));
                mark.when("attribute_exists(" + mark.name(TableLayout.PK) + ")");
                boolean marked = db.conditionally("mark_hot_post",
                        () -> db.updateItem(TableLayout.post(post.authorId(), post.postId()), mark.build(), ReturnValue.NONE));
                if (marked) {
                    hot.add(post.postId());
                } else {
                    gone.add(post.postId());
                }
            }
        });
    }

    /**
     * The ADD of one post's sums: on a random shard of a hot post (no condition: a shard of a post
     * deleted meanwhile is left behind, read by nothing), else on the post item while it exists.
     */
    private TransactWriteItem add(PostRef post, Map<CounterKind, Long> byKind) {
        Expressions update = Expressions.update();
        byKind.forEach((kind, sum) -> {
            if (sum != 0) {
                update.add(TableLayout.countAttribute(kind), sum);
            }
        });
        if (hot.contains(post.postId())) {
            TableLayout.Entity shard = TableLayout.Entity.COUNTER_SHARD;
            update.setIfAbsent(TableLayout.ENTITY, AttributeValue.fromS(shard.tag))
                    .setIfAbsent(TableLayout.VERSION, AttributeValue.fromN(Integer.toString(shard.version)));
            int at = ThreadLocalRandom.current().nextInt(COUNTER_SHARD_COUNT);
            return db.update(TableLayout.counterShard(post.postId(), at), update.build());
        }
        update.when("attribute_exists(" + update.name(TableLayout.PK) + ")");
        return db.update(TableLayout.post(post.authorId(), post.postId()), update.build());
    }

    @Override
    public long count(PostRef post, CounterKind kind, Optional<FanoutJob.CountDelta> own) {
        List<Key> keys = new ArrayList<>(2 + COUNTER_SHARD_COUNT);
        keys.add(TableLayout.post(post.authorId(), post.postId()));
        own.ifPresent(job -> keys.add(TableLayout.fanoutJob(job.key())));
        for (int shard = 0; shard < COUNTER_SHARD_COUNT; shard++) {
            keys.add(TableLayout.counterShard(post.postId(), shard));
        }
        // One snapshot: what the job holds is exactly what no count read here holds yet.
        List<Optional<EnhancedDocument>> items = db.transactGet("count_with_pending", keys);
        EnhancedDocument item = items.get(0)
                .orElseThrow(() -> new FeedlineException.NotFound("post", "post " + post.postId() + " does not exist"));
        String attribute = TableLayout.countAttribute(kind);
        long count = number(item, attribute);
        int firstShard = own.isPresent() ? 2 : 1;
        if (item.isPresent(COUNTER_SHARDS)) {
            for (int i = firstShard; i < items.size(); i++) {
                count += items.get(i).map(shard -> number(shard, attribute)).orElse(0L);
            }
        }
        if (own.isPresent() && items.get(1).isPresent()) {
            // The delta pending under the caller's key now: every toggle of theirs not yet applied.
            count += number(items.get(1).get(), TableLayout.DELTA);
        }
        return Math.max(0, count);
    }

    /**
     * The shard sums of those of {@code posts} (post items) that are hot, by post id and count
     * attribute, in one consistent batch read; empty (no request) when none is hot.
     */
    static Map<PostId, Map<String, Long>> shardSums(TableAccess db, String pattern, Collection<EnhancedDocument> posts) {
        List<Key> keys = new ArrayList<>();
        for (EnhancedDocument post : posts) {
            if (post.isPresent(COUNTER_SHARDS)) {
                PostId id = PostId.of(post.getString(TableLayout.POST_ID));
                for (int shard = 0; shard < COUNTER_SHARD_COUNT; shard++) {
                    keys.add(TableLayout.counterShard(id, shard));
                }
            }
        }
        Map<PostId, Map<String, Long>> sums = new HashMap<>();
        if (keys.isEmpty()) {
            return sums;
        }
        String prefix = TableLayout.Entity.COUNTER_SHARD.pkPrefix;
        for (EnhancedDocument shard : db.batchGetConsistent(pattern + "_shards", keys)) {
            PostId id = PostId.of(shard.getString(TableLayout.PK).substring(prefix.length()));
            Map<String, Long> byAttribute = sums.computeIfAbsent(id, i -> new HashMap<>());
            for (CounterKind kind : CounterKind.values()) {
                String attribute = TableLayout.countAttribute(kind);
                byAttribute.merge(attribute, number(shard, attribute), Long::sum);
            }
        }
        return sums;
    }

    static long number(EnhancedDocument item, String attribute) {
        return item.isPresent(attribute) ? item.getNumber(attribute).longValue() : 0;
    }
}

package io.feedline.adapter.dynamodb;

import static io.feedline.adapter.dynamodb.TableLayout.CREATED_AT;
import static io.feedline.adapter.dynamodb.TableLayout.FOLLOWERS;
import static io.feedline.adapter.dynamodb.TableLayout.FOLLOWING;
import static io.feedline.adapter.dynamodb.TableLayout.TARGET_ID;

import io.feedline.ports.model.BlockOutcome;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Relation;
import io.feedline.ports.model.RelationSet;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Relations;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Mutes and blocks in the partition of the user who made them ({@code USER#<id>} /
 * {@code REL#MUTE#<target>}, {@code REL#BLOCK#<target>}), each block with its reverse entry in the
 * blocked user's partition ({@code REL#BLOCKEDBY#<blocker>}), so that one Query of a user's
 * {@code REL#} range (AP20) reads all they mute and block and everyone who blocks them.
 *
 * <p>A block is one transaction (AP23): the block, its reverse entry, and for each follow edge
 * between the two that a consistent read found, the edge, its follower entry, both counters and the
 * purge job, exactly as an unfollow writes them; an edge the read did not find is a ConditionCheck
 * that it is still absent. A follow or unfollow landing between the read and the write fails a
 * condition, and the block is read and written again.
 */
final class DynamoRelations implements Relations {
    /** How many times a block whose edges moved under it is read and written again. */
    private static final int BLOCK_ATTEMPTS = 5;
    private static final String ABSENT = "attribute_not_exists(" + TableLayout.PK + ")";
    private static final String PRESENT = "attribute_exists(" + TableLayout.PK + ")";

    private final TableAccess db;
    private final DynamoFanoutJobs jobs;

    DynamoRelations(TableAccess db, DynamoFanoutJobs jobs) {
        this.db = db;
        this.jobs = jobs;
    }

    private static EnhancedDocument entry(TableLayout.Entity entity, Key key, UserId other, Instant at) {
        return entity.document(key)
                .putString(TARGET_ID, other.value())
                .putString(CREATED_AT, at.toString())
                .build();
    }

    private static void requireOther(UserId user, UserId target) {
        if (user.equals(target)) {
            throw new IllegalArgumentException("a user never mutes or blocks themselves: " + user);
        }
    }

    @Override
    public boolean mute(UserId muter, UserId target, Instant at) {
        requireOther(muter, target);
        EnhancedDocument mute = entry(TableLayout.Entity.MUTE, TableLayout.mute(muter, target), target, at);
        return db.transact("AP22_relation_write", List.of(db.putNew(mute)), Optional.empty())
                .committedUnlessFailed(0, "AP22_relation_write");
    }

    @Override
    public boolean unmute(UserId muter, UserId target) {
        return db.transact("AP22_relation_write", List.of(db.deleteExisting(TableLayout.mute(muter, target))), Optional.empty())
                .committedUnlessFailed(0, "AP22_relation_write");
    }

    @Override
    public BlockOutcome block(UserId blocker, UserId target, Instant at, List<FanoutJob> ifBlockerFollowed,
            List<FanoutJob> ifBlockedFollowed) {
        requireOther(blocker, target);
        Key block = TableLayout.block(blocker, target);
        Key out = TableLayout.edge(blocker, target);
        Key in = TableLayout.edge(target, blocker);
        for (int attempt = 1; attempt <= BLOCK_ATTEMPTS; attempt++) {
            Set<String> found = new HashSet<>();
            db.batchGetConsistent("AP23_block_read", List.of(block, out, in))
                    .forEach(item -> found.add(item.getString(TableLayout.PK) + "|" + item.getString(TableLayout.SK)));
            boolean existed = found.contains(id(block));
            boolean blockerFollowed = found.contains(id(out));
            boolean blockedFollowed = found.contains(id(in));

            List<TransactWriteItem> items = new ArrayList<>();
            items.add(existed ? db.check(block, PRESENT) : db.putNew(entry(TableLayout.Entity.BLOCK, block, target, at)));
            items.add(db.put(entry(TableLayout.Entity.BLOCKED_BY, TableLayout.blockedBy(target, blocker), blocker, at)));
            items.add(blockerFollowed ? db.deleteExisting(out) : db.check(out, ABSENT));
            items.add(blockedFollowed ? db.deleteExisting(in) : db.check(in, ABSENT));
            if (blockerFollowed) {
                items.add(db.deleteAny(TableLayout.followerEntry(target, blocker)));
                ifBlockerFollowed.forEach(job -> items.add(jobs.enqueueItem(job)));
            }
            if (blockedFollowed) {
                items.add(db.deleteAny(TableLayout.followerEntry(blocker, target)));
                ifBlockedFollowed.forEach(job -> items.add(jobs.enqueueItem(job)));
            }
            // One transaction touches an item once: each user's counters move in one item, both directions together.
            Map<String, Long> blockerCounts = deltas(blockerFollowed, blockedFollowed);
            Map<String, Long> targetCounts = deltas(blockedFollowed, blockerFollowed);
            if (!blockerCounts.isEmpty()) {
                items.add(Counters.change(db, blocker, blockerCounts));
                items.add(Counters.change(db, target, targetCounts));
            }
            TableAccess.Outcome outcome = db.transact("AP23_block", items, Optional.empty());
            if (outcome.committed()) {
                return new BlockOutcome(!existed, blockerFollowed, blockedFollowed);
            }
            if (!(outcome.failed(0) || outcome.failed(2) || outcome.failed(3))) {
                throw new FeedlineException.StorageUnavailable(TableAccess.COMPONENT, "AP23_block was cancelled: " + outcome.reasons(), null);
            }
            // A follow, unfollow, block or unblock landed between the read and the write: read again.
        }
        throw new FeedlineException.WriteConflict(
                "AP23_block: the follow edges kept changing over " + BLOCK_ATTEMPTS + " attempts", null);
    }

    /** A user's counter deltas: following -1 if their edge goes, followers -1 (and unfollows +1) if the other's does. */
    private static Map<String, Long> deltas(boolean ownEdge, boolean otherEdge) {
        Map<String, Long> deltas = new HashMap<>();
        if (ownEdge) {
            deltas.put(FOLLOWING, -1L);
        }
        if (otherEdge) {
            deltas.put(FOLLOWERS, -1L);
            deltas.put(TableLayout.UNFOLLOWS, 1L);
        }
        return deltas;
    }

    private static String id(Key key) {
        return key.partitionKeyValue().s() + "|" + key.sortKeyValue().orElseThrow().s();
    }

    @Override
    public boolean unblock(UserId blocker, UserId target) {
        return db.transact("AP22_relation_write",
                        List.of(db.deleteExisting(TableLayout.block(blocker, target)),
                                db.deleteAny(TableLayout.blockedBy(target, blocker))),
                        Optional.empty())
                .committedUnlessFailed(0, "AP22_relation_write");
    }

    @Override
    public Page<UserId> muted(UserId user, PageRequest request) {
        return list(TableLayout.Entity.MUTE, user, request);
    }

    @Override
    public Page<UserId> blocked(UserId user, PageRequest request) {
        return list(TableLayout.Entity.BLOCK, user, request);
    }

    /** AP21: one Query of one kind. */
    private Page<UserId> list(TableLayout.Entity kind, UserId user, PageRequest request) {
        return UserPages.query(db, "AP21_relation_list", TableLayout.relationsOfKind(kind, user), TARGET_ID,
                target -> kind == TableLayout.Entity.MUTE ? TableLayout.mute(user, target) : TableLayout.block(user, target), request);
    }

    @Override
    public RelationSet of(UserId user) {
        QueryEnhancedRequest query = QueryEnhancedRequest.builder()
                .queryConditional(TableLayout.relations(user))
                .consistentRead(true)
                .attributesToProject(TableLayout.PK, TableLayout.SK, TARGET_ID)
                .build();
        Set<UserId> muting = new HashSet<>();
        Set<UserId> blocking = new HashSet<>();
        Set<UserId> blockedBy = new HashSet<>();
        for (EnhancedDocument item : db.queryAll("AP20_relations", query)) {
            UserId other = UserId.of(item.getString(TARGET_ID));
            switch (TableLayout.relationKindOf(item.getString(TableLayout.SK))) {
                case MUTE -> muting.add(other);
                case BLOCK -> blocking.add(other);
                case BLOCKED_BY -> blockedBy.add(other);
                default -> throw new IllegalStateException("not a relation: " + item.getString(TableLayout.SK));
            }
        }
        return new RelationSet(muting, blocking, blockedBy);
    }

    @Override
    public Map<UserId, Set<Relation>> among(UserId user, Collection<UserId> others) {
        Set<UserId> distinct = new LinkedHashSet<>(others);
        distinct.remove(user);
        if (distinct.isEmpty()) {
            return Map.of();
        }
        List<Key> keys = new ArrayList<>(distinct.size() * 3);
        for (UserId other : distinct) {
            keys.add(TableLayout.mute(user, other));
            keys.add(TableLayout.block(user, other));
            keys.add(TableLayout.blockedBy(user, other));
        }
        Map<UserId, Set<Relation>> found = new HashMap<>();
        for (EnhancedDocument item : db.batchGetConsistent("AP24_relations_among", keys)) {
            Relation relation = switch (TableLayout.relationKindOf(item.getString(TableLayout.SK))) {
                case MUTE -> Relation.MUTING;
                case BLOCK -> Relation.BLOCKING;
                case BLOCKED_BY -> Relation.BLOCKED_BY;
                default -> throw new IllegalStateException("not a relation: " + item.getString(TableLayout.SK));
            };
            found.computeIfAbsent(UserId.of(item.getString(TARGET_ID)), id -> EnumSet.noneOf(Relation.class)).add(relation);
        }
        Map<UserId, Set<Relation>> frozen = new HashMap<>();
        found.forEach((id, set) -> frozen.put(id, Set.copyOf(set)));
        return Map.copyOf(frozen);
    }
}

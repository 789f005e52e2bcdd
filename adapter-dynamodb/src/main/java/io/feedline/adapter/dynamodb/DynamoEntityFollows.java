package io.feedline.adapter.dynamodb;

import static io.feedline.adapter.dynamodb.TableLayout.CREATED_AT;
import static io.feedline.adapter.dynamodb.TableLayout.ENTITY_REF;
import static io.feedline.adapter.dynamodb.TableLayout.FOLLOWERS;
import static io.feedline.adapter.dynamodb.TableLayout.FOLLOWING;
import static io.feedline.adapter.dynamodb.TableLayout.READER_ID;

import io.feedline.ports.model.EntityKind;
import io.feedline.ports.model.EntityRef;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.EntityFollows;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Entity follow edges under the reader ({@code USER#<reader>} / {@code FOLLOWING#<KIND>#<key>}), each
 * with a follower entry under the entity ({@code FOLLOWERS_OF#<KIND>#<key>} / {@code USER#<reader>});
 * both counts ({@code ENTITY#<KIND>#<key>} / {@code #COUNTERS}, {@code USER#<reader>} /
 * {@code #FOLLOWING#<KIND>}) move in the edge's transaction. No index: every read is of the base
 * table, strongly consistent. Hot entities are {@code HOT#<KIND>} / {@code <key>}.
 */
final class DynamoEntityFollows implements EntityFollows, EntityFollowImport {
    private final TableAccess db;

    DynamoEntityFollows(TableAccess db) {
        this.db = db;
    }

    private static void requireNotUser(EntityRef entity) {
        if (entity.kind().equals(EntityKind.USER)) {
            throw new IllegalArgumentException("user edges belong to the follow graph");
        }
    }

    @Override
    public boolean follow(UserId reader, EntityRef entity, Instant at) {
        requireNotUser(entity);
        EnhancedDocument edge = TableLayout.Entity.ENTITY_EDGE.document(TagLayout.edge(reader, entity))
                .putString(READER_ID, reader.value())
                .putString(ENTITY_REF, entity.wire())
                .putString(CREATED_AT, at.toString())
                .build();
        EnhancedDocument entry = TableLayout.Entity.ENTITY_FOLLOWER.document(TagLayout.followerEntry(entity, reader))
                .putString(READER_ID, reader.value())
                .putString(ENTITY_REF, entity.wire())
                .putString(CREATED_AT, at.toString())
                .build();
        return change("AP31_follow_entity", db.putNew(edge), db.put(entry), reader, entity, +1);
    }

    @Override
    public void importFollowers(EntityRef entity, List<UserId> followers, Instant at) {
        requireNotUser(entity);
        if (followers.isEmpty()) {
            return;
        }
        List<TableAccess.BatchOp> ops = new ArrayList<>(followers.size() * 2);
        for (UserId reader : followers) {
            ops.add(new TableAccess.BatchOp.PutDoc(TableLayout.Entity.ENTITY_EDGE.document(TagLayout.edge(reader, entity))
                    .putString(READER_ID, reader.value()).putString(ENTITY_REF, entity.wire()).putString(CREATED_AT, at.toString())
                    .build()));
            ops.add(new TableAccess.BatchOp.PutDoc(TableLayout.Entity.ENTITY_FOLLOWER.document(TagLayout.followerEntry(entity, reader))
                    .putString(READER_ID, reader.value()).putString(ENTITY_REF, entity.wire()).putString(CREATED_AT, at.toString())
                    .build()));
        }
        db.batchWrite("entity_follow_import", ops);
        db.run("entity_follow_import", () -> db.updateItem(TagLayout.counters(entity),
                counter(TableLayout.Entity.ENTITY_COUNTERS, FOLLOWERS, followers.size()),
                software.amazon.awssdk.services.dynamodb.model.ReturnValue.NONE));
    }

    @Override
    public boolean unfollow(UserId reader, EntityRef entity) {
        requireNotUser(entity);
        return change("AP31_unfollow_entity", db.deleteExisting(TagLayout.edge(reader, entity)),
                db.deleteAny(TagLayout.followerEntry(entity, reader)), reader, entity, -1);
    }

    private boolean change(String pattern, TransactWriteItem edge, TransactWriteItem entry, UserId reader, EntityRef entity,
            long delta) {
        List<TransactWriteItem> items = new ArrayList<>(4);
        items.add(edge);
        items.add(entry);
        items.add(db.update(TagLayout.counters(entity), counter(TableLayout.Entity.ENTITY_COUNTERS, FOLLOWERS, delta)));
        items.add(db.update(TagLayout.followingCount(reader, entity.kind()),
                counter(TableLayout.Entity.ENTITY_FOLLOWING_COUNT, FOLLOWING, delta)));
        // The edge is item 0: its condition failing means the edge already was (or was not) there.
        return db.transact(pattern, items, Optional.empty()).committedUnlessFailed(0, pattern);
    }

    private static Expressions.Update counter(TableLayout.Entity entity, String attribute, long delta) {
        return Expressions.update()
                .set(TableLayout.ENTITY, AttributeValue.fromS(entity.tag))
                .set(TableLayout.VERSION, AttributeValue.fromN(Integer.toString(entity.version)))
                .add(attribute, delta)
                .build();
    }

    @Override
    public boolean isFollowing(UserId reader, EntityRef entity) {
        return db.get("AP31_is_following_entity", TagLayout.edge(reader, entity)).isPresent();
    }

    @Override
    public Page<EntityRef> following(UserId reader, EntityKind kind, PageRequest request) {
        QueryEnhancedRequest.Builder query = QueryEnhancedRequest.builder()
                .queryConditional(TagLayout.following(reader, kind))
                .consistentRead(true)
                .attributesToProject(TableLayout.PK, TableLayout.SK, ENTITY_REF)
                .limit(request.limit() + 1);
        request.after().ifPresent(token -> query.exclusiveStartKey(
                TableLayout.keyMap(TagLayout.edge(reader, new EntityRef(kind, token.value())))));
        List<EntityRef> refs = db.queryPage("AP32_followed_entities", query.build()).items().stream()
                .map(item -> EntityRef.parse(item.getString(ENTITY_REF)))
                .toList();
        return page(refs, request.limit(), EntityRef::key);
    }

    @Override
    public Page<UserId> followers(EntityRef entity, PageRequest request) {
        return followerPages(entity, request, 1).getFirst();
    }

    /** One Query for the whole run (up to {@link FollowerRuns#MAX_RUN} followers), cut into pages. */
    @Override
    public List<Page<UserId>> followerPages(EntityRef entity, PageRequest first, int pages) {
        int run = FollowerRuns.pages(first.limit(), pages);
        QueryEnhancedRequest.Builder query = QueryEnhancedRequest.builder()
                .queryConditional(TagLayout.followers(entity))
                .consistentRead(true)
                .attributesToProject(TableLayout.PK, TableLayout.SK, READER_ID)
                .limit(run * first.limit() + 1);
        first.after().ifPresent(token -> query.exclusiveStartKey(
                TableLayout.keyMap(TagLayout.followerEntry(entity, Cursors.userId(token)))));
        List<UserId> readers = FollowerRuns.ids(db.queryUpTo("AP33_entity_followers", query.build(), run * first.limit() + 1), READER_ID);
        return FollowerRuns.cut(readers, first.limit(), run);
    }

    /** One more item than asked for is read, so the last page carries no token. */
    private static <T> Page<T> page(List<T> items, int limit, Function<T, String> token) {
        if (items.size() <= limit) {
            return Page.last(items);
        }
        List<T> shown = items.subList(0, limit);
        return new Page<>(shown, Optional.of(new PageToken(token.apply(shown.getLast()))));
    }

    /**
     * The candidates' follower entries in one consistent Query over their range: an entry is
     * written and removed in the same transaction as its edge, so a candidate the Query read past
     * without finding follows no more. Only candidates past where the Query stopped are read by
     * edge key, 100 a BatchGetItem.
     */
    @Override
    public Set<UserId> followersAmong(EntityRef entity, Collection<UserId> candidates) {
        if (candidates.isEmpty()) {
            return Set.of();
        }
        FollowerRuns.Checked checked = FollowerRuns.entriesAmong(db, "entity_followers_among_entries", new TreeSet<>(candidates),
                reader -> TagLayout.followerEntry(entity, reader), READER_ID);
        List<Key> keys = checked.unread().stream().sorted().map(reader -> TagLayout.edge(reader, entity)).toList();
        return FollowerRuns.plusFoundByKey(db, "entity_followers_among", checked.present(), keys, READER_ID);
    }

    @Override
    public Set<EntityRef> followedAmong(UserId reader, Collection<EntityRef> candidates) {
        if (candidates.isEmpty()) {
            return Set.of();
        }
        List<Key> keys = new LinkedHashSet<>(candidates).stream().map(entity -> TagLayout.edge(reader, entity)).toList();
        return db.batchGetConsistent("entities_followed_among", keys).stream()
                .map(item -> EntityRef.parse(item.getString(ENTITY_REF)))
                .collect(Collectors.toUnmodifiableSet());
    }

    @Override
    public long followerCount(EntityRef entity) {
        return number(db.get("AP34_entity_followers_count", TagLayout.counters(entity)), FOLLOWERS);
    }

    @Override
    public long followingCount(UserId reader, EntityKind kind) {
        return number(db.get("followed_entities_count", TagLayout.followingCount(reader, kind)), FOLLOWING);
    }

    static long number(Optional<EnhancedDocument> item, String attribute) {
        return item.filter(i -> i.isPresent(attribute)).map(i -> i.getNumber(attribute).longValue()).orElse(0L);
    }

    @Override
    public void markHot(EntityRef entity) {
        db.run("mark_hot_entity", () -> db.putItem(TableLayout.Entity.HOT_ENTITY.document(TagLayout.hot(entity))
                .putString(ENTITY_REF, entity.wire())
                .build()));
    }

    @Override
    public Set<EntityRef> hot(EntityKind kind) {
        return db.queryAll("hot_entities", QueryEnhancedRequest.builder()
                        .queryConditional(TagLayout.hot(kind))
                        .consistentRead(true)
                        .build())
                .stream()
                .map(item -> EntityRef.parse(item.getString(ENTITY_REF)))
                .collect(Collectors.toUnmodifiableSet());
    }
}

package io.feedline.adapter.dynamodb;

import static io.feedline.adapter.dynamodb.TableLayout.CREATED_AT;
import static io.feedline.adapter.dynamodb.TableLayout.FOLLOWEE_ID;
import static io.feedline.adapter.dynamodb.TableLayout.FOLLOWERS;
import static io.feedline.adapter.dynamodb.TableLayout.FOLLOWER_ID;
import static io.feedline.adapter.dynamodb.TableLayout.FOLLOWING;
import static io.feedline.adapter.dynamodb.TableLayout.UNFOLLOWS;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.FollowCounts;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FollowGraph;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Follow edges under the follower ({@code USER#<follower>} / {@code FOLLOWS#<followee>}), each with
 * a follower entry under the followee ({@code FOLLOWERS#<followee>} / {@code USER#<follower>}); the
 * edges are also indexed on GSI1 by followee, which only a table with edges older than the entries
 * needs, until {@link FollowerEntryBackfill} has given them theirs. Each edge change, its entry and
 * both users' counters are one transaction.
 */
final class DynamoFollowGraph implements FollowGraph, FollowEdgeImport {
    /** How long a graph that found no upgrade marker waits before it looks again (another process may upgrade the table). */
    static final Duration MARKER_RECHECK = Duration.ofMinutes(1);
    private static final String ABSENT = "attribute_not_exists(" + TableLayout.PK + ")";

    private final TableAccess db;
    private final DynamoFanoutJobs jobs;
    private final FollowerEntryBackfill backfill;
    private volatile boolean entriesComplete;
    private volatile Instant markerLookedAt;

    DynamoFollowGraph(TableAccess db, DynamoFanoutJobs jobs) {
        this.db = db;
        this.jobs = jobs;
        this.backfill = new FollowerEntryBackfill(db);
    }

    /**
     * Upgrades the table unless its marker says that ran: a table just {@code created} is marked at
     * once (it holds no edge), an older one is backfilled first.
     */
    void completeEntries(boolean created) {
        if (created) {
            backfill.markDone(0);
        } else if (!backfill.done()) {
            backfill.run();
        }
        entriesComplete = true;
    }

    /**
     * Whether every edge of the table has its follower entry: the marker, looked up at the first
     * read of a process that did not bootstrap the table, and again each {@link #MARKER_RECHECK}
     * while it is missing.
     */
    boolean entriesComplete() {
        if (entriesComplete) {
            return true;
        }
        Instant now = db.clock.instant();
        Instant last = markerLookedAt;
        if (last != null && now.isBefore(last.plus(MARKER_RECHECK))) {
            return false;
        }
        markerLookedAt = now;
        entriesComplete = backfill.done();
        return entriesComplete;
    }

    /**
     * The edge is written on the condition that neither user blocks the other, checked on the
     * block entries in the same transaction: a block that has committed refuses every later
     * follow, and one that commits later finds the edge (its own write is conditioned on the edges
     * it read), so the two never both win.
     */
    @Override
    public boolean follow(UserId follower, UserId followee, Instant at, List<FanoutJob> outboxJobs) {
        List<TransactWriteItem> noBlock = follower.equals(followee) ? List.of() : List.of(
                db.check(TableLayout.block(follower, followee), ABSENT),
                db.check(TableLayout.block(followee, follower), ABSENT));
        TableAccess.Outcome outcome = changeEdge("follow", db.putNew(edge(follower, followee, at)), noBlock,
                db.put(followerEntry(follower, followee, at)), follower, followee, +1, outboxJobs);
        if (!noBlock.isEmpty() && outcome.failed(1)) {
            throw new FeedlineException.Forbidden("you cannot follow: you block that account; unblock it first");
        }
        if (!noBlock.isEmpty() && outcome.failed(2)) {
            throw new FeedlineException.Forbidden("you cannot follow: that account blocks you");
        }
        return outcome.committedUnlessFailed(0, "follow");
    }

    static EnhancedDocument followerEntry(UserId follower, UserId followee, Instant at) {
        return TableLayout.Entity.FOLLOWER_ENTRY.document(TableLayout.followerEntry(followee, follower))
                .putString(FOLLOWER_ID, follower.value())
                .putString(FOLLOWEE_ID, followee.value())
                .putString(CREATED_AT, at.toString())
                .build();
    }

    static EnhancedDocument edge(UserId follower, UserId followee, Instant at) {
        return TableLayout.Entity.FOLLOW_EDGE.document(TableLayout.edge(follower, followee))
                .putString(TableLayout.GSI1_PK, TableLayout.followerIndexPk(followee))
                .putString(TableLayout.GSI1_SK, TableLayout.followerIndexSk(follower))
                .putString(FOLLOWER_ID, follower.value())
                .putString(FOLLOWEE_ID, followee.value())
                .putString(CREATED_AT, at.toString())
                .build();
    }

    @Override
    public void importFollowers(UserId followee, List<UserId> followers, Instant at) {
        if (followers.isEmpty()) {
            return;
        }
        db.batchWrite("follow_import", followers.stream()
                .<TableAccess.BatchOp>flatMap(follower -> Stream.of(
                        new TableAccess.BatchOp.PutDoc(edge(follower, followee, at)),
                        new TableAccess.BatchOp.PutDoc(followerEntry(follower, followee, at))))
                .toList());
        TableAccess.Outcome outcome = db.transact("follow_import",
                List.of(Counters.change(db, followee, Map.of(FOLLOWERS, (long) followers.size()))), Optional.empty());
        if (!outcome.committed()) {
            throw new FeedlineException.StorageUnavailable(
                    TableAccess.COMPONENT, "follow_import of the follower count was cancelled: " + outcome.reasons(), null);
        }
    }

    @Override
    public boolean unfollow(UserId follower, UserId followee, List<FanoutJob> outboxJobs) {
        return changeEdge("unfollow", db.deleteExisting(TableLayout.edge(follower, followee)), List.of(),
                db.deleteAny(TableLayout.followerEntry(followee, follower)), follower, followee, -1, outboxJobs)
                .committedUnlessFailed(0, "unfollow");
    }

    /** The edge is item 0 and {@code guards} follow it from item 1, so a failed condition names its cause. */
    private TableAccess.Outcome changeEdge(String pattern, TransactWriteItem edge, List<TransactWriteItem> guards,
            TransactWriteItem entry, UserId follower, UserId followee, long delta, List<FanoutJob> outboxJobs) {
        List<TransactWriteItem> items = new ArrayList<>(6 + outboxJobs.size());
        items.add(edge);
        items.addAll(guards);
        items.add(entry);
        Map<String, Long> followeeDeltas = delta < 0 ? Map.of(FOLLOWERS, delta, UNFOLLOWS, 1L) : Map.of(FOLLOWERS, delta);
        if (follower.equals(followee)) {
            // One transaction may touch an item once: a self-edge moves both counters of one item.
            Map<String, Long> both = new HashMap<>(followeeDeltas);
            both.put(FOLLOWING, delta);
            items.add(Counters.change(db, follower, both));
        } else {
            items.add(Counters.change(db, follower, Map.of(FOLLOWING, delta)));
            items.add(Counters.change(db, followee, followeeDeltas));
        }
        outboxJobs.forEach(job -> items.add(jobs.enqueueItem(job)));
        // The edge's condition failing means the edge already was (or was not) there.
        return db.transact(pattern, items, Optional.empty());
    }

    @Override
    public Page<UserId> following(UserId user, PageRequest request) {
        QueryEnhancedRequest.Builder query = QueryEnhancedRequest.builder()
                .queryConditional(TableLayout.following(user))
                .consistentRead(true)
                .attributesToProject(TableLayout.PK, TableLayout.SK, FOLLOWEE_ID)
                .limit(request.limit() + 1);
        request.after().ifPresent(token -> query.exclusiveStartKey(TableLayout.followingStart(user, Cursors.userId(token))));
        List<EnhancedDocument> items = db.queryPage("AP4_following", query.build()).items();
        return page(items, request.limit(), item -> UserId.of(item.getString(FOLLOWEE_ID)));
    }

    /**
     * The follower entries, one strongly consistent Query, so a follow made a moment ago is listed
     * (and fanned out to) and one undone a moment ago is not. On a table not yet upgraded ({@link
     * #entriesComplete}), a second Query, of GSI1, for the edges written before follower entries
     * existed, which the index has long caught up with, merged by follower id: the merged page is
     * exact for the union, since each source returns its first {@code limit + 1} followers after
     * the cursor in the same order. An unfollow the index still shows lists that follower for a
     * moment; a fan-out page filters such followers by the edges themselves ({@link #followersAmong}).
     */
    @Override
    public Page<UserId> followers(UserId user, PageRequest request) {
        return followerPages(user, request, 1).getFirst();
    }

    /** The same Query (or two) for the whole run (up to {@link FollowerRuns#MAX_RUN} followers), cut into pages. */
    @Override
    public List<Page<UserId>> followerPages(UserId user, PageRequest first, int pages) {
        int run = FollowerRuns.pages(first.limit(), pages);
        return FollowerRuns.cut(followersAfter(user, first.after().map(Cursors::userId), run * first.limit()), first.limit(), run);
    }

    /** The first {@code count + 1} followers after {@code after}: the entries' (and, until the upgrade, the index's). */
    private List<UserId> followersAfter(UserId user, Optional<UserId> after, int count) {
        QueryEnhancedRequest.Builder entries = QueryEnhancedRequest.builder()
                .queryConditional(TableLayout.followerEntries(user))
                .consistentRead(true)
                .attributesToProject(TableLayout.PK, TableLayout.SK, FOLLOWER_ID)
                .limit(count + 1);
        after.ifPresent(last -> entries.exclusiveStartKey(TableLayout.keyMap(TableLayout.followerEntry(user, last))));
        if (entriesComplete()) {
            return FollowerRuns.ids(db.queryUpTo("AP5_followers", entries.build(), count + 1), FOLLOWER_ID);
        }
        QueryEnhancedRequest.Builder legacy = QueryEnhancedRequest.builder()
                .queryConditional(TableLayout.followers(user))
                .attributesToProject(TableLayout.PK, TableLayout.SK, FOLLOWER_ID)
                .limit(count + 1);
        after.ifPresent(last -> legacy.exclusiveStartKey(TableLayout.followersStart(user, last)));
        // The two Queries are independent: the index's runs beside the entries' (a big fan-out reads
        // its audience one run after another, so each run's time is its slower Query, not both).
        SortedSet<UserId> ids = new TreeSet<>();
        try (ExecutorService beside = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<List<UserId>> byIndex = beside.submit(
                    () -> FollowerRuns.ids(db.queryIndexUpTo("AP5_followers_by_index", legacy.build(), count + 1), FOLLOWER_ID));
            ids.addAll(FollowerRuns.ids(db.queryUpTo("AP5_followers", entries.build(), count + 1), FOLLOWER_ID));
            ids.addAll(SideBySide.resultOf(byIndex, "AP5_followers_by_index"));
        }
        return ids.stream().limit(count + 1L).toList();
    }

    /**
     * One more item than asked for is read, in the same request, so that "more may follow" is
     * known exactly and the last page carries no token.
     */
    private static <T> Page<UserId> page(List<T> items, int limit, Function<T, UserId> id) {
        List<UserId> ids = items.stream().limit(limit).map(id).toList();
        if (items.size() <= limit) {
            return Page.last(ids);
        }
        return new Page<>(ids, Optional.of(Cursors.after(ids.get(ids.size() - 1))));
    }

    @Override
    public boolean isFollowing(UserId follower, UserId followee) {
        return db.get("AP6_is_following", TableLayout.edge(follower, followee)).isPresent();
    }

    @Override
    public Set<UserId> followedAmong(UserId follower, Collection<UserId> candidates) {
        if (candidates.isEmpty()) {
            return Set.of();
        }
        var keys = new LinkedHashSet<>(candidates).stream().map(c -> TableLayout.edge(follower, c)).toList();
        // Consistent: a celebrity followed a moment ago is merged into the next page.
        return db.batchGetConsistent("followed_among", keys).stream()
                .map(item -> UserId.of(item.getString(FOLLOWEE_ID)))
                .collect(Collectors.toUnmodifiableSet());
    }

    /**
     * The candidates' follower entries in one consistent Query over their range (a fan-out checks a
     * run of followers it just read, so the range holds little else), then by edge key, 100 a
     * BatchGetItem, those the Query did not settle: past where it stopped and, until the table is
     * upgraded, any it did not find (edges older than the entries, and readers who have left, who
     * are simply absent from both). On an upgraded table a candidate the Query read past without
     * finding its entry follows no more, as for {@link DynamoEntityFollows#followersAmong}.
     */
    @Override
    public Set<UserId> followersAmong(UserId followee, Collection<UserId> candidates) {
        if (candidates.isEmpty()) {
            return Set.of();
        }
        SortedSet<UserId> wanted = new TreeSet<>(candidates);
        FollowerRuns.Checked checked = FollowerRuns.entriesAmong(db, "followers_among_entries", wanted,
                follower -> TableLayout.followerEntry(followee, follower), FOLLOWER_ID);
        Collection<UserId> unsettled = entriesComplete() ? checked.unread() : wanted;
        List<Key> byEdge = unsettled.stream()
                .sorted()
                .filter(candidate -> !checked.present().contains(candidate))
                .map(candidate -> TableLayout.edge(candidate, followee))
                .toList();
        return FollowerRuns.plusFoundByKey(db, "followers_among", checked.present(), byEdge, FOLLOWER_ID);
    }

    /**
     * The followees' {@code unfollows} counters, one consistent BatchGetItem per 100 (a user never
     * unfollowed counts 0), or none on a table not yet upgraded, whose pages may list a follower
     * who left before the first reading ({@link #entriesComplete}).
     */
    @Override
    public Map<UserId, Long> unfollowCounts(Collection<UserId> followees) {
        if (followees.isEmpty() || !entriesComplete()) {
            return Map.of();
        }
        Map<UserId, Long> counts = new HashMap<>();
        followees.forEach(followee -> counts.put(followee, 0L));
        db.batchGetConsistent("unfollow_counts", counts.keySet().stream().map(TableLayout::counters).toList())
                .forEach(item -> counts.put(TableLayout.userOfCounters(item.getString(TableLayout.PK)),
                        Counters.value(Optional.of(item), UNFOLLOWS)));
        return counts;
    }

    @Override
    public FollowCounts counts(UserId user) {
        var counters = Counters.read(db, "follow_counts", user);
        return new FollowCounts(Counters.value(counters, FOLLOWERS), Counters.value(counters, FOLLOWING));
    }
}

package io.feedline.adapter.dynamodb;

import static io.feedline.adapter.dynamodb.TableLayout.CREATED_AT;
import static io.feedline.adapter.dynamodb.TableLayout.FOLLOWEE_ID;
import static io.feedline.adapter.dynamodb.TableLayout.FOLLOWERS;
import static io.feedline.adapter.dynamodb.TableLayout.FOLLOWER_ID;
import static io.feedline.adapter.dynamodb.TableLayout.FOLLOWING;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.FollowCounts;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FollowGraph;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
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
 * edges are also indexed on GSI1 by followee, which only edges older than the entries need. Each
 * edge change, its entry and both users' counters are one transaction.
 */
final class DynamoFollowGraph implements FollowGraph, FollowEdgeImport {
    private final TableAccess db;
    private final DynamoFanoutJobs jobs;

    DynamoFollowGraph(TableAccess db, DynamoFanoutJobs jobs) {
        this.db = db;
        this.jobs = jobs;
    }

    @Override
    public boolean follow(UserId follower, UserId followee, Instant at, List<FanoutJob> outboxJobs) {
        return changeEdge("follow", db.putNew(edge(follower, followee, at)), db.put(followerEntry(follower, followee, at)),
                follower, followee, +1, outboxJobs);
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
    public boolean unfollow(UserId follower, UserId followee) {
        return changeEdge("unfollow", db.deleteExisting(TableLayout.edge(follower, followee)),
                db.deleteAny(TableLayout.followerEntry(followee, follower)), follower, followee, -1, List.of());
    }

    private boolean changeEdge(String pattern, TransactWriteItem edge, TransactWriteItem entry, UserId follower,
            UserId followee, long delta, List<FanoutJob> outboxJobs) {
        List<TransactWriteItem> items = new ArrayList<>(4 + outboxJobs.size());
        items.add(edge);
        items.add(entry);
        if (follower.equals(followee)) {
            // One transaction may touch an item once: a self-edge moves both counters of one item.
            items.add(Counters.change(db, follower, Map.of(FOLLOWING, delta, FOLLOWERS, delta)));
        } else {
            items.add(Counters.change(db, follower, Map.of(FOLLOWING, delta)));
            items.add(Counters.change(db, followee, Map.of(FOLLOWERS, delta)));
        }
        outboxJobs.forEach(job -> items.add(jobs.enqueueItem(job)));
        // The edge is item 0: its condition failing means the edge already was (or was not) there.
        return db.transact(pattern, items, Optional.empty()).committedUnlessFailed(0, pattern);
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
     * Two Queries, merged by follower id: the follower entries, strongly consistent, so a follow
     * made a moment ago is listed (and fanned out to); and GSI1, for the edges written before
     * follower entries existed, which the index has long caught up with. The merged page is exact
     * for the union, since each source returns its first {@code limit + 1} followers after the
     * cursor in the same order. An unfollow the index still shows lists that follower for a moment;
     * a fan-out page filters such followers by the edges themselves ({@link #followersAmong}).
     */
    @Override
    public Page<UserId> followers(UserId user, PageRequest request) {
        return followerPages(user, request, 1).getFirst();
    }

    /** The same two Queries for the whole run (up to {@link FollowerRuns#MAX_RUN} followers), cut into pages. */
    @Override
    public List<Page<UserId>> followerPages(UserId user, PageRequest first, int pages) {
        int run = FollowerRuns.pages(first.limit(), pages);
        return FollowerRuns.cut(merged(user, first.after().map(Cursors::userId), run * first.limit()), first.limit(), run);
    }

    /** The first {@code count + 1} followers after {@code after} in the union of both sources. */
    private List<UserId> merged(UserId user, Optional<UserId> after, int count) {
        QueryEnhancedRequest.Builder entries = QueryEnhancedRequest.builder()
                .queryConditional(TableLayout.followerEntries(user))
                .consistentRead(true)
                .attributesToProject(TableLayout.PK, TableLayout.SK, FOLLOWER_ID)
                .limit(count + 1);
        QueryEnhancedRequest.Builder legacy = QueryEnhancedRequest.builder()
                .queryConditional(TableLayout.followers(user))
                .attributesToProject(TableLayout.PK, TableLayout.SK, FOLLOWER_ID)
                .limit(count + 1);
        after.ifPresent(last -> {
            entries.exclusiveStartKey(TableLayout.keyMap(TableLayout.followerEntry(user, last)));
            legacy.exclusiveStartKey(TableLayout.followersStart(user, last));
        });
        // The two Queries are independent: the index's runs beside the entries' (a big fan-out reads
        // its audience one run after another, so each run's time is its slower Query, not both).
        SortedSet<UserId> ids = new TreeSet<>();
        try (ExecutorService beside = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<List<UserId>> byIndex = beside.submit(
                    () -> FollowerRuns.ids(db.queryIndexUpTo("AP5_followers_by_index", legacy.build(), count + 1), FOLLOWER_ID));
            ids.addAll(FollowerRuns.ids(db.queryUpTo("AP5_followers", entries.build(), count + 1), FOLLOWER_ID));
            ids.addAll(TableAccess.resultOf(byIndex, "AP5_followers_by_index"));
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
     * BatchGetItem, only those the Query did not find: edges older than the entries, and readers
     * who have left (who are simply absent from both).
     */
    @Override
    public Set<UserId> followersAmong(UserId followee, Collection<UserId> candidates) {
        if (candidates.isEmpty()) {
            return Set.of();
        }
        SortedSet<UserId> wanted = new TreeSet<>(candidates);
        FollowerRuns.Checked checked = FollowerRuns.entriesAmong(db, "followers_among_entries", wanted,
                follower -> TableLayout.followerEntry(followee, follower), FOLLOWER_ID);
        List<Key> byEdge = wanted.stream()
                .filter(candidate -> !checked.present().contains(candidate))
                .map(candidate -> TableLayout.edge(candidate, followee))
                .toList();
        return FollowerRuns.plusFoundByKey(db, "followers_among", checked.present(), byEdge, FOLLOWER_ID);
    }

    @Override
    public FollowCounts counts(UserId user) {
        var counters = Counters.read(db, "follow_counts", user);
        return new FollowCounts(Counters.value(counters, FOLLOWERS), Counters.value(counters, FOLLOWING));
    }
}

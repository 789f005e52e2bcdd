package io.feedline.adapter.dynamodb;

import static io.feedline.adapter.dynamodb.TableLayout.CREATED_AT;
import static io.feedline.adapter.dynamodb.TableLayout.FOLLOWEE_ID;
import static io.feedline.adapter.dynamodb.TableLayout.FOLLOWER_ID;

import io.feedline.ports.model.UserId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.model.Page;
import software.amazon.awssdk.enhanced.dynamodb.model.ScanEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The upgrade of a table from before follower entries: each follow edge gets the entry under its
 * followee that AP5 reads, then a marker item records that every edge has one. From then on AP5 is
 * the entries' Query alone, strongly consistent and exact, and GSI1's Query of the edges (which
 * lags, and lists a follower who has just left) is never sent again.
 *
 * <p>It runs where the table is bootstrapped ({@code feedline init}, {@code serve}), once: a table
 * it creates is marked at once, since every edge the code writes comes with its entry in the same
 * transaction. On an older table it scans GSI1, which holds only posts and edges (never the feed
 * items, which outnumber both), for the follow edges, reads their entries in batches and writes
 * those missing. Each entry is written in a transaction with a check that its edge still exists,
 * so an unfollow landing meanwhile (which deletes edge and entry together) never leaves an entry
 * behind; a rerun, or two processes upgrading at once, write the same entries again. This is the
 * adapter's one Scan, and it is not an access pattern: the marker ends it for good.
 */
final class FollowerEntryBackfill {
    static final String NAME = "follower-entries";
    /** Edges per transaction: two items each, the check and the entry, within DynamoDB's 100. */
    static final int EDGES_PER_TRANSACTION = 25;
    private static final String BACKFILLED = "backfilled";
    private static final Logger LOG = Logger.getLogger(FollowerEntryBackfill.class.getName());

    private final TableAccess db;

    FollowerEntryBackfill(TableAccess db) {
        this.db = db;
    }

    /** Whether the marker says every edge of the table has its entry (one consistent GetItem). */
    boolean done() {
        return db.get("migration_marker", TableLayout.migration(NAME)).isPresent();
    }

    /** Records that every edge has its entry; {@code backfilled} says how many this run wrote. */
    void markDone(long backfilled) {
        db.run("migration_marker", () -> db.putItem(TableLayout.Entity.MIGRATION.document(TableLayout.migration(NAME))
                .putString(CREATED_AT, db.clock.instant().toString())
                .putNumber(BACKFILLED, backfilled)
                .build()));
    }

    /** Gives every edge of the table its entry, then marks the table; returns how many entries it wrote. */
    long run() {
        ScanEnhancedRequest scan = ScanEnhancedRequest.builder()
                .filterExpression(Expression.builder()
                        .expression("begins_with(#pk, :edges)")
                        .putExpressionName("#pk", TableLayout.GSI1_PK)
                        .putExpressionValue(":edges", AttributeValue.fromS(TableLayout.followerIndexPrefix()))
                        .build())
                .attributesToProject(TableLayout.PK, TableLayout.SK, FOLLOWER_ID, FOLLOWEE_ID, CREATED_AT)
                .build();
        Tally tally = db.call("migration_follower_entries_scan", () -> {
            long edges = 0;
            long written = 0;
            for (Page<EnhancedDocument> page : db.gsi1.scan(scan)) {
                List<Edge> found = page.items().stream().map(Edge::of).toList();
                edges += found.size();
                written += backfill(found);
            }
            return new Tally(edges, written);
        });
        markDone(tally.written());
        LOG.log(Level.INFO, "follower entries: {0} edges read, {1} entries written; AP5 reads the entries alone from now on",
                new Object[] {tally.edges(), tally.written()});
        return tally.written();
    }

    /** Writes the entries those of {@code edges} lack, each on the condition that its edge still exists. */
    int backfill(List<Edge> edges) {
        if (edges.isEmpty()) {
            return 0;
        }
        Set<Key> present = new HashSet<>();
        db.batchGetConsistent("migration_follower_entries_read", edges.stream().map(Edge::entryKey).toList())
                .forEach(entry -> present.add(TableLayout.followerEntry(
                        UserId.of(entry.getString(FOLLOWEE_ID)), UserId.of(entry.getString(FOLLOWER_ID)))));
        List<Edge> missing = edges.stream().filter(edge -> !present.contains(edge.entryKey())).toList();
        int written = 0;
        for (int from = 0; from < missing.size(); from += EDGES_PER_TRANSACTION) {
            // An edge whose check fails was unfollowed since the scan read it: it needs no entry.
            written += db.transactUnfailed("migration_follower_entries_write",
                    missing.subList(from, Math.min(missing.size(), from + EDGES_PER_TRANSACTION)),
                    this::checkedEntries, Optional.empty()).size();
        }
        return written;
    }

    /** The edges' checks first, so that item i is the check of edge i (only a check can fail), then their entries. */
    private List<TransactWriteItem> checkedEntries(List<Edge> edges) {
        List<TransactWriteItem> items = new ArrayList<>(2 * edges.size());
        edges.forEach(edge -> items.add(db.check(edge.key(), "attribute_exists(" + TableLayout.PK + ")")));
        edges.forEach(edge -> items.add(db.put(DynamoFollowGraph.followerEntry(edge.follower(), edge.followee(), edge.at()))));
        return items;
    }

    private record Tally(long edges, long written) {}

    /** A follow edge as the scan reads it. */
    record Edge(UserId follower, UserId followee, Instant at) {
        static Edge of(EnhancedDocument item) {
            return new Edge(UserId.of(item.getString(FOLLOWER_ID)), UserId.of(item.getString(FOLLOWEE_ID)),
                    Instant.parse(item.getString(CREATED_AT)));
        }

        Key key() {
            return TableLayout.edge(follower, followee);
        }

        Key entryKey() {
            return TableLayout.followerEntry(followee, follower);
        }
    }
}

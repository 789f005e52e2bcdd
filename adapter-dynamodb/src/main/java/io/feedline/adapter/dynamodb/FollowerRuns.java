package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.UserId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;

/**
 * What a big fan-out needs of a follower list, in few requests: a run of pages read as one Query
 * (cut into the pages it would have read one by one), and a check of a run of followers against
 * their entries as one Query over the run's range, where reading them by key takes a
 * BatchGetItem per 100. On DynamoDB Local a request costs far more than the items it returns
 * (10,000 followers read in runs of ten pages took a quarter of the time of reading them a page at
 * a time, in {@code feedline bench follower-reads}), and on DynamoDB a
 * Query of small items costs one read unit per 4 KB where a read by key costs one per item.
 */
final class FollowerRuns {
    /**
     * The most followers one run reads (and so the largest Query limit it asks for): 1,001 items of
     * about 150 bytes stay well inside the 1 MB a Query may return, so a run is one request per
     * source (and should a page stop short at that cap, the read goes on to the next).
     */
    static final int MAX_RUN = 1_000;
    /** Items a range check may read beyond twice its candidates: follows made inside the range. */
    private static final int RANGE_MARGIN = 100;

    private FollowerRuns() {}

    /** How many pages of {@code size} one run reads: as asked, within {@link #MAX_RUN} followers, at least one. */
    static int pages(int size, int asked) {
        if (asked < 1) {
            throw new IllegalArgumentException("a run holds at least one page");
        }
        return Math.max(1, Math.min(asked, MAX_RUN / size));
    }

    /**
     * Cuts the first {@code pages * size} of {@code ids} (read with one more, so that "more follow"
     * is known) into pages of {@code size}, each but the last of the list carrying the token after
     * its last id.
     */
    static List<Page<UserId>> cut(List<UserId> ids, int size, int pages) {
        List<Page<UserId>> run = new ArrayList<>(pages);
        for (int from = 0; run.size() < pages; from += size) {
            List<UserId> items = ids.subList(Math.min(ids.size(), from), Math.min(ids.size(), from + size));
            if (ids.size() <= from + size) {
                run.add(Page.last(items));
                break;
            }
            run.add(new Page<>(items, Optional.of(Cursors.after(items.getLast()))));
        }
        return List.copyOf(run);
    }

    /**
     * Which of {@code candidates} have an entry, read as one strongly consistent Query over the
     * entries from the first candidate's to the last's, at most twice as many items as candidates
     * (plus a margin), so a sparse set of candidates never reads a whole follower list.
     *
     * @param entryKey the entry of a candidate (all in one partition, sorted by the candidate's id)
     * @param idAttribute the attribute holding the candidate's id
     */
    static Checked entriesAmong(TableAccess db, String pattern, SortedSet<UserId> candidates,
            Function<UserId, Key> entryKey, String idAttribute) {
        QueryEnhancedRequest query = QueryEnhancedRequest.builder()
                .queryConditional(QueryConditional.sortBetween(entryKey.apply(candidates.first()), entryKey.apply(candidates.last())))
                .consistentRead(true)
                .attributesToProject(TableLayout.PK, TableLayout.SK, idAttribute)
                .limit(2 * candidates.size() + RANGE_MARGIN)
                .build();
        var page = db.queryPage(pattern, query);
        List<UserId> listed = ids(page.items(), idAttribute);
        Set<UserId> present = listed.stream().filter(candidates::contains).collect(Collectors.toUnmodifiableSet());
        boolean ended = page.lastEvaluatedKey() == null || page.lastEvaluatedKey().isEmpty();
        if (ended) {
            return new Checked(present, Set.of());
        }
        // Stopped by its limit or the 1 MB cap: what lies past its last item was not read.
        Set<UserId> unread = (listed.isEmpty() ? candidates : candidates.tailSet(listed.getLast())).stream()
                .filter(id -> !present.contains(id))
                .collect(Collectors.toUnmodifiableSet());
        return new Checked(present, unread);
    }

    /** Candidates found with an entry, and those the range Query did not reach (to be read by key). */
    record Checked(Set<UserId> present, Set<UserId> unread) {}

    /**
     * {@code present} and the followers of {@code edges} that exist, read by key (strongly
     * consistent, 100 a BatchGetItem): what a range check did not settle.
     */
    static Set<UserId> plusFoundByKey(TableAccess db, String pattern, Set<UserId> present, List<Key> edges, String idAttribute) {
        if (edges.isEmpty()) {
            return present;
        }
        Set<UserId> found = new HashSet<>(present);
        found.addAll(ids(db.batchGetConsistent(pattern, edges), idAttribute));
        return Set.copyOf(found);
    }

    /** The follower ids of a Query page's items. */
    static List<UserId> ids(List<EnhancedDocument> items, String idAttribute) {
        return items.stream().map(item -> UserId.of(item.getString(idAttribute))).toList();
    }
}

package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.fakes.MutableClock;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A table from before follower entries, whose older edges have none: until its upgrade, AP5 merges
 * GSI1's edges with the entries; the upgrade gives every edge its entry, and from then on AP5 is the
 * entries' Query alone, in the process that ran it at once and in every other from its next look at
 * the marker.
 */
class FollowerEntryBackfillTest {
    private final RequestCounter requests = new RequestCounter();
    private final MutableClock clock = new MutableClock(Instant.now());
    private DynamoStorage storage;

    @BeforeEach
    void anOlderTable() {
        storage = LocalDynamo.olderTable("older", List.of(requests), clock);
    }

    @AfterEach
    void close() {
        storage.close();
    }

    /** Followers of {@code followee}, every other one by an edge as written before follower entries existed. */
    private List<UserId> halfOlderFollowers(UserId followee, int count) {
        List<UserId> followers = IntStream.range(0, count).mapToObj(i -> TestIds.userId()).sorted().toList();
        for (int i = 0; i < followers.size(); i++) {
            if (i % 2 == 0) {
                storage.followGraph().follow(followers.get(i), followee, Instant.now());
            } else {
                storage.access().putItem(DynamoFollowGraph.edge(followers.get(i), followee, Instant.now()));
            }
        }
        return followers;
    }

    private List<UserId> everyFollower(UserId followee, int pageSize) {
        List<UserId> seen = new ArrayList<>();
        Page<UserId> page = storage.followGraph().followers(followee, PageRequest.first(pageSize));
        seen.addAll(page.items());
        while (page.next().isPresent()) {
            page = storage.followGraph().followers(followee, PageRequest.after(page.next().get(), pageSize));
            seen.addAll(page.items());
        }
        return seen;
    }

    private boolean hasEntry(UserId follower, UserId followee) {
        return storage.access().get("test", TableLayout.followerEntry(followee, follower)).isPresent();
    }

    @Test
    void untilTheUpgradeFollowerPagesMergeTheIndexsEdgesWithTheEntriesWithoutGapsOrRepeats() {
        UserId followee = TestIds.userId();
        List<UserId> followers = halfOlderFollowers(followee, 7);
        requests.reset();

        Page<UserId> first = storage.followGraph().followers(followee, PageRequest.first(2));
        assertThat(requests.all()).as("the marker looked up, then the entries and the index")
                .isEqualTo(Map.of("GetItem", 1, "Query", 2));
        assertThat(first.items()).isEqualTo(followers.subList(0, 2));
        assertThat(everyFollower(followee, 2)).isEqualTo(followers);
    }

    @Test
    void untilTheUpgradeACheckReadsByKeyWhatTheEntriesLack() {
        UserId followee = TestIds.userId();
        List<UserId> followers = halfOlderFollowers(followee, 6);
        UserId left = followers.get(2);
        storage.followGraph().unfollow(left, followee);
        storage.followGraph().followers(followee, PageRequest.first(1));
        requests.reset();

        Set<UserId> found = storage.followGraph().followersAmong(followee, followers);
        Map<UserId, Long> counts = storage.followGraph().unfollowCounts(List.of(followee));

        // The three older edges and the follower who left have no entry: all four are read by key.
        assertThat(requests.all()).isEqualTo(Map.of("Query", 1, "BatchGetItem", 1));
        assertThat(found).containsExactlyInAnyOrderElementsOf(followers.stream().filter(f -> !f.equals(left)).toList());
        assertThat(counts).as("no unfollow counts: a page may list who left before any reading").isEmpty();
    }

    @Test
    void theUpgradeGivesEachOlderEdgeItsEntryAndThenAPageIsTheEntriesQueryAlone() {
        UserId followee = TestIds.userId();
        List<UserId> followers = halfOlderFollowers(followee, 8);

        storage.bootstrap();

        assertThat(followers).allSatisfy(follower -> assertThat(hasEntry(follower, followee)).isTrue());
        assertThat(storage.access().get("test", TableLayout.migration(FollowerEntryBackfill.NAME)).orElseThrow()
                .getNumber("backfilled").intValue()).as("only the four older edges lacked one").isEqualTo(4);
        requests.reset();
        assertThat(everyFollower(followee, 3)).isEqualTo(followers);
        assertThat(requests.all()).as("three pages, one Query each").isEqualTo(Map.of("Query", 3));

        // A follower who left is settled by the entries' Query: nothing is read by key.
        storage.followGraph().unfollow(followers.get(5), followee);
        requests.reset();
        assertThat(storage.followGraph().followersAmong(followee, followers)).hasSize(7).doesNotContain(followers.get(5));
        assertThat(requests.all()).isEqualTo(Map.of("Query", 1));
    }

    @Test
    void anEdgeUnfollowedWhileTheUpgradeRunsGetsNoEntry() {
        UserId followee = TestIds.userId();
        UserId leaving = TestIds.userId();
        UserId staying = TestIds.userId();
        storage.access().putItem(DynamoFollowGraph.edge(leaving, followee, Instant.now()));
        storage.access().putItem(DynamoFollowGraph.edge(staying, followee, Instant.now()));
        // As the scan read them, before the unfollow.
        List<FollowerEntryBackfill.Edge> scanned = List.of(
                new FollowerEntryBackfill.Edge(leaving, followee, Instant.now()),
                new FollowerEntryBackfill.Edge(staying, followee, Instant.now()));
        assertThat(storage.followGraph().unfollow(leaving, followee)).isTrue();
        requests.reset();

        int written = new FollowerEntryBackfill(storage.access()).backfill(scanned);

        assertThat(requests.all()).as("the entries read, a transaction cancelled by the gone edge's check, sent again without it")
                .isEqualTo(Map.of("BatchGetItem", 1, "TransactWriteItems", 2));
        assertThat(written).isEqualTo(1);
        assertThat(hasEntry(leaving, followee)).as("no entry outlives its edge").isFalse();
        assertThat(hasEntry(staying, followee)).isTrue();
    }

    @Test
    void anotherProcessSeesTheUpgradeAtItsNextLookAtTheMarkerAndAnUpgradedTableIsNeverScannedAgain() {
        UserId followee = TestIds.userId();
        List<UserId> followers = halfOlderFollowers(followee, 4);
        RequestCounter otherRequests = new RequestCounter();
        try (DynamoStorage other = DynamoStorage.open(storage.settings(), CapacityListener.NONE,
                List.of(otherRequests, new ScanForbidden()), Retries.DEFAULT, clock)) {
            assertThat(other.followGraph().followers(followee, PageRequest.first(10)).items()).isEqualTo(followers);

            storage.bootstrap();
            otherRequests.reset();
            other.followGraph().followers(followee, PageRequest.first(10));
            assertThat(otherRequests.all()).as("within a minute of its last look, still both Queries").isEqualTo(Map.of("Query", 2));

            clock.advance(DynamoFollowGraph.MARKER_RECHECK);
            otherRequests.reset();
            assertThat(other.followGraph().followers(followee, PageRequest.first(10)).items()).isEqualTo(followers);
            assertThat(otherRequests.all()).as("the marker found, the entries alone").isEqualTo(Map.of("GetItem", 1, "Query", 1));
            otherRequests.reset();
            other.followGraph().followers(followee, PageRequest.first(10));
            assertThat(otherRequests.all()).isEqualTo(Map.of("Query", 1));

            // Its own bootstrap finds the marker: no Scan (which the ScanForbidden on it would fail).
            other.bootstrap();
        }
        requests.reset();
        storage.bootstrap();
        assertThat(requests.count("Scan")).isZero();
    }

    @Test
    void aTableTheBootstrapMakesIsMarkedAtOnceWithoutAScan() {
        try (DynamoStorage fresh = LocalDynamo.freshTable("made-new", List.of(), Retries.DEFAULT)) {
            assertThat(fresh.access().get("test", TableLayout.migration(FollowerEntryBackfill.NAME)))
                    .hasValueSatisfying(marker -> assertThat(marker.toMap()).containsEntry("backfilled", AttributeValue.fromN("0")));
        }
    }
}

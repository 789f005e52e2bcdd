package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.FollowCounts;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FollowGraph;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What every {@link FollowGraph} adapter must do: idempotent edges with exact counters, and pages
 * in user-id order. Each test follows between fresh users.
 */
public abstract class FollowGraphContract {

    /** The graph under test; called at most once per test. */
    protected abstract FollowGraph followGraph();

    private static final Instant AT = Instant.parse("2024-01-02T03:04:05.678Z");

    private static List<UserId> freshUsers(int n) {
        return IntStream.range(0, n).mapToObj(i -> TestIds.userId()).toList();
    }

    /** Walks every page with the given size; returns the pages' sizes and, through {@code into}, their items. */
    private static List<Integer> walk(Function<PageRequest, Page<UserId>> list, int limit, List<UserId> into) {
        List<Integer> sizes = new ArrayList<>();
        Page<UserId> page = list.apply(PageRequest.first(limit));
        while (true) {
            sizes.add(page.items().size());
            into.addAll(page.items());
            if (page.next().isEmpty() || sizes.size() > 100) {
                return sizes;
            }
            page = list.apply(PageRequest.after(page.next().get(), limit));
        }
    }

    @Test
    void eachUnfollowMovesItsFolloweesUnfollowCountAndNothingElseDoes() {
        FollowGraph graph = followGraph();
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();
        UserId cat = TestIds.userId();
        assertThat(graph.unfollowCounts(List.of(ann, ben, cat))).isEqualTo(Map.of(ann, 0L, ben, 0L, cat, 0L));

        graph.follow(ann, ben, AT);
        graph.follow(cat, ben, AT);
        graph.follow(ben, ann, AT);
        assertThat(graph.unfollowCounts(List.of(ann, ben))).as("follows move nothing").isEqualTo(Map.of(ann, 0L, ben, 0L));

        graph.unfollow(ann, ben);
        graph.unfollow(ann, ben);
        graph.follow(ann, ben, AT);
        graph.unfollow(cat, ben);
        assertThat(graph.unfollowCounts(List.of(ann, ben, cat)))
                .as("two unfollows of ben (a repeated one is no unfollow), none of ann or cat")
                .isEqualTo(Map.of(ann, 0L, ben, 2L, cat, 0L));
    }

    @Test
    void followIsIdempotentAndKeepsCountsExact() {
        FollowGraph graph = followGraph();
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();

        assertThat(graph.follow(ann, ben, AT)).isTrue();
        assertThat(graph.follow(ann, ben, AT.plusSeconds(1))).isFalse();

        assertThat(graph.counts(ben)).isEqualTo(new FollowCounts(1, 0));
        assertThat(graph.counts(ann)).isEqualTo(new FollowCounts(0, 1));
        assertThat(graph.isFollowing(ann, ben)).isTrue();
        assertThat(graph.isFollowing(ben, ann)).isFalse();
    }

    @Test
    void unfollowRemovesTheEdgeOnce() {
        FollowGraph graph = followGraph();
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();
        UserId cat = TestIds.userId();
        graph.follow(ann, ben, AT);
        graph.follow(cat, ben, AT);

        assertThat(graph.unfollow(ann, ben)).isTrue();
        assertThat(graph.counts(ben)).isEqualTo(new FollowCounts(1, 0));
        assertThat(graph.counts(ann)).isEqualTo(FollowCounts.ZERO);
        assertThat(graph.isFollowing(ann, ben)).isFalse();

        assertThat(graph.unfollow(ann, ben)).isFalse();
        assertThat(graph.counts(ben)).isEqualTo(new FollowCounts(1, 0));
        assertThat(graph.counts(ann)).isEqualTo(FollowCounts.ZERO);
        assertThat(graph.unfollow(ben, ann)).isFalse();
        assertThat(graph.counts(ben)).isEqualTo(new FollowCounts(1, 0));
    }

    @Test
    void followAfterUnfollowCountsAgain() {
        FollowGraph graph = followGraph();
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();
        graph.follow(ann, ben, AT);
        graph.unfollow(ann, ben);

        assertThat(graph.follow(ann, ben, AT.plusSeconds(60))).isTrue();

        assertThat(graph.counts(ben)).isEqualTo(new FollowCounts(1, 0));
        assertThat(graph.counts(ann)).isEqualTo(new FollowCounts(0, 1));
        assertThat(graph.isFollowing(ann, ben)).isTrue();
    }

    @Test
    void countsOfAUserWithNoEdgesAreZero() {
        FollowGraph graph = followGraph();
        UserId loner = TestIds.userId();

        assertThat(graph.counts(loner)).isEqualTo(FollowCounts.ZERO);
        assertThat(graph.following(loner, PageRequest.first(10))).isEqualTo(Page.last(List.of()));
        assertThat(graph.followers(loner, PageRequest.first(10))).isEqualTo(Page.last(List.of()));
    }

    @Test
    void countsAreKeptPerDirection() {
        FollowGraph graph = followGraph();
        UserId hub = TestIds.userId();
        List<UserId> fans = freshUsers(3);
        List<UserId> idols = freshUsers(2);
        fans.forEach(fan -> graph.follow(fan, hub, AT));
        idols.forEach(idol -> graph.follow(hub, idol, AT));
        graph.follow(idols.get(0), hub, AT);

        assertThat(graph.counts(hub)).isEqualTo(new FollowCounts(4, 2));
        assertThat(graph.counts(idols.get(0))).isEqualTo(new FollowCounts(1, 1));
        assertThat(graph.counts(fans.get(1))).isEqualTo(new FollowCounts(0, 1));
    }

    @Test
    void followedAmongReturnsExactlyTheFollowedSubset() {
        FollowGraph graph = followGraph();
        UserId reader = TestIds.userId();
        List<UserId> candidates = freshUsers(150);
        Set<UserId> followed = new HashSet<>();
        for (int i = 0; i < candidates.size(); i += 4) {
            followed.add(candidates.get(i));
        }
        followed.forEach(c -> graph.follow(reader, c, AT));
        // Edges that must not count: others following candidates, and candidates following the reader.
        UserId other = TestIds.userId();
        graph.follow(other, candidates.get(1), AT);
        graph.follow(candidates.get(2), reader, AT);
        List<UserId> asked = new ArrayList<>(candidates);
        Collections.shuffle(asked, new Random(150));

        Set<UserId> found = graph.followedAmong(reader, asked);

        assertThat(found).hasSize(38).isEqualTo(followed);
        assertThat(graph.followedAmong(reader, List.of())).isEmpty();
        assertThat(graph.followedAmong(other, candidates)).containsExactly(candidates.get(1));
    }

    @Test
    void followersAmongReturnsExactlyThoseFollowingNowPastOneBatch() {
        FollowGraph graph = followGraph();
        UserId author = TestIds.userId();
        List<UserId> candidates = freshUsers(150);
        Set<UserId> fans = new HashSet<>();
        for (int i = 0; i < candidates.size(); i += 3) {
            fans.add(candidates.get(i));
            graph.follow(candidates.get(i), author, AT);
        }
        // Edges that must not count: the author following a candidate, a candidate following another.
        graph.follow(author, candidates.get(1), AT);
        graph.follow(candidates.get(2), candidates.get(4), AT);
        UserId left = candidates.get(0);
        graph.unfollow(left, author);
        fans.remove(left);

        Set<UserId> found = graph.followersAmong(author, candidates);

        assertThat(found).hasSize(49).isEqualTo(fans);
        assertThat(graph.followersAmong(author, List.of())).isEmpty();
    }

    @Test
    void followingIsPagedInUserIdOrderWithoutGapsOrRepeats() {
        FollowGraph graph = followGraph();
        UserId reader = TestIds.userId();
        List<UserId> followees = freshUsers(25);
        List<UserId> shuffled = new ArrayList<>(followees);
        Collections.shuffle(shuffled, new Random(25));
        shuffled.forEach(f -> graph.follow(reader, f, AT));
        graph.follow(followees.get(3), reader, AT);

        List<UserId> seen = new ArrayList<>();
        List<Integer> sizes = walk(request -> graph.following(reader, request), 10, seen);

        assertThat(sizes).containsExactly(10, 10, 5);
        assertThat(seen).containsExactlyElementsOf(followees.stream().sorted().toList());
    }

    @Test
    void followersArePagedInUserIdOrderWithoutGapsOrRepeats() {
        FollowGraph graph = followGraph();
        UserId star = TestIds.userId();
        List<UserId> fans = freshUsers(25);
        List<UserId> shuffled = new ArrayList<>(fans);
        Collections.shuffle(shuffled, new Random(52));
        shuffled.forEach(f -> graph.follow(f, star, AT));
        graph.follow(star, fans.get(7), AT);

        List<UserId> seen = new ArrayList<>();
        List<Integer> sizes = walk(request -> graph.followers(star, request), 10, seen);

        assertThat(sizes).containsExactly(10, 10, 5);
        assertThat(seen).containsExactlyElementsOf(fans.stream().sorted().toList());
        assertThat(graph.counts(star)).isEqualTo(new FollowCounts(25, 1));
    }

    @Test
    void followerPagesAreThePagesOfFollowersReadOneByOne() {
        FollowGraph graph = followGraph();
        UserId star = TestIds.userId();
        List<UserId> fans = freshUsers(25);
        fans.forEach(f -> graph.follow(f, star, AT));
        graph.follow(star, fans.get(7), AT);
        graph.unfollow(fans.get(11), star);

        // 24 followers: pages of 3 are 8 pages, so runs of 3 are 3, 3 and 2; runs of 8 end in one.
        assertThat(PageRuns.readInRuns(request -> graph.followers(star, request),
                (first, pages) -> graph.followerPages(star, first, pages), 3, 3)).containsExactly(3, 3, 2);
        assertThat(PageRuns.readInRuns(request -> graph.followers(star, request),
                (first, pages) -> graph.followerPages(star, first, pages), 3, 8)).containsExactly(8);
        assertThat(PageRuns.readInRuns(request -> graph.followers(star, request),
                (first, pages) -> graph.followerPages(star, first, pages), 5, 2)).containsExactly(2, 2, 1);
        assertThat(graph.followerPages(TestIds.userId(), PageRequest.first(10), 4)).containsExactly(Page.last(List.of()));
    }

    @Test
    void followersAmongFindsCandidatesSpreadThinlyOverALongList() {
        FollowGraph graph = followGraph();
        UserId star = TestIds.userId();
        List<UserId> fans = freshUsers(300).stream().sorted().toList();
        fans.forEach(f -> graph.follow(f, star, AT));
        // One fan in fifty, the first and the last, and users who never followed, mixed in.
        List<UserId> candidates = new ArrayList<>();
        Set<UserId> expected = new HashSet<>();
        for (int i = 0; i < fans.size(); i += 50) {
            candidates.add(fans.get(i));
            expected.add(fans.get(i));
        }
        candidates.add(fans.getLast());
        expected.add(fans.getLast());
        candidates.addAll(freshUsers(5));

        assertThat(graph.followersAmong(star, candidates)).isEqualTo(expected);
    }

    @Test
    void pagesSkipUnfollowedUsers() {
        FollowGraph graph = followGraph();
        UserId reader = TestIds.userId();
        List<UserId> followees = freshUsers(6);
        followees.forEach(f -> graph.follow(reader, f, AT));
        graph.unfollow(reader, followees.get(2));

        List<UserId> seen = new ArrayList<>();
        walk(request -> graph.following(reader, request), 2, seen);

        assertThat(seen).containsExactly(followees.get(0), followees.get(1), followees.get(3), followees.get(4), followees.get(5));
    }

    @Test
    void concurrentFollowsOfOneFolloweeAreAllCounted() {
        FollowGraph graph = followGraph();
        UserId star = TestIds.userId();
        List<UserId> fans = freshUsers(30);

        List<Concurrently.Outcome<Boolean>> outcomes = Concurrently.run(fans.size(), i -> graph.follow(fans.get(i), star, AT));

        assertThat(outcomes).allSatisfy(o -> assertThat(o.error()).isNull());
        assertThat(outcomes).extracting(Concurrently.Outcome::value).containsOnly(true);
        assertThat(graph.counts(star)).isEqualTo(new FollowCounts(30, 0));
        assertThat(fans).allSatisfy(fan -> assertThat(graph.counts(fan)).isEqualTo(new FollowCounts(0, 1)));
        List<UserId> seen = new ArrayList<>();
        walk(request -> graph.followers(star, request), 100, seen);
        assertThat(seen).containsExactlyElementsOf(fans.stream().sorted().toList());
    }

    @Test
    void concurrentFollowsOfOneEdgeCountOnce() {
        FollowGraph graph = followGraph();
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();

        List<Concurrently.Outcome<Boolean>> outcomes = Concurrently.run(8, i -> graph.follow(ann, ben, AT));

        assertThat(outcomes).allSatisfy(o -> assertThat(o.error()).isNull());
        assertThat(outcomes).extracting(Concurrently.Outcome::value).containsOnlyOnce(true);
        assertThat(graph.counts(ben)).isEqualTo(new FollowCounts(1, 0));
        assertThat(graph.counts(ann)).isEqualTo(new FollowCounts(0, 1));
    }
}

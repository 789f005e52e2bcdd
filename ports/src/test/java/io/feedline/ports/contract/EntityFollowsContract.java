package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.EntityKind;
import io.feedline.ports.model.EntityRef;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.EntityFollows;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What every {@link EntityFollows} adapter must do: idempotent edges of any kind but user, with
 * exact counts, pages in key order, batch membership reads, and a sticky hot set. Each test uses
 * fresh users and fresh tag names.
 */
public abstract class EntityFollowsContract {

    /** The follows under test; called at most once per test. */
    protected abstract EntityFollows entityFollows();

    private static final Instant AT = Instant.parse("2024-01-02T03:04:05.678Z");

    /** A tag name no other test (or run) uses. */
    static Tag freshTag() {
        return new Tag("t_" + TestIds.userId().value().toLowerCase(Locale.ROOT));
    }

    @Test
    void followIsIdempotentAndKeepsCountsExact() {
        EntityFollows follows = entityFollows();
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();
        EntityRef tag = EntityRef.of(freshTag());

        assertThat(follows.follow(ann, tag, AT)).isTrue();
        assertThat(follows.follow(ann, tag, AT.plusSeconds(1))).isFalse();
        assertThat(follows.follow(ben, tag, AT)).isTrue();

        assertThat(follows.followerCount(tag)).isEqualTo(2);
        assertThat(follows.followingCount(ann, EntityKind.TAG)).isEqualTo(1);
        assertThat(follows.isFollowing(ann, tag)).isTrue();
        assertThat(follows.isFollowing(TestIds.userId(), tag)).isFalse();

        assertThat(follows.unfollow(ann, tag)).isTrue();
        assertThat(follows.unfollow(ann, tag)).isFalse();
        assertThat(follows.followerCount(tag)).isEqualTo(1);
        assertThat(follows.followingCount(ann, EntityKind.TAG)).isZero();
        assertThat(follows.isFollowing(ann, tag)).isFalse();
    }

    @Test
    void kindsAreSeparateAndUserEdgesAreRefused() {
        EntityFollows follows = entityFollows();
        UserId ann = TestIds.userId();
        String key = freshTag().value();
        EntityRef tag = new EntityRef(EntityKind.TAG, key);
        EntityRef city = new EntityRef(new EntityKind("city"), key);

        follows.follow(ann, tag, AT);

        assertThat(follows.isFollowing(ann, city)).isFalse();
        assertThat(follows.following(ann, new EntityKind("city"), PageRequest.first(10)).items()).isEmpty();
        assertThat(follows.follow(ann, city, AT)).isTrue();
        assertThat(follows.following(ann, EntityKind.TAG, PageRequest.first(10)).items()).containsExactly(tag);
        assertThat(follows.followerCount(city)).isEqualTo(1);
        assertThatThrownBy(() -> follows.follow(ann, EntityRef.of(TestIds.userId()), AT))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void followingAndFollowersPageInKeyOrder() {
        EntityFollows follows = entityFollows();
        UserId ann = TestIds.userId();
        List<EntityRef> tags = IntStream.range(0, 5).mapToObj(i -> EntityRef.of(freshTag())).toList();
        tags.reversed().forEach(tag -> follows.follow(ann, tag, AT));
        List<UserId> readers = IntStream.range(0, 5).mapToObj(i -> TestIds.userId()).toList();
        readers.reversed().forEach(reader -> follows.follow(reader, tags.getFirst(), AT));

        List<EntityRef> followed = new ArrayList<>();
        Page<EntityRef> page = follows.following(ann, EntityKind.TAG, PageRequest.first(2));
        followed.addAll(page.items());
        while (page.next().isPresent()) {
            page = follows.following(ann, EntityKind.TAG, PageRequest.after(page.next().get(), 2));
            followed.addAll(page.items());
        }
        assertThat(followed).containsExactlyElementsOf(tags);

        List<UserId> followers = new ArrayList<>();
        Page<UserId> users = follows.followers(tags.getFirst(), PageRequest.first(3));
        followers.addAll(users.items());
        while (users.next().isPresent()) {
            users = follows.followers(tags.getFirst(), PageRequest.after(users.next().get(), 3));
            followers.addAll(users.items());
        }
        List<UserId> expected = new ArrayList<>(List.of(ann));
        expected.addAll(readers);
        assertThat(followers).containsExactlyElementsOf(expected);
    }

    @Test
    void membershipIsReadInBatchesAndFollowsUnfollows() {
        EntityFollows follows = entityFollows();
        UserId ann = TestIds.userId();
        EntityRef tag = EntityRef.of(freshTag());
        List<UserId> readers = IntStream.range(0, 130).mapToObj(i -> TestIds.userId()).toList();
        for (int i = 0; i < readers.size(); i += 2) {
            follows.follow(readers.get(i), tag, AT);
        }
        follows.unfollow(readers.get(4), tag);

        assertThat(follows.followersAmong(tag, readers))
                .hasSize(64)
                .doesNotContain(readers.get(1), readers.get(4))
                .contains(readers.get(0), readers.get(128));

        List<EntityRef> tags = IntStream.range(0, 120).mapToObj(i -> EntityRef.of(freshTag())).toList();
        follows.follow(ann, tags.get(3), AT);
        follows.follow(ann, tags.get(110), AT);
        assertThat(follows.followedAmong(ann, tags)).containsExactlyInAnyOrder(tags.get(3), tags.get(110));
        assertThat(follows.followedAmong(ann, List.of())).isEmpty();
    }

    @Test
    void followerPagesAreThePagesOfFollowersReadOneByOne() {
        EntityFollows follows = entityFollows();
        EntityRef tag = EntityRef.of(freshTag());
        List<UserId> readers = IntStream.range(0, 23).mapToObj(i -> TestIds.userId()).toList();
        readers.forEach(reader -> follows.follow(reader, tag, AT));
        follows.unfollow(readers.get(5), tag);

        // 22 followers: pages of 4 are 6 pages, so runs of 4 are 4 and 2.
        assertThat(PageRuns.readInRuns(request -> follows.followers(tag, request),
                (first, pages) -> follows.followerPages(tag, first, pages), 4, 4)).containsExactly(4, 2);
        assertThat(PageRuns.readInRuns(request -> follows.followers(tag, request),
                (first, pages) -> follows.followerPages(tag, first, pages), 2, 11)).containsExactly(11);
        assertThat(follows.followerPages(EntityRef.of(freshTag()), PageRequest.first(10), 3)).containsExactly(Page.last(List.of()));
    }

    @Test
    void followersAmongFindsCandidatesSpreadThinlyOverALongList() {
        EntityFollows follows = entityFollows();
        EntityRef tag = EntityRef.of(freshTag());
        List<UserId> readers = IntStream.range(0, 300).mapToObj(i -> TestIds.userId()).sorted().toList();
        readers.forEach(reader -> follows.follow(reader, tag, AT));
        follows.unfollow(readers.get(100), tag);
        List<UserId> candidates = new ArrayList<>();
        for (int i = 0; i < readers.size(); i += 50) {
            candidates.add(readers.get(i));
        }
        candidates.add(readers.getLast());
        candidates.add(TestIds.userId());

        List<UserId> expected = new ArrayList<>(candidates.subList(0, candidates.size() - 1));
        expected.remove(readers.get(100));
        assertThat(follows.followersAmong(tag, candidates)).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void hotEntitiesAreStickyAndByKind() {
        EntityFollows follows = entityFollows();
        EntityRef tag = EntityRef.of(freshTag());
        EntityRef city = new EntityRef(new EntityKind("city"), freshTag().value());

        assertThat(follows.hot(EntityKind.TAG)).doesNotContain(tag);
        follows.markHot(tag);
        follows.markHot(tag);
        follows.markHot(city);

        assertThat(follows.hot(EntityKind.TAG)).contains(tag).doesNotContain(city);
        assertThat(follows.hot(new EntityKind("city"))).contains(city);
    }
}

package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.TagUse;
import io.feedline.ports.model.Trending;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What every {@link io.feedline.ports.out.TagIndex} adapter must do: a tagged post is listed
 * under each of its tags from its publish to its delete, newest first; uses are counted per hour
 * and ever; names are found by prefix; the ranking is stored and read back. Each test uses fresh
 * tag names.
 */
public abstract class TagIndexContract {

    /** The store under test; called at most once per test. */
    protected abstract TaggedPosts taggedPosts();

    private static final Instant AT = Instant.parse("2026-03-04T05:06:07.891Z");

    private static Post tagged(UserId author, Instant at, Tag... tags) {
        return new Post(TestIds.postIdAt(at), author, TestIds.username(), PostText.of("tagged"), at, 0)
                .tagged(List.of(tags));
    }

    @Test
    void aTaggedPostIsListedUnderEachTagNewestFirstUntilDeleted() {
        TaggedPosts store = taggedPosts();
        Tag java = EntityFollowsContract.freshTag();
        Tag rust = EntityFollowsContract.freshTag();
        UserId author = TestIds.userId();
        List<Post> posts = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Post post = i % 2 == 0 ? tagged(author, AT.plusMillis(i), java, rust) : tagged(author, AT.plusMillis(i), java);
            store.posts().publish(post, Optional.empty());
            posts.add(post);
        }

        assertThat(store.tags().posts(java, Optional.empty(), 10))
                .containsExactly(posts.get(4).ref(), posts.get(3).ref(), posts.get(2).ref(), posts.get(1).ref(), posts.get(0).ref());
        assertThat(store.tags().posts(rust, Optional.empty(), 10)).containsExactly(posts.get(4).ref(), posts.get(2).ref(), posts.get(0).ref());
        assertThat(store.tags().posts(java, Optional.of(posts.get(3).id()), 2)).containsExactly(posts.get(2).ref(), posts.get(1).ref());
        assertThat(store.posts().get(posts.get(2).ref()).orElseThrow().tags()).containsExactly(java, rust);

        store.posts().delete(posts.get(2).ref(), List.of());
        assertThat(store.tags().posts(rust, Optional.empty(), 10)).containsExactly(posts.get(4).ref(), posts.get(0).ref());
        assertThat(store.tags().posts(EntityFollowsContract.freshTag(), Optional.empty(), 10)).isEmpty();
    }

    @Test
    void usesAreCountedPerHourAndEver() {
        TaggedPosts store = taggedPosts();
        Tag tag = EntityFollowsContract.freshTag();
        Instant hour = Instant.parse("2031-01-01T10:00:00Z").plus(TestIds.userId().value().hashCode() & 0xFFFF, ChronoUnit.HOURS);
        store.tags().recordUse(tag, hour.plusSeconds(5));
        store.tags().recordUse(tag, hour.plusSeconds(3000));
        store.tags().recordUse(tag, hour.plusSeconds(3700));

        assertThat(store.tags().usesInHour(hour.plusSeconds(10), 1000)).contains(new TagUse(tag, 2));
        assertThat(store.tags().usesInHour(hour.plusSeconds(3600), 1000)).contains(new TagUse(tag, 1));
        assertThat(store.tags().uses(tag)).isEqualTo(3);
        assertThat(store.tags().uses(EntityFollowsContract.freshTag())).isZero();
    }

    @Test
    void namesAreFoundByPrefixInNameOrder() {
        TaggedPosts store = taggedPosts();
        String stem = EntityFollowsContract.freshTag().value();
        Tag a = new Tag(stem + "a");
        Tag ab = new Tag(stem + "ab");
        Tag b = new Tag(stem + "b");
        store.tags().recordUse(b, AT);
        store.tags().recordUse(ab, AT);
        store.tags().recordUse(ab, AT);
        store.tags().recordUse(a, AT);

        assertThat(store.tags().byPrefix(stem, 100)).containsExactly(new TagUse(a, 1), new TagUse(ab, 2), new TagUse(b, 1));
        assertThat(store.tags().byPrefix(stem + "a", 100)).containsExactly(new TagUse(a, 1), new TagUse(ab, 2));
        assertThat(store.tags().byPrefix(stem, 1)).hasSize(1);
        assertThat(store.tags().byPrefix(stem + "zz", 100)).isEmpty();
    }

    @Test
    void unicodeNamesKeepTheirBucket() {
        TaggedPosts store = taggedPosts();
        String stem = "é" + EntityFollowsContract.freshTag().value();
        Tag tag = Tag.of(stem + "_café");
        store.tags().recordUse(tag, AT);
        assertThat(store.tags().byPrefix(stem, 100)).containsExactly(new TagUse(tag, 1));
    }

    @Test
    void theRankingIsStoredAndReadBack() {
        TaggedPosts store = taggedPosts();
        Tag one = EntityFollowsContract.freshTag();
        Tag two = EntityFollowsContract.freshTag();
        Trending ranking = new Trending(List.of(new TagUse(one, 9), new TagUse(two, 4)), AT.truncatedTo(ChronoUnit.MILLIS));
        store.tags().storeTrending(ranking);
        assertThat(store.tags().trending()).isEqualTo(ranking);
    }

    @Test
    void aPostIdSortsTheTagPage() {
        TaggedPosts store = taggedPosts();
        Tag tag = EntityFollowsContract.freshTag();
        UserId author = TestIds.userId();
        PostId older = TestIds.postIdAt(AT);
        PostId newer = TestIds.postIdAt(AT.plusSeconds(1));
        store.posts().publish(new Post(newer, author, Username.of("someone"), PostText.of("x"), AT.plusSeconds(1), 0).tagged(List.of(tag)),
                Optional.empty());
        store.posts().publish(new Post(older, author, Username.of("someone"), PostText.of("x"), AT, 0).tagged(List.of(tag)),
                Optional.empty());
        assertThat(store.tags().posts(tag, Optional.empty(), 1)).containsExactly(new PostRef(newer, author));
    }
}

package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FeedItems;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** What every {@link FeedItems} store must do. Each test writes the feeds of fresh readers. */
public abstract class FeedItemsContract {

    /** The feed items under test; called at most once per test. */
    protected abstract FeedItems feedItems();

    private static List<PostRef> freshRefs(UserId author, int n) {
        return IntStream.range(0, n).mapToObj(i -> new PostRef(TestIds.postId(), author)).toList();
    }

    private static List<Delivery> to(UserId reader, List<PostRef> refs) {
        return refs.stream().map(ref -> new Delivery(reader, ref)).toList();
    }

    private static List<PostRef> newestFirst(List<PostRef> refs) {
        return refs.stream().sorted().toList();
    }

    private static <T> List<T> shuffled(List<T> items, long seed) {
        List<T> copy = new ArrayList<>(items);
        Collections.shuffle(copy, new Random(seed));
        return copy;
    }

    @Test
    void appendedEntriesOfSeveralReadersPageNewestFirst() {
        FeedItems feeds = feedItems();
        List<UserId> readers = List.of(TestIds.userId(), TestIds.userId(), TestIds.userId());
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();
        List<List<PostRef>> perReader = new ArrayList<>();
        List<Delivery> deliveries = new ArrayList<>();
        for (UserId reader : readers) {
            List<PostRef> refs = new ArrayList<>(freshRefs(ann, 10));
            refs.addAll(freshRefs(ben, 10));
            perReader.add(refs);
            deliveries.addAll(to(reader, refs));
        }

        feeds.append(shuffled(deliveries, 60));

        assertThat(deliveries).hasSize(60);
        for (int r = 0; r < readers.size(); r++) {
            assertThat(feeds.page(readers.get(r), Optional.empty(), 100))
                    .containsExactlyElementsOf(newestFirst(perReader.get(r)));
        }
    }

    @Test
    void pagesAreStrictlyBeforeTheCursorAndRespectTheLimit() {
        FeedItems feeds = feedItems();
        UserId reader = TestIds.userId();
        List<PostRef> refs = freshRefs(TestIds.userId(), 17);
        feeds.append(to(reader, shuffled(refs, 17)));
        List<PostRef> expected = newestFirst(refs);

        List<PostRef> seen = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        Optional<PostId> before = Optional.empty();
        for (int i = 0; i < 10; i++) {
            List<PostRef> page = feeds.page(reader, before, 7);
            sizes.add(page.size());
            if (page.isEmpty()) {
                break;
            }
            seen.addAll(page);
            before = Optional.of(page.get(page.size() - 1).postId());
        }

        assertThat(sizes).containsExactly(7, 7, 3, 0);
        assertThat(seen).containsExactlyElementsOf(expected);
        assertThat(feeds.page(reader, Optional.of(expected.get(5).postId()), 2))
                .containsExactly(expected.get(6), expected.get(7));
        assertThat(feeds.page(reader, Optional.of(TestIds.postId()), 1)).containsExactly(expected.get(0));
    }

    @Test
    void entriesOfOneMillisecondKeepPostIdOrder() {
        FeedItems feeds = feedItems();
        UserId reader = TestIds.userId();
        Instant instant = Instant.now();
        List<PostRef> refs = IntStream.range(0, 6)
                .mapToObj(i -> new PostRef(TestIds.postIdAt(instant), TestIds.userId())).toList();
        feeds.append(to(reader, refs));
        List<PostRef> expected = newestFirst(refs);

        assertThat(feeds.page(reader, Optional.empty(), 10)).containsExactlyElementsOf(expected);
        assertThat(feeds.page(reader, Optional.of(expected.get(2).postId()), 10))
                .containsExactlyElementsOf(expected.subList(3, 6));
    }

    @Test
    void reappendingAddsNoDuplicate() {
        FeedItems feeds = feedItems();
        UserId reader = TestIds.userId();
        List<PostRef> refs = freshRefs(TestIds.userId(), 30);
        feeds.append(to(reader, refs));

        feeds.append(to(reader, shuffled(refs, 30)));
        feeds.append(to(reader, refs.subList(5, 9)));

        assertThat(feeds.page(reader, Optional.empty(), 100)).containsExactlyElementsOf(newestFirst(refs));
    }

    @Test
    void readersAreIsolated() {
        FeedItems feeds = feedItems();
        UserId ann = TestIds.userId();
        UserId ben = TestIds.userId();
        List<PostRef> annRefs = freshRefs(TestIds.userId(), 3);
        List<PostRef> benRefs = freshRefs(TestIds.userId(), 2);
        feeds.append(to(ann, annRefs));
        feeds.append(to(ben, benRefs));

        assertThat(feeds.page(ann, Optional.empty(), 10)).containsExactlyElementsOf(newestFirst(annRefs));
        assertThat(feeds.page(ben, Optional.empty(), 10)).containsExactlyElementsOf(newestFirst(benRefs));
        assertThat(feeds.page(TestIds.userId(), Optional.empty(), 10)).isEmpty();
    }

    @Test
    void emptyAppendWritesNothing() {
        FeedItems feeds = feedItems();
        UserId reader = TestIds.userId();

        feeds.append(List.of());

        assertThat(feeds.page(reader, Optional.empty(), 10)).isEmpty();
    }

    @Test
    void removeDropsOnePostFromOneReader() {
        FeedItems feeds = feedItems();
        UserId reader = TestIds.userId();
        UserId other = TestIds.userId();
        List<PostRef> refs = freshRefs(TestIds.userId(), 4);
        feeds.append(to(reader, refs));
        feeds.append(to(other, refs));

        feeds.remove(List.of(new Delivery(reader, refs.get(1))));
        feeds.remove(List.of(new Delivery(reader, refs.get(1)), new Delivery(reader, new PostRef(TestIds.postId(), TestIds.userId()))));

        assertThat(feeds.page(reader, Optional.empty(), 10))
                .containsExactlyElementsOf(newestFirst(List.of(refs.get(0), refs.get(2), refs.get(3))));
        assertThat(feeds.page(other, Optional.empty(), 10)).containsExactlyElementsOf(newestFirst(refs));
    }

    @Test
    void removeTakesOnePostOutOfManyFeedsPastOneBatch() {
        FeedItems feeds = feedItems();
        PostRef doomed = new PostRef(TestIds.postId(), TestIds.userId());
        PostRef kept = new PostRef(TestIds.postId(), TestIds.userId());
        List<UserId> readers = java.util.stream.IntStream.range(0, 60).mapToObj(i -> TestIds.userId()).toList();
        feeds.append(readers.stream().flatMap(r -> java.util.stream.Stream.of(new Delivery(r, doomed), new Delivery(r, kept))).toList());

        feeds.remove(readers.stream().map(r -> new Delivery(r, doomed)).toList());

        for (UserId reader : readers) {
            assertThat(feeds.page(reader, Optional.empty(), 10)).containsExactly(kept);
        }
    }
}

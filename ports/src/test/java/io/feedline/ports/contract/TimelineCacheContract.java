package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.TimelineCache;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What every {@link TimelineCache} must do. Each test writes the windows of fresh readers, and
 * stays below any cap an adapter could sensibly have (a few dozen entries per reader). Most tests
 * start from a whole window ({@link #wholeWindow}), as a reader's first read leaves one: adds to a
 * reader without one make a part, which reads as missing until a rebuild merges it.
 */
public abstract class TimelineCacheContract {

    /** The cache under test; called at most once per test. */
    protected abstract TimelineCache timelineCache();

    static List<PostRef> freshRefs(UserId author, int n) {
        return IntStream.range(0, n).mapToObj(i -> new PostRef(TestIds.postId(), author)).toList();
    }

    static List<Delivery> to(UserId reader, List<PostRef> refs) {
        return refs.stream().map(ref -> new Delivery(reader, ref)).toList();
    }

    static List<PostRef> newestFirst(List<PostRef> refs) {
        return refs.stream().sorted().toList();
    }

    static <T> List<T> shuffled(List<T> items, long seed) {
        List<T> copy = new ArrayList<>(items);
        Collections.shuffle(copy, new Random(seed));
        return copy;
    }

    static Optional<List<PostRef>> window(TimelineCache cache, UserId reader) {
        return cache.range(reader, Optional.empty(), 100);
    }

    /** A fresh reader with a whole, empty window, as a rebuild from an empty durable feed leaves. */
    static UserId wholeWindow(TimelineCache cache) {
        UserId reader = TestIds.userId();
        String token = cache.beginRebuild(reader);
        assertThat(cache.completeRebuild(reader, List.of(), token)).isTrue();
        return reader;
    }

    @Test
    void neverWrittenReaderHasNoWindow() {
        TimelineCache cache = timelineCache();
        UserId reader = TestIds.userId();

        assertThat(cache.range(reader, Optional.empty(), 10)).isEmpty();
        assertThat(cache.range(reader, Optional.of(TestIds.postId()), 10)).isEmpty();
    }

    @Test
    void addedEntriesReadNewestFirst() {
        TimelineCache cache = timelineCache();
        UserId reader = wholeWindow(cache);
        List<PostRef> refs = freshRefs(TestIds.userId(), 5);

        cache.add(to(reader, refs));

        assertThat(window(cache, reader)).contains(newestFirst(refs));
        assertThat(cache.range(reader, Optional.empty(), 2)).contains(newestFirst(refs).subList(0, 2));
    }

    @Test
    void entriesAddedOutOfOrderReadInPostIdOrder() {
        TimelineCache cache = timelineCache();
        UserId reader = wholeWindow(cache);
        List<PostRef> refs = new ArrayList<>(freshRefs(TestIds.userId(), 12));
        refs.addAll(freshRefs(TestIds.userId(), 8));
        List<PostRef> arrival = shuffled(refs, 20);

        cache.add(to(reader, arrival.subList(0, 7)));
        for (PostRef ref : arrival.subList(7, 20)) {
            cache.add(List.of(new Delivery(reader, ref)));
        }

        assertThat(window(cache, reader)).contains(newestFirst(refs));
    }

    @Test
    void entriesOfOneMillisecondKeepPostIdOrder() {
        TimelineCache cache = timelineCache();
        UserId reader = wholeWindow(cache);
        Instant instant = Instant.now();
        List<PostRef> refs = IntStream.range(0, 6)
                .mapToObj(i -> new PostRef(TestIds.postIdAt(instant), TestIds.userId())).toList();
        List<PostRef> expected = newestFirst(refs);

        cache.add(to(reader, shuffled(refs, 6)));

        assertThat(window(cache, reader)).contains(expected);
        assertThat(cache.range(reader, Optional.of(expected.get(2).postId()), 10)).contains(expected.subList(3, 6));
    }

    @Test
    void replayedAddAddsNoDuplicate() {
        TimelineCache cache = timelineCache();
        UserId reader = wholeWindow(cache);
        List<PostRef> refs = freshRefs(TestIds.userId(), 6);
        cache.add(to(reader, refs));

        cache.add(to(reader, refs));
        cache.add(to(reader, shuffled(refs, 6).subList(0, 3)));

        assertThat(window(cache, reader)).contains(newestFirst(refs));
    }

    @Test
    void rangeIsStrictlyBeforeTheCursorAndRespectsTheLimit() {
        TimelineCache cache = timelineCache();
        UserId reader = wholeWindow(cache);
        List<PostRef> refs = freshRefs(TestIds.userId(), 9);
        cache.add(to(reader, refs));
        List<PostRef> expected = newestFirst(refs);

        assertThat(cache.range(reader, Optional.of(expected.get(2).postId()), 4)).contains(expected.subList(3, 7));
        assertThat(cache.range(reader, Optional.of(expected.get(6).postId()), 4)).contains(expected.subList(7, 9));
        assertThat(cache.range(reader, Optional.of(expected.get(8).postId()), 4)).contains(List.of());
        assertThat(cache.range(reader, Optional.of(TestIds.postId()), 1)).contains(List.of(expected.get(0)));
    }

    @Test
    void addingToSeveralReadersInOneCallKeepsThemApart() {
        TimelineCache cache = timelineCache();
        UserId ann = wholeWindow(cache);
        UserId ben = wholeWindow(cache);
        List<PostRef> shared = freshRefs(TestIds.userId(), 3);
        List<PostRef> annOnly = freshRefs(TestIds.userId(), 2);
        List<Delivery> deliveries = new ArrayList<>(to(ann, shared));
        deliveries.addAll(to(ben, shared));
        deliveries.addAll(to(ann, annOnly));

        cache.add(shuffled(deliveries, 8));

        List<PostRef> annAll = new ArrayList<>(shared);
        annAll.addAll(annOnly);
        assertThat(window(cache, ann)).contains(newestFirst(annAll));
        assertThat(window(cache, ben)).contains(newestFirst(shared));
        assertThat(window(cache, TestIds.userId())).isEmpty();
    }

    @Test
    void removeDropsOneEntry() {
        TimelineCache cache = timelineCache();
        UserId reader = wholeWindow(cache);
        UserId other = wholeWindow(cache);
        List<PostRef> refs = freshRefs(TestIds.userId(), 4);
        cache.add(to(reader, refs));
        cache.add(to(other, refs));

        cache.remove(reader, refs.get(2).postId());
        cache.remove(reader, refs.get(2).postId());
        cache.remove(reader, TestIds.postId());

        assertThat(window(cache, reader)).contains(newestFirst(List.of(refs.get(0), refs.get(1), refs.get(3))));
        assertThat(window(cache, other)).contains(newestFirst(refs));
    }

    @Test
    void removingFromAMissingWindowCreatesNone() {
        TimelineCache cache = timelineCache();
        UserId reader = TestIds.userId();

        cache.remove(reader, TestIds.postId());
        cache.removeAuthor(reader, TestIds.userId());

        assertThat(window(cache, reader)).isEmpty();
    }

    @Test
    void removeAuthorDropsOnlyThatAuthor() {
        TimelineCache cache = timelineCache();
        UserId reader = wholeWindow(cache);
        UserId other = wholeWindow(cache);
        UserId gone = TestIds.userId();
        List<PostRef> goneRefs = freshRefs(gone, 7);
        List<PostRef> stayRefs = freshRefs(TestIds.userId(), 5);
        List<PostRef> all = new ArrayList<>(goneRefs);
        all.addAll(stayRefs);
        cache.add(to(reader, shuffled(all, 12)));
        cache.add(to(other, goneRefs));

        cache.removeAuthor(reader, gone);

        assertThat(window(cache, reader)).contains(newestFirst(stayRefs));
        assertThat(window(cache, other)).contains(newestFirst(goneRefs));
    }

    @Test
    void replaceSwapsTheWholeWindow() {
        TimelineCache cache = timelineCache();
        UserId reader = wholeWindow(cache);
        cache.add(to(reader, freshRefs(TestIds.userId(), 5)));
        List<PostRef> rebuilt = newestFirst(freshRefs(TestIds.userId(), 8));

        cache.replace(reader, rebuilt);

        assertThat(window(cache, reader)).contains(rebuilt);
    }

    @Test
    void aRebuildThatNothingRacedWritesTheWindow() {
        TimelineCache cache = timelineCache();
        UserId reader = TestIds.userId();
        List<PostRef> rebuilt = newestFirst(freshRefs(TestIds.userId(), 4));

        String token = cache.beginRebuild(reader);

        assertThat(cache.completeRebuild(reader, rebuilt, token)).isTrue();
        assertThat(window(cache, reader)).contains(rebuilt);
    }

    /** A reader whose durable feed is empty gets a window all the same, which later adds fill. */
    @Test
    void aRebuildOfAnEmptyPageLeavesAnEmptyWholeWindow() {
        TimelineCache cache = timelineCache();
        UserId reader = TestIds.userId();
        String token = cache.beginRebuild(reader);

        assertThat(cache.completeRebuild(reader, List.of(), token)).isTrue();
        assertThat(window(cache, reader)).contains(List.of());

        List<PostRef> added = freshRefs(TestIds.userId(), 2);
        cache.add(to(reader, added));
        assertThat(window(cache, reader)).contains(newestFirst(added));
    }

    /**
     * Adds to a reader without a window start no window a read would trust: the window's older
     * entries (or the durable feed's) are not in it, and fan-outs finish in any order, so an entry
     * older than the newest missing one would hide it.
     */
    @Test
    void addsToAReaderWithoutAWindowReadAsMissingUntilARebuildMergesThem() {
        TimelineCache cache = timelineCache();
        UserId reader = TestIds.userId();
        List<PostRef> added = freshRefs(TestIds.userId(), 3);

        cache.add(to(reader, added));
        assertThat(window(cache, reader)).isEmpty();
        assertThat(cache.range(reader, Optional.of(TestIds.postId()), 10)).isEmpty();

        List<PostRef> durablePage = freshRefs(TestIds.userId(), 2);
        String token = cache.beginRebuild(reader);
        assertThat(cache.completeRebuild(reader, durablePage, token)).isTrue();
        List<PostRef> all = new ArrayList<>(added);
        all.addAll(durablePage);
        assertThat(window(cache, reader)).contains(newestFirst(all));
    }

    /**
     * The gap this closes: a window is dropped (a follow's backfill, a failed write, or lost by the
     * engine), then the fan-out of an older post lands before that of a newer one. Were the older
     * post's add to begin a window, a read would trust it and skip the newer post.
     */
    @Test
    void anAddAfterAnEvictionIsNotTrustedUntilRebuilt() {
        TimelineCache cache = timelineCache();
        UserId reader = wholeWindow(cache);
        List<PostRef> refs = newestFirst(freshRefs(TestIds.userId(), 3));
        PostRef newer = refs.get(0);
        PostRef older = refs.get(2);
        cache.add(to(reader, List.of(refs.get(1))));
        cache.evict(reader);

        cache.add(to(reader, List.of(older)));
        assertThat(window(cache, reader)).isEmpty();

        // Windows are written before the durable feed: the page read holds the newer post, not yet the older.
        String token = cache.beginRebuild(reader);
        assertThat(cache.completeRebuild(reader, List.of(newer, refs.get(1)), token)).isTrue();
        assertThat(window(cache, reader)).contains(refs);
    }

    /** The fan-out of a newer post lands between the rebuild's durable read and its write: it is kept. */
    @Test
    void aRebuildRacedByAnAddMergesTheAddedEntry() {
        TimelineCache cache = timelineCache();
        UserId reader = TestIds.userId();
        List<PostRef> durablePage = freshRefs(TestIds.userId(), 4);
        String token = cache.beginRebuild(reader);
        List<PostRef> fannedOut = freshRefs(TestIds.userId(), 1);
        cache.add(to(reader, fannedOut));

        assertThat(cache.completeRebuild(reader, newestFirst(durablePage), token)).isTrue();

        List<PostRef> all = new ArrayList<>(durablePage);
        all.addAll(fannedOut);
        assertThat(window(cache, reader)).contains(newestFirst(all));
    }

    /** An unfollow's purge lands between the rebuild's durable read (which still held the author) and its write. */
    @Test
    void aRebuildRacedByARemovalDoesNotBringTheRemovedEntriesBack() {
        TimelineCache cache = timelineCache();
        UserId reader = TestIds.userId();
        UserId unfollowed = TestIds.userId();
        List<PostRef> durablePage = newestFirst(freshRefs(unfollowed, 3));
        String token = cache.beginRebuild(reader);
        cache.removeAuthor(reader, unfollowed);

        assertThat(cache.completeRebuild(reader, durablePage, token)).isFalse();

        assertThat(window(cache, reader)).isEmpty();
    }

    @Test
    void aRebuildRacedByADeletedPostsRemovalOrAnEvictionOrAnotherRebuildDoesNotWrite() {
        TimelineCache cache = timelineCache();
        UserId reader = TestIds.userId();
        List<PostRef> durablePage = newestFirst(freshRefs(TestIds.userId(), 3));

        String first = cache.beginRebuild(reader);
        cache.remove(reader, durablePage.getFirst().postId());
        assertThat(cache.completeRebuild(reader, durablePage, first)).isFalse();

        String second = cache.beginRebuild(reader);
        cache.evict(reader);
        assertThat(cache.completeRebuild(reader, durablePage, second)).isFalse();

        String third = cache.beginRebuild(reader);
        String fourth = cache.beginRebuild(reader);
        assertThat(cache.completeRebuild(reader, durablePage, third)).isFalse();
        assertThat(window(cache, reader)).isEmpty();
        assertThat(cache.completeRebuild(reader, durablePage, fourth)).isTrue();
        assertThat(window(cache, reader)).contains(durablePage);
    }

    /** A part's entries a removal took out stay out of the window the rebuild makes. */
    @Test
    void removalsReachAPart() {
        TimelineCache cache = timelineCache();
        UserId reader = TestIds.userId();
        UserId unfollowed = TestIds.userId();
        List<PostRef> kept = freshRefs(TestIds.userId(), 2);
        List<PostRef> deleted = freshRefs(TestIds.userId(), 1);
        cache.add(to(reader, kept));
        cache.add(to(reader, deleted));
        cache.add(to(reader, freshRefs(unfollowed, 2)));

        cache.remove(reader, deleted.getFirst().postId());
        cache.removeAuthor(reader, unfollowed);

        String token = cache.beginRebuild(reader);
        assertThat(cache.completeRebuild(reader, List.of(), token)).isTrue();
        assertThat(window(cache, reader)).contains(newestFirst(kept));
    }

    @Test
    void aRebuildOfOneReaderIgnoresWritesToAnother() {
        TimelineCache cache = timelineCache();
        UserId reader = TestIds.userId();
        UserId other = wholeWindow(cache);
        List<PostRef> durablePage = newestFirst(freshRefs(TestIds.userId(), 2));
        String token = cache.beginRebuild(reader);
        cache.add(to(other, freshRefs(TestIds.userId(), 1)));
        cache.removeAuthor(other, TestIds.userId());

        assertThat(cache.completeRebuild(reader, durablePage, token)).isTrue();
        assertThat(window(cache, reader)).contains(durablePage);
    }

    @Test
    void aRebuildOverAWholeWindowDoesNotWrite() {
        TimelineCache cache = timelineCache();
        UserId reader = TestIds.userId();
        String token = cache.beginRebuild(reader);
        List<PostRef> replaced = newestFirst(freshRefs(TestIds.userId(), 2));
        cache.replace(reader, replaced);

        assertThat(cache.completeRebuild(reader, freshRefs(TestIds.userId(), 3), token)).isFalse();
        assertThat(window(cache, reader)).contains(replaced);
    }

    @Test
    void replaceOnAMissingWindowCreatesIt() {
        TimelineCache cache = timelineCache();
        UserId reader = TestIds.userId();
        List<PostRef> rebuilt = newestFirst(freshRefs(TestIds.userId(), 3));

        cache.replace(reader, rebuilt);

        assertThat(window(cache, reader)).contains(rebuilt);
    }

    @Test
    void replaceWithNothingLeavesAnEmptyWholeWindow() {
        TimelineCache cache = timelineCache();
        UserId reader = wholeWindow(cache);
        cache.add(to(reader, freshRefs(TestIds.userId(), 3)));

        cache.replace(reader, List.of());

        assertThat(window(cache, reader)).contains(List.of());
    }

    @Test
    void evictDropsTheWindow() {
        TimelineCache cache = timelineCache();
        UserId reader = wholeWindow(cache);
        UserId other = wholeWindow(cache);
        cache.add(to(reader, freshRefs(TestIds.userId(), 3)));
        List<PostRef> otherRefs = freshRefs(TestIds.userId(), 2);
        cache.add(to(other, otherRefs));

        cache.evict(reader);
        cache.evict(reader);

        assertThat(window(cache, reader)).isEmpty();
        assertThat(window(cache, other)).contains(newestFirst(otherRefs));
    }

    @Test
    void removingEveryEntryLeavesTheWindowWholeAndEmpty() {
        TimelineCache cache = timelineCache();
        UserId reader = wholeWindow(cache);
        UserId author = TestIds.userId();
        List<PostRef> refs = freshRefs(author, 2);
        cache.add(to(reader, refs));

        cache.remove(reader, refs.get(0).postId());
        cache.removeAuthor(reader, author);

        assertThat(window(cache, reader)).contains(List.of());
    }
}

package io.feedline.adapter.memory;

import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * One reader's window: at most the cap's newest entries, one per post, sorted newest first by post
 * id. Immutable: every change returns a new window.
 *
 * <p>A window is whole, or a part: what was added while the reader had no whole window, which is
 * not read until a rebuild has merged the durable feed into it (see
 * {@link io.feedline.ports.out.TimelineCache}). A whole window may be empty; an emptied part is
 * null, no part at all.
 */
final class Window {
    private final PostRef[] newestFirst;
    private final boolean whole;

    private Window(PostRef[] newestFirst, boolean whole) {
        this.newestFirst = newestFirst;
        this.whole = whole;
    }

    /**
     * {@code current} with {@code additions}, in post-id order, without duplicates and cut to the
     * newest {@code cap}; a whole window stays whole, and a part (or null, for none) stays a part.
     */
    static Window merge(Window current, List<PostRef> additions, int cap) {
        return merge(current, additions, cap, current != null && current.whole);
    }

    /** {@code current} (which may be null, or a part) with the durable feed's {@code entries}: whole. */
    static Window rebuilt(Window current, List<PostRef> entries, int cap) {
        return merge(current, entries, cap, true);
    }

    boolean whole() {
        return whole;
    }

    private static Window merge(Window current, List<PostRef> additions, int cap, boolean whole) {
        PostRef[] incoming = additions.stream().sorted().toArray(PostRef[]::new);
        PostRef[] existing = current == null ? new PostRef[0] : current.newestFirst;
        List<PostRef> merged = new ArrayList<>(Math.min(cap, existing.length + incoming.length));
        int i = 0;
        int j = 0;
        while (merged.size() < cap && (i < existing.length || j < incoming.length)) {
            PostRef next;
            if (j >= incoming.length || (i < existing.length && existing[i].compareTo(incoming[j]) <= 0)) {
                next = existing[i++];
            } else {
                next = incoming[j++];
            }
            if (merged.isEmpty() || !merged.getLast().postId().equals(next.postId())) {
                merged.add(next);
            }
        }
        return of(merged, whole);
    }

    /** The entries strictly older than {@code before} (or the newest), newest first, at most {@code limit}. */
    List<PostRef> olderThan(Optional<PostId> before, int limit) {
        int from = before.map(this::firstOlderThan).orElse(0);
        int to = (int) Math.min(newestFirst.length, (long) from + limit);
        return from >= to ? List.of() : List.of(Arrays.copyOfRange(newestFirst, from, to));
    }

    Window without(PostId post) {
        int at = firstOlderThan(post) - 1;
        if (at < 0 || !newestFirst[at].postId().equals(post)) {
            return this;
        }
        List<PostRef> kept = new ArrayList<>(Arrays.asList(newestFirst));
        kept.remove(at);
        return of(kept, whole);
    }

    Window withoutAuthor(UserId author) {
        List<PostRef> kept = Arrays.stream(newestFirst).filter(ref -> !ref.authorId().equals(author)).toList();
        return kept.size() == newestFirst.length ? this : of(kept, whole);
    }

    /** The index of the first entry whose post id is below {@code id}: a binary search, the array being sorted. */
    private int firstOlderThan(PostId id) {
        int low = 0;
        int high = newestFirst.length;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (newestFirst[mid].postId().compareTo(id) >= 0) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    private static Window of(List<PostRef> newestFirst, boolean whole) {
        return newestFirst.isEmpty() && !whole ? null : new Window(newestFirst.toArray(PostRef[]::new), whole);
    }
}

package io.feedline.adapter.redis;

import io.feedline.ports.model.PostRef;
import java.util.List;

/**
 * A window's first page as Redis answered it, kept in this process: the newest {@code entries} of
 * a whole window, read with {@code limit}. Fewer entries than the limit means the window held no
 * more, so the copy answers any first page up to its limit, and every first page when it is short.
 */
record WindowCopy(List<PostRef> entries, int limit) {

    WindowCopy {
        entries = List.copyOf(entries);
    }

    /** Whether this copy holds the whole answer to a first page of {@code wanted} entries. */
    boolean answers(int wanted) {
        return wanted <= limit || entries.size() < limit;
    }

    /** The first page of {@code wanted} entries; only when {@link #answers} says so. */
    List<PostRef> first(int wanted) {
        return wanted >= entries.size() ? entries : entries.subList(0, wanted);
    }
}

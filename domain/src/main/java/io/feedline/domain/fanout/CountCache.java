package io.feedline.domain.fanout;

import io.feedline.ports.model.CountChange;
import io.feedline.ports.model.PostId;
import java.util.Collection;

/** The cached posts' counts, as the count jobs move them (ADR-0009). */
public interface CountCache {
    /** Deltas are about to be applied to {@code ids}: reads of them stop writing back until {@link #countsApplied}. */
    void countsApplying(Collection<PostId> ids);

    /** The apply {@link #countsApplying} announced is over (done or failed). */
    void countsApplied(Collection<PostId> ids);

    /** A delta was applied: the cached count follows it, or the entry is dropped. */
    void countMoved(CountChange change);
}

package io.feedline.domain;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.out.PostCounters;
import java.util.Optional;

/**
 * What a like, a repost or their undoing answers: the post's stored count, plus the caller's own
 * change while the worker has not applied it yet, counted exactly once. A repeated like or repost
 * changes nothing, but the caller's own still stands, so it answers at least 1 even while the first
 * one's delta waits in the outbox. (A repeated undo answers the stored count: no bound is known
 * there without reading the outbox.)
 */
final class OwnCounts {
    private OwnCounts() {}

    /** The count to answer for the caller's change {@code own}, which the write {@code changed} or found already made. */
    static long answer(PostCounters counters, FanoutJob.CountDelta own, boolean changed) {
        long count = counters.count(own.post(), own.kind(), changed ? Optional.of(own) : Optional.empty());
        return !changed && own.delta() > 0 ? Math.max(count, 1) : count;
    }
}

package io.feedline.domain.engagement;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.out.PostCounters;
import java.util.Optional;

/**
 * What a like, a repost or their undoing answers: the post's stored count, plus the delta still
 * pending under the caller's job key, read together. That key holds every toggle of the caller's
 * the worker has not applied, so the answer counts the caller's state (liked or not) exactly
 * once, whether the write changed anything or found it already so, and however the caller's
 * earlier toggles wait or were applied.
 */
public final class OwnCounts {
    private OwnCounts() {}

    /** The count to answer for the caller whose change (made or found already made) is {@code own}. */
    static long answer(PostCounters counters, FanoutJob.CountDelta own) {
        return counters.count(own.post(), own.kind(), Optional.of(own));
    }
}

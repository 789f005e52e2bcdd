package io.feedline.ports.out;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.CountChange;
import io.feedline.ports.model.CounterKind;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.PostRef;
import java.util.List;
import java.util.Optional;

/**
 * The counter processor's storage: the like, reply and repost counts of posts, moved by the
 * {@link FanoutJob.CountDelta} jobs of the outbox ({@link FanoutJobs}, which shares its storage).
 * The counts read through {@link Posts} are these counts.
 */
public interface PostCounters {

    /**
     * Applies the delta of each claimed {@link FanoutJob.CountDelta} and completes the job, the two
     * in one atomic write per job (an adapter may write many jobs in one), so a job applied once
     * is gone and a redelivered job cannot count twice. The delta applied is the job's as it is
     * when it is applied: one merged into the job since it was claimed is applied with it, never
     * lost. A job whose lease was lost is neither applied nor completed (its new holder applies
     * it); a job of a post that no longer exists is completed without a change. Returns the net
     * change applied per post and kind.
     *
     * @throws IllegalArgumentException if a job is not a {@link FanoutJob.CountDelta}
     */
    List<CountChange> apply(List<ClaimedJob> jobs);

    /**
     * The post's stored count of {@code kind}, plus the delta pending under {@code own}'s key (the
     * caller's changes not yet applied, merged), read as one consistent snapshot: the answer counts
     * the caller's state exactly once whether or not the processor applied it meanwhile. Never
     * below zero.
     *
     * @throws io.feedline.ports.model.FeedlineException.NotFound if the post does not exist
     */
    long count(PostRef post, CounterKind kind, Optional<FanoutJob.CountDelta> own);
}

package io.feedline.domain.fanout;

import java.time.Duration;
import java.util.Objects;

/**
 * What the fan-out reads of the feed settings; the domain's settings hand it over, so that this
 * package does not depend on the one that assembles it.
 *
 * @param idlePoll how long an idle worker waits before polling the outbox again
 * @param jobLease how long a claimed job stays leased without a checkpoint
 * @param jobsPerClaim jobs a worker works in one step (its claims top up to whole steps of this)
 * @param workerConcurrency storage calls one worker runs at once, each on a virtual thread
 * @param fanoutPageSize followers read per fan-out page (one checkpoint per page)
 * @param backfillPosts the followee's newest posts copied into a new follower's feed
 * @param feedRetention how long a durable feed item lives (a purge covers this window by key)
 * @param repostsRetracted the reposts of a deleted post whose entries its retraction removes
 */
public record FanoutSettings(Duration idlePoll, Duration jobLease, int jobsPerClaim, int workerConcurrency,
        int fanoutPageSize, int backfillPosts, Duration feedRetention, int repostsRetracted) {
    public FanoutSettings {
        Objects.requireNonNull(idlePoll, "idlePoll");
        Objects.requireNonNull(jobLease, "jobLease");
        Objects.requireNonNull(feedRetention, "feedRetention");
    }
}

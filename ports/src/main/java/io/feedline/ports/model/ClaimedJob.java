package io.feedline.ports.model;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A job leased to one worker until {@code leaseUntil}. {@code checkpoint} is the follower-page
 * position the last holder reached: a new holder resumes there. {@code attempts} counts claims.
 */
public record ClaimedJob(
        FanoutJob job, String leaseOwner, Instant leaseUntil, Optional<PageToken> checkpoint, int attempts) {
    public ClaimedJob {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(leaseOwner, "leaseOwner");
        Objects.requireNonNull(leaseUntil, "leaseUntil");
        Objects.requireNonNull(checkpoint, "checkpoint");
    }
}

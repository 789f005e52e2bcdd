package io.feedline.ports.model;

/**
 * The queue of the outbox a job waits in (ADR-0021). Jobs are claimed per lane, so the few small
 * jobs of a follow, unfollow, mute or block never wait behind a backlog of deliveries.
 */
public enum JobLane {
    /** Deliveries, retractions, counts, notifications, index and tag work: what a publish sets off. */
    FANOUT,
    /** The backfills and purges of relation changes: follows, unfollows, mutes, blocks. */
    RELATIONS
}

package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.UserId;
import java.time.Instant;
import java.util.List;

/**
 * Loading a large follow graph at once (a benchmark's seed, a migration from another store): the
 * edges go in with BatchWriteItem, 25 a request, and the followee's follower count with one update,
 * instead of one transaction per edge. It is not a use case: the followers' own following counts
 * are left as they are, and an edge that already exists is counted again. The DynamoDB follow graph
 * implements it; callers test for it.
 */
public interface FollowEdgeImport {

    /** Writes an edge from each of {@code followers} to {@code followee} and adds their number to its follower count. */
    void importFollowers(UserId followee, List<UserId> followers, Instant at);
}

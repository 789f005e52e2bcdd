package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.EntityRef;
import io.feedline.ports.model.UserId;
import java.time.Instant;
import java.util.List;

/**
 * Loading many followers of one entity at once (a benchmark's seed, a migration), as
 * {@link FollowEdgeImport} does for users: BatchWriteItem for the edges and entries, one update of
 * the entity's follower count. Not a use case: the readers' own counts are left as they are, and an
 * edge that already exists is counted again. The DynamoDB entity follows implement it.
 */
public interface EntityFollowImport {

    /** Writes an edge from each of {@code followers} to {@code entity} and adds their number to its follower count. */
    void importFollowers(EntityRef entity, List<UserId> followers, Instant at);
}

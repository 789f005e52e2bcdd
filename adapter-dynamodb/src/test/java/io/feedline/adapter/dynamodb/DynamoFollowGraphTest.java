package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.FollowGraphContract;
import io.feedline.ports.out.FollowGraph;

/** The FollowGraphContract suite against the single table on DynamoDB Local. */
class DynamoFollowGraphTest extends FollowGraphContract {
    @Override
    protected FollowGraph followGraph() {
        return LocalDynamo.shared().followGraph();
    }
}

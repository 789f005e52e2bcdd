package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.ExploreIndexContract;

/** The ExploreIndexContract suite against the single table on DynamoDB Local. */
class DynamoExploreIndexTest extends ExploreIndexContract {
    @Override
    protected Store store() {
        DynamoStorage storage = LocalDynamo.shared();
        return new Store(storage.posts(), storage.exploreIndex());
    }
}

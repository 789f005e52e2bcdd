package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.RelationStore;
import io.feedline.ports.contract.RelationsContract;

/** The RelationsContract suite against the single table on DynamoDB Local. */
class DynamoRelationsTest extends RelationsContract {
    @Override
    protected RelationStore store() {
        DynamoStorage storage = LocalDynamo.shared();
        return new RelationStore(storage.relations(), storage.followGraph(), storage.fanoutJobs());
    }
}

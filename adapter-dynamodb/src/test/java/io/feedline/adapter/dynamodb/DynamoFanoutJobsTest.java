package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.FanoutJobsContract;
import io.feedline.ports.contract.PostStore;

/** The FanoutJobsContract suite against the single table on DynamoDB Local. */
class DynamoFanoutJobsTest extends FanoutJobsContract {
    @Override
    protected PostStore postStore() {
        DynamoStorage storage = LocalDynamo.shared();
        return new PostStore(storage.posts(), storage.likes(), storage.reposts(), storage.fanoutJobs(), storage.idempotencyKeys(),
                storage.counters(), storage.articles());
    }
}

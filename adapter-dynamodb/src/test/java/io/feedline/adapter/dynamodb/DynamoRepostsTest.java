package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.PostStore;
import io.feedline.ports.contract.RepostsContract;

/** The RepostsContract suite against the single table on DynamoDB Local. */
class DynamoRepostsTest extends RepostsContract {
    @Override
    protected PostStore postStore() {
        DynamoStorage storage = LocalDynamo.shared();
        return new PostStore(storage.posts(), storage.likes(), storage.reposts(), storage.fanoutJobs(), storage.idempotencyKeys(),
                storage.counters(), storage.articles());
    }
}

package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.LikesContract;
import io.feedline.ports.contract.PostStore;

/** The LikesContract suite against the single table on DynamoDB Local. */
class DynamoLikesTest extends LikesContract {
    @Override
    protected PostStore postStore() {
        DynamoStorage storage = LocalDynamo.shared();
        return new PostStore(storage.posts(), storage.likes(), storage.reposts(), storage.fanoutJobs(), storage.idempotencyKeys(),
                storage.counters(), storage.articles());
    }
}

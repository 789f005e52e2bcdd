package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.PostStore;
import io.feedline.ports.contract.PostsContract;

/** The PostsContract suite against the single table on DynamoDB Local. */
class DynamoPostsTest extends PostsContract {
    @Override
    protected PostStore postStore() {
        DynamoStorage storage = LocalDynamo.shared();
        return new PostStore(storage.posts(), storage.likes(), storage.reposts(), storage.fanoutJobs(), storage.idempotencyKeys(),
                storage.counters(), storage.articles());
    }
}

package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.ArticlesContract;
import io.feedline.ports.contract.PostStore;

/** The ArticlesContract suite against the single table on DynamoDB Local: slug claims race in real transactions. */
class DynamoArticlesTest extends ArticlesContract {
    @Override
    protected PostStore postStore() {
        DynamoStorage storage = LocalDynamo.shared();
        return new PostStore(storage.posts(), storage.likes(), storage.reposts(), storage.fanoutJobs(), storage.idempotencyKeys(),
                storage.counters(), storage.articles());
    }
}

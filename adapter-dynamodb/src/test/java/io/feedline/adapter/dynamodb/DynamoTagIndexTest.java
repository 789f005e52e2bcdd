package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.TagIndexContract;
import io.feedline.ports.contract.TaggedPosts;

/** The TagIndexContract suite against the single table on DynamoDB Local. */
class DynamoTagIndexTest extends TagIndexContract {
    @Override
    protected TaggedPosts taggedPosts() {
        DynamoStorage storage = LocalDynamo.shared();
        return new TaggedPosts(storage.posts(), storage.tagIndex());
    }
}

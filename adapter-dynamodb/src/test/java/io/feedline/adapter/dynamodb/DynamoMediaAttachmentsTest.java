package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.MediaAttachmentsContract;

/** The MediaAttachmentsContract suite on DynamoDB Local: attaching is a condition in the publish transaction. */
class DynamoMediaAttachmentsTest extends MediaAttachmentsContract {
    @Override
    protected Store store() {
        DynamoStorage storage = LocalDynamo.shared();
        return new Store(storage.posts(), storage.media());
    }
}

package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.FeedItemsContract;
import io.feedline.ports.out.FeedItems;

/** The FeedItemsContract suite against the single table on DynamoDB Local. */
class DynamoFeedItemsTest extends FeedItemsContract {
    @Override
    protected FeedItems feedItems() {
        return LocalDynamo.shared().feedItems();
    }
}

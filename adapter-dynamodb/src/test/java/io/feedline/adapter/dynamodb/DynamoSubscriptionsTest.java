package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.SubscriptionsContract;
import io.feedline.ports.out.Subscriptions;

/** The SubscriptionsContract suite against the single table on DynamoDB Local. */
class DynamoSubscriptionsTest extends SubscriptionsContract {
    @Override
    protected Subscriptions subscriptions() {
        return LocalDynamo.shared().subscriptions();
    }
}

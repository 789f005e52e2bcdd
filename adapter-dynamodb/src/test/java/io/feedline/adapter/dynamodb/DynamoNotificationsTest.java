package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.NotificationsContract;
import io.feedline.ports.out.Notifications;

/** The NotificationsContract suite against the single table on DynamoDB Local. */
class DynamoNotificationsTest extends NotificationsContract {
    @Override
    protected Notifications notifications() {
        return LocalDynamo.shared().notifications();
    }
}

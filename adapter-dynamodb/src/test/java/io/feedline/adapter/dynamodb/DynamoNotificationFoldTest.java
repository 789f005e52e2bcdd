package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.NotificationFoldContract;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.Notifications;

/** The NotificationFoldContract suite against the single table on DynamoDB Local. */
class DynamoNotificationFoldTest extends NotificationFoldContract {
    @Override
    protected Notifications notifications() {
        return LocalDynamo.shared().notifications();
    }

    @Override
    protected FanoutJobs outbox() {
        return LocalDynamo.shared().fanoutJobs();
    }
}

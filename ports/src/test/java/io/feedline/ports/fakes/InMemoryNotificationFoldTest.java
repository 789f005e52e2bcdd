package io.feedline.ports.fakes;

import io.feedline.ports.contract.NotificationFoldContract;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.Notifications;

class InMemoryNotificationFoldTest extends NotificationFoldContract {
    private final InMemoryPostStore store = new InMemoryPostStore();
    private final InMemoryNotifications notifications = new InMemoryNotifications(store);

    @Override
    protected Notifications notifications() {
        return notifications;
    }

    @Override
    protected FanoutJobs outbox() {
        return store.jobs();
    }
}

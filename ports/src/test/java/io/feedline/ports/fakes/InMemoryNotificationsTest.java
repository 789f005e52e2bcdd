package io.feedline.ports.fakes;

import io.feedline.ports.contract.NotificationsContract;
import io.feedline.ports.out.Notifications;

class InMemoryNotificationsTest extends NotificationsContract {
    private static final InMemoryNotifications SHARED = new InMemoryNotifications();

    @Override
    protected Notifications notifications() {
        return SHARED;
    }
}

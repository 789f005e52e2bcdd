package io.feedline.domain;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.LiveEvent;
import io.feedline.ports.model.Notification;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.LiveEvents;
import io.feedline.ports.out.Notifications;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The notifications store as the fan-out worker writes it: each row it records is announced on the
 * live channel once the write has returned, so a connected recipient is shown it at once. A
 * redelivered event announces its row again; a stream reads the row as it stands, so that shows
 * nothing new.
 */
final class LiveNotifications implements Notifications {
    private final Notifications store;
    private final LiveEvents live;

    LiveNotifications(Notifications store, LiveEvents live) {
        this.store = store;
        this.live = live;
    }

    @Override
    public void record(NotificationEvent event) {
        store.record(event);
        live.publish(new LiveEvent.Notified(event.recipient(), event.notificationId()));
    }

    @Override
    public int recordClaimed(List<ClaimedJob> jobs) {
        int completed = store.recordClaimed(jobs);
        Set<LiveEvent.Notified> rows = new LinkedHashSet<>();
        for (ClaimedJob claimed : jobs) {
            if (claimed.job() instanceof FanoutJob.Notify notify) {
                rows.add(new LiveEvent.Notified(notify.event().recipient(), notify.event().notificationId()));
            }
        }
        rows.forEach(live::publish);
        return completed;
    }

    @Override
    public Page<Notification> page(UserId recipient, Set<NotificationType> types, PageRequest page) {
        return store.page(recipient, types, page);
    }

    @Override
    public boolean dismiss(UserId recipient, String id) {
        return store.dismiss(recipient, id);
    }

    @Override
    public Optional<String> readMarker(UserId recipient) {
        return store.readMarker(recipient);
    }

    @Override
    public void markRead(UserId recipient, String upTo) {
        store.markRead(recipient, upTo);
    }

    @Override
    public int countAfter(UserId recipient, Optional<String> marker, int cap) {
        return store.countAfter(recipient, marker, cap);
    }
}

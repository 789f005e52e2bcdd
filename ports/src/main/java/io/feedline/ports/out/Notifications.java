package io.feedline.ports.out;

import io.feedline.ports.model.Notification;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserId;
import java.util.Optional;
import java.util.Set;

/**
 * Each user's notifications feed and read marker. Rows are written by the outbox worker only; every
 * row expires after the store's retention.
 */
public interface Notifications {

    /**
     * Adds the event to its row ({@link io.feedline.ports.model.NotificationEvent#notificationId()}),
     * creating it if new. Idempotent per row and actor: recording the same event again changes
     * nothing, so the row's count is the number of distinct actors.
     */
    void record(NotificationEvent event);

    /**
     * The recipient's rows, newest id first, of the given types (all if empty). A page of a filtered
     * list may hold fewer than the limit and still have a next position.
     */
    Page<Notification> page(UserId recipient, Set<NotificationType> types, PageRequest page);

    /** The id the recipient has read up to, if they ever marked any read. */
    Optional<String> readMarker(UserId recipient);

    /** Moves the read marker to {@code upTo}; a marker already past it stays. */
    void markRead(UserId recipient, String upTo);

    /** How many rows are newer than {@code marker} (all if empty), counting at most {@code cap}. */
    int countAfter(UserId recipient, Optional<String> marker, int cap);
}

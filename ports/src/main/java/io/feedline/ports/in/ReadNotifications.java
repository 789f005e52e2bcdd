package io.feedline.ports.in;

import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.NotificationView;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserId;
import java.util.Optional;
import java.util.Set;

/** A user's own notifications feed: only its owner reads it or marks it read. */
public interface ReadNotifications {

    /** The caller's notifications, newest first, of the given types (all if empty). */
    Page<NotificationView> notifications(UserId caller, Set<NotificationType> types, PageRequest page);

    /** How many of the caller's notifications are unread, counting at most {@link #MAX_UNREAD_COUNT}. */
    int unreadCount(UserId caller);

    /** The id of the newest notification the caller marked read, if they ever marked any. */
    Optional<String> readMarker(UserId caller);

    /** Marks every notification up to and including {@code upTo} read. */
    void markRead(UserId caller, String upTo);

    /**
     * Deletes the caller's notification {@code id} (a grouped one whole). It does not come back for
     * the events it counted; a later event of another actor starts it again.
     *
     * @return whether there was such a notification
     * @throws io.feedline.ports.model.FeedlineException.InvalidInput naming {@code id} if it is no notification id
     */
    boolean dismiss(UserId caller, String id);

    /** The most an unread count says: one bounded count query, and "999+" is what a badge shows anyway. */
    int MAX_UNREAD_COUNT = 999;
}

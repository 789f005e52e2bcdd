package io.feedline.ports.model;

import java.util.List;
import java.util.Objects;

/** A notification as its recipient sees it: the actors' names, and whether it is past their read marker. */
public record NotificationView(Notification notification, List<UserSummary> actors, boolean unread) {
    public NotificationView {
        Objects.requireNonNull(notification, "notification");
        actors = List.copyOf(actors);
    }
}

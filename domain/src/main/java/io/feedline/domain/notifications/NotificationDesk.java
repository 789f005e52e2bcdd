package io.feedline.domain.notifications;

import io.feedline.domain.relations.ReaderFilter;
import io.feedline.domain.relations.RelationSets;
import io.feedline.ports.in.ReadNotifications;
import io.feedline.ports.model.Notification;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.NotificationView;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Notifications;
import io.feedline.ports.out.UserAccounts;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The reading side of notifications. The caller is always the owner: there is no way to name
 * another user's feed. A page costs one page read, one marker read and one batch read of the actors.
 */
public final class NotificationDesk implements ReadNotifications {
    private final Notifications notifications;
    private final UserAccounts accounts;
    private final RelationSets relationSets;

    public NotificationDesk(Notifications notifications, UserAccounts accounts, RelationSets relationSets) {
        this.notifications = notifications;
        this.accounts = accounts;
        this.relationSets = relationSets;
    }

    @Override
    public Page<NotificationView> notifications(UserId caller, Set<NotificationType> types, PageRequest page) {
        Page<Notification> read = notifications.page(caller, types, page);
        // Rows whose every actor the caller mutes or blocks (or is blocked by) drop out; the page may come back short, with a cursor.
        ReaderFilter filter = read.items().isEmpty() ? ReaderFilter.NONE : relationSets.filterFor(caller);
        Page<Notification> rows = new Page<>(read.items().stream().map(filter::shows).flatMap(Optional::stream).toList(), read.next());
        if (rows.items().isEmpty()) {
            return new Page<>(List.of(), rows.next());
        }
        Optional<String> marker = notifications.readMarker(caller);
        List<UserId> actorIds = rows.items().stream().flatMap(row -> row.latestActors().stream()).distinct().toList();
        Map<UserId, UserAccount> actors = accounts.findAllById(actorIds);
        return rows.map(row -> new NotificationView(row,
                row.latestActors().stream().map(actors::get).filter(Objects::nonNull).map(UserAccount::summary).toList(),
                row.unreadAfter(marker)));
    }

    @Override
    public int unreadCount(UserId caller) {
        return notifications.countAfter(caller, notifications.readMarker(caller), MAX_UNREAD_COUNT);
    }

    @Override
    public Optional<String> readMarker(UserId caller) {
        return notifications.readMarker(caller);
    }

    @Override
    public boolean dismiss(UserId caller, String id) {
        return notifications.dismiss(caller, Notification.requireId("id", id));
    }

    @Override
    public void markRead(UserId caller, String upTo) {
        notifications.markRead(caller, Notification.requireId("upTo", upTo));
    }
}

package io.feedline.app.http;

import io.feedline.app.http.Representations.MarkReadRequest;
import io.feedline.app.http.Representations.NotificationItem;
import io.feedline.app.http.Representations.UnreadCount;
import io.feedline.ports.in.ReadNotifications;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.UserId;
import io.javalin.http.Context;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;

/** The caller's notifications. As with the home feed, there is no route to anyone else's. */
final class NotificationResource {
    private final ReadNotifications readNotifications;
    private final Json json;
    private final Paging paging;

    NotificationResource(ReadNotifications readNotifications, Json json, Paging paging) {
        this.readNotifications = readNotifications;
        this.json = json;
        this.paging = paging;
    }

    void list(Context ctx) {
        UserId caller = Caller.of(ctx).required();
        Set<NotificationType> types = types(ctx.queryParam("types"));
        ctx.json(paging.view(ctx, readNotifications.notifications(caller, types, paging.request(ctx)),
                NotificationItem::of));
    }

    void unreadCount(Context ctx) {
        ctx.json(new UnreadCount(readNotifications.unreadCount(Caller.of(ctx).required())));
    }

    void markRead(Context ctx) {
        UserId caller = Caller.of(ctx).required();
        MarkReadRequest body = json.read(ctx, MarkReadRequest.class);
        readNotifications.markRead(caller, body.upTo());
        ctx.status(204);
    }

    /** {@code DELETE /notifications/{id}}: 204 when dismissed, 404 when the caller has no such notification. */
    void dismiss(Context ctx) {
        UserId caller = Caller.of(ctx).required();
        if (!readNotifications.dismiss(caller, ctx.pathParam("id"))) {
            throw new io.feedline.ports.model.FeedlineException.NotFound("notification", "no such notification");
        }
        ctx.status(204);
    }

    /** {@code types=like,follow}: a comma-separated list of type names; absent means every type. */
    private static Set<NotificationType> types(String raw) {
        if (raw == null) {
            return Set.of();
        }
        Set<NotificationType> types = EnumSet.noneOf(NotificationType.class);
        Arrays.stream(raw.split(",", -1)).map(String::strip)
                .forEach(name -> types.add(NotificationType.fromWire("types", name)));
        return types;
    }
}

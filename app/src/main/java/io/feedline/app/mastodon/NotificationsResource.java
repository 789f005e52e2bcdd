package io.feedline.app.mastodon;

import io.feedline.app.mastodon.Entities.Marker;
import io.feedline.app.mastodon.Entities.Notification;
import io.feedline.app.mastodon.Entities.NotificationGroup;
import io.feedline.app.mastodon.Entities.GroupedNotifications;
import io.feedline.app.mastodon.Entities.Status;
import io.feedline.ports.in.ReadNotifications;
import io.feedline.ports.in.ReadPost;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.NotificationView;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.UserSummary;
import io.javalin.http.Context;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Notifications and the read marker. Feedline's rows are already groups (likes and follows of one
 * target within a day share a row with a count and its latest actors), so {@code /api/v2}'s groups
 * are the rows themselves and {@code /api/v1} shows each row once, as its latest actor's. A reply
 * notifies as a {@code mention}, as in Mastodon; a like is a {@code favourite}. Ids are Feedline's
 * row ids: strings that sort by time, newest greatest, so {@code max_id}, {@code since_id} and
 * {@code min_id} compare them as Mastodon compares its numeric ids.
 */
final class NotificationsResource {
    /** How many rows a request reads at most to fill a filtered page or to find {@code min_id}/{@code since_id}. */
    static final int SCAN_LIMIT = 1_000;
    static final String NOTIFICATIONS = "notifications";

    private final ReadPost readPost;
    private final ReadNotifications readNotifications;
    private final Requests requests;

    NotificationsResource(ReadPost readPost, ReadNotifications readNotifications, Requests requests) {
        this.readPost = readPost;
        this.readNotifications = readNotifications;
        this.requests = requests;
    }

    void list(Context ctx) {
        Render render = requests.render(ctx);
        Window window = window(ctx, requests.params(ctx));
        link(ctx, render.base(), window);
        ctx.json(notifications(render, window.rows()));
    }

    /** One row by id, looked for among the caller's newest {@link #SCAN_LIMIT} rows. */
    /**
     * {@code POST /api/v1/notifications/:id/dismiss}, and {@code /api/v2/notifications/:group_key/dismiss}
     * (a group key is the row's id, or {@code ungrouped-} and the id). An unknown id is 404.
     */
    void dismiss(Context ctx) {
        String id = ctx.pathParam("id");
        String row = id.startsWith("ungrouped-") ? id.substring("ungrouped-".length()) : id;
        boolean dismissed;
        try {
            dismissed = readNotifications.dismiss(requests.user(ctx), row);
        } catch (io.feedline.ports.model.FeedlineException.InvalidInput e) {
            throw MastodonError.notFound();
        }
        if (!dismissed) {
            throw MastodonError.notFound();
        }
        ctx.json(Entities.map());
    }

    void show(Context ctx) {
        ctx.json(find(requests.user(ctx), ctx.pathParam("id"), requests.render(ctx)).orElseThrow(MastodonError::notFound));
    }

    /**
     * The caller's notification {@code id} as the list shows it, if it is there: the rows are read
     * newest first until one at or past the id (at most {@link #SCAN_LIMIT} of them).
     */
    Optional<Notification> find(UserId caller, String id, Render render) {
        Optional<PageToken> position = Optional.empty();
        int read = 0;
        while (read < SCAN_LIMIT) {
            Page<NotificationView> page = readNotifications
                    .notifications(caller, Set.of(), new PageRequest(position, PageRequest.MAX_LIMIT));
            for (NotificationView row : page.items()) {
                if (row.notification().id().equals(id)) {
                    return notifications(render, List.of(row)).stream().findFirst();
                }
                if (row.notification().id().compareTo(id) < 0) {
                    return Optional.empty();
                }
            }
            read += page.items().size();
            if (page.next().isEmpty()) {
                break;
            }
            position = page.next();
        }
        return Optional.empty();
    }

    /** Mastodon's {@code limit} (default 100, at most 1000) over Feedline's count, which stops at 999. */
    void unreadCount(Context ctx) {
        String raw = ctx.queryParam("limit");
        int limit;
        try {
            limit = raw == null || raw.isBlank() ? 100 : Math.clamp(Integer.parseInt(raw.strip()), 1, 1000);
        } catch (NumberFormatException e) {
            throw MastodonError.validation("limit must be a number");
        }
        int count = readNotifications.unreadCount(requests.user(ctx));
        ctx.json(Entities.map("count", Math.min(count, limit)));
    }

    /** The grouped form: each Feedline row is one group, with its actors and status listed once beside the groups. */
    void grouped(Context ctx) {
        Render render = requests.render(ctx);
        Window window = window(ctx, requests.params(ctx));
        link(ctx, render.base(), window);
        Map<String, Object> accounts = new LinkedHashMap<>();
        Map<String, Status> statuses = new LinkedHashMap<>();
        List<NotificationGroup> groups = new ArrayList<>();
        for (NotificationView row : window.rows()) {
            Optional<Status> status = status(render, row);
            if (row.actors().isEmpty() || (row.notification().post().isPresent() && status.isEmpty())) {
                continue;
            }
            status.ifPresent(s -> statuses.putIfAbsent(s.id(), s));
            row.actors().forEach(actor -> accounts.computeIfAbsent(actor.username().value(),
                    name -> render.embeddedAccount(actor.username())));
            io.feedline.ports.model.Notification n = row.notification();
            groups.add(new NotificationGroup(groupKey(n), n.count(), type(n.type()), timeId(n.id()), n.id(), n.id(),
                    Render.TIME.format(n.latestAt()), row.actors().stream().map(a -> a.username().value()).toList(),
                    status.map(Status::id).orElse(null)));
        }
        ctx.json(new GroupedNotifications(List.copyOf(accounts.values()), List.copyOf(statuses.values()), groups));
    }

    /** Clearing would delete the rows; the notifications store keeps them until its retention ends. */
    void clear(Context ctx) {
        requests.user(ctx);
        throw MastodonError.validation("clearing notifications is not supported by this server;"
                + " move the notifications marker instead (POST /api/v1/markers)");
    }

    /**
     * The notifications marker is Feedline's read marker. {@code updated_at} is the time of the
     * notification read up to (Feedline keeps no time of the move) and {@code version} is always 0.
     * The {@code home} marker is not kept: it is never listed, and setting it is refused.
     */
    void markers(Context ctx) {
        UserId caller = requests.user(ctx);
        Params params = requests.params(ctx);
        Map<String, Marker> markers = new LinkedHashMap<>();
        if (params.list("timeline").contains(NOTIFICATIONS)) {
            readNotifications.readMarker(caller).ifPresent(id -> markers.put(NOTIFICATIONS, marker(id)));
        }
        ctx.json(markers);
    }

    void saveMarkers(Context ctx) {
        UserId caller = requests.user(ctx);
        Params params = requests.params(ctx);
        if (params.has("home")) {
            throw MastodonError.validation("home markers are not supported by this server");
        }
        String id = params.first(NOTIFICATIONS + "[last_read_id]").filter(s -> !s.isBlank())
                .orElseThrow(() -> MastodonError.validation("notifications[last_read_id] can't be blank"));
        try {
            readNotifications.markRead(caller, id);
        } catch (FeedlineException.InvalidInput e) {
            throw MastodonError.validation("notifications[last_read_id] is not a notification id");
        }
        String stored = readNotifications.readMarker(caller).orElse(id);
        ctx.json(Map.of(NOTIFICATIONS, marker(stored)));
    }

    private static Marker marker(String id) {
        return new Marker(id, 0, Render.TIME.format(Instant.ofEpochMilli(timeId(id))));
    }

    private List<Notification> notifications(Render render, List<NotificationView> rows) {
        List<Notification> out = new ArrayList<>();
        for (NotificationView row : rows) {
            Optional<Status> status = status(render, row);
            // A row whose actor or post is gone is left out, as Mastodon drops such notifications.
            if (row.actors().isEmpty() || (row.notification().post().isPresent() && status.isEmpty())) {
                continue;
            }
            io.feedline.ports.model.Notification n = row.notification();
            UserSummary latest = row.actors().getFirst();
            out.add(new Notification(n.id(), type(n.type()), Render.TIME.format(n.latestAt()),
                    render.embeddedAccount(latest.username()), status.orElse(null), groupKey(n)));
        }
        return out;
    }

    private Optional<Status> status(Render render, NotificationView row) {
        return row.notification().post().flatMap(id -> {
            try {
                return Optional.of(render.status(readPost.read(id)));
            } catch (FeedlineException.NotFound e) {
                return Optional.empty();
            }
        });
    }

    /** Grouped rows share their key with nothing else; a single reply or mention is Mastodon's {@code ungrouped-}. */
    private static String groupKey(io.feedline.ports.model.Notification n) {
        return n.type().grouped() ? n.id() : "ungrouped-" + n.id();
    }

    /** The row's time in epoch milliseconds: the integer Mastodon's schema wants for a group's newest id. */
    private static long timeId(String id) {
        return Long.parseLong(id.substring(0, id.indexOf('.')));
    }

    static String type(NotificationType type) {
        return switch (type) {
            case FOLLOW -> "follow";
            case LIKE -> "favourite";
            case REPOST -> "reblog";
            case REPLY, MENTION -> "mention";
            case POST -> "status";
        };
    }

    /** The Feedline types a Mastodon type name covers; types Feedline never produces cover none. */
    private static Set<NotificationType> covered(String mastodonType) {
        return switch (mastodonType) {
            case "follow" -> EnumSet.of(NotificationType.FOLLOW);
            case "favourite" -> EnumSet.of(NotificationType.LIKE);
            case "reblog" -> EnumSet.of(NotificationType.REPOST);
            case "mention" -> EnumSet.of(NotificationType.REPLY, NotificationType.MENTION);
            case "status" -> EnumSet.of(NotificationType.POST);
            default -> EnumSet.noneOf(NotificationType.class);
        };
    }

    private static Set<NotificationType> types(Params params) {
        List<String> included = params.list("types");
        Set<NotificationType> types = EnumSet.noneOf(NotificationType.class);
        if (included.isEmpty()) {
            types.addAll(EnumSet.allOf(NotificationType.class));
        } else {
            included.forEach(name -> types.addAll(covered(name)));
        }
        params.list("exclude_types").forEach(name -> types.removeAll(covered(name)));
        return types;
    }

    record Window(List<NotificationView> rows, boolean full) {}

    /**
     * The rows Mastodon's paging parameters select, newest first. {@code max_id} is the port's own
     * position. Filtered pages of the port may come back short, so rows are read until the page is
     * full; {@code since_id} and {@code min_id} read down from the top to the given id (at most
     * {@link #SCAN_LIMIT} rows), {@code min_id} keeping the rows just above it.
     */
    private Window window(Context ctx, Params params) {
        UserId caller = requests.user(ctx);
        int limit = limit(ctx.queryParam("limit"));
        Set<NotificationType> types = types(params);
        if (types.isEmpty()) {
            return new Window(List.of(), false);
        }
        Set<NotificationType> filter = types.size() == NotificationType.values().length ? Set.of() : types;
        Optional<String> maxId = id(ctx, "max_id");
        Optional<String> sinceId = id(ctx, "since_id");
        Optional<String> minId = id(ctx, "min_id");
        Optional<String> floor = minId.or(() -> sinceId);
        boolean upwards = minId.isPresent();
        ReadNotifications notifications = readNotifications;
        List<NotificationView> found = new ArrayList<>();
        Optional<PageToken> position = maxId.map(PageToken::new);
        boolean more = true;
        int read = 0;
        reading:
        while (read < SCAN_LIMIT) {
            Page<NotificationView> page = notifications.notifications(caller, filter,
                    new PageRequest(position, PageRequest.MAX_LIMIT));
            read += page.items().size();
            for (NotificationView row : page.items()) {
                if (floor.isPresent() && row.notification().id().compareTo(floor.get()) <= 0) {
                    more = false;
                    break reading;
                }
                found.add(row);
                if (!upwards && found.size() == limit) {
                    break reading;
                }
            }
            if (page.next().isEmpty()) {
                more = false;
                break;
            }
            position = page.next();
        }
        List<NotificationView> rows = upwards && found.size() > limit
                ? found.subList(found.size() - limit, found.size())
                : found.subList(0, Math.min(limit, found.size()));
        return new Window(List.copyOf(rows), rows.size() == limit && (more || upwards));
    }

    /** Mastodon's Link header: {@code next} by {@code max_id} when the page is full, {@code prev} by {@code min_id}. */
    private static void link(Context ctx, String base, Window window) {
        if (window.rows().isEmpty()) {
            return;
        }
        String path = base + ctx.path() + "?limit=" + limit(ctx.queryParam("limit")) + "&";
        List<String> links = new ArrayList<>();
        if (window.full()) {
            links.add("<" + path + "max_id=" + window.rows().getLast().notification().id() + ">; rel=\"next\"");
        }
        links.add("<" + path + "min_id=" + window.rows().getFirst().notification().id() + ">; rel=\"prev\"");
        ctx.header("Link", String.join(", ", links));
    }

    private static int limit(String raw) {
        if (raw == null || raw.isBlank()) {
            return 40;
        }
        try {
            return Math.clamp(Integer.parseInt(raw.strip()), 1, 80);
        } catch (NumberFormatException e) {
            throw MastodonError.validation("limit must be a number");
        }
    }

    private static Optional<String> id(Context ctx, String name) {
        String raw = ctx.queryParam(name);
        if (raw == null || raw.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(io.feedline.ports.model.Notification.requireId(name, raw.strip()));
        } catch (FeedlineException.InvalidInput e) {
            throw MastodonError.validation(name + " is not a notification id");
        }
    }
}

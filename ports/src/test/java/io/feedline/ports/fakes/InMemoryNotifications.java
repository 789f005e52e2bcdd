package io.feedline.ports.fakes;

import io.feedline.ports.model.Notification;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.UserId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * An in-memory {@link io.feedline.ports.out.Notifications} for domain and HTTP tests; nothing expires.
 * Claimed notification jobs are completed in the outbox of the {@link InMemoryPostStore} it is given
 * (one of its own if none).
 */
public final class InMemoryNotifications implements io.feedline.ports.out.Notifications {

    /** One row and every actor it has counted, oldest first. */
    private record Row(NotificationEvent first, LinkedHashSet<UserId> actors, Instant latestAt) {}

    private final Map<UserId, NavigableMap<String, Row>> rows = new HashMap<>();
    private final Map<UserId, String> markers = new HashMap<>();
    /** The actors of dismissed rows, by recipient and row id: they stay counted, as the engines' markers do. */
    private final Map<String, java.util.Set<UserId>> dismissed = new HashMap<>();
    private final CallLog calls = new CallLog();
    private final InMemoryPostStore outbox;

    /** With an outbox of its own: claimed jobs of another store are never held here, so never recorded. */
    public InMemoryNotifications() {
        this(new InMemoryPostStore());
    }

    /** Completing claimed jobs in {@code outbox}'s jobs. */
    public InMemoryNotifications(InMemoryPostStore outbox) {
        this.outbox = java.util.Objects.requireNonNull(outbox, "outbox");
    }

    /** Every call, by method name. */
    public CallLog calls() {
        return calls;
    }

    @Override
    public synchronized void record(NotificationEvent event) {
        calls.record("record");
        recordLocked(event);
    }

    @Override
    public synchronized int recordClaimed(List<io.feedline.ports.model.ClaimedJob> jobs) {
        for (io.feedline.ports.model.ClaimedJob job : jobs) {
            if (!(job.job() instanceof io.feedline.ports.model.FanoutJob.Notify)) {
                throw new IllegalArgumentException("not a notification job: " + job.job().key());
            }
        }
        // One call per row, as the engines write each row's fold once.
        jobs.stream().map(job -> ((io.feedline.ports.model.FanoutJob.Notify) job.job()).event())
                .map(event -> event.recipient().value() + "/" + event.notificationId())
                .distinct()
                .forEach(row -> calls.record("recordClaimed"));
        int completed = 0;
        for (io.feedline.ports.model.ClaimedJob job : jobs) {
            NotificationEvent event = ((io.feedline.ports.model.FanoutJob.Notify) job.job()).event();
            if (outbox.completeWith(job, () -> recordLocked(event))) {
                completed++;
            }
        }
        return completed;
    }

    private void recordLocked(NotificationEvent event) {
        if (dismissed.getOrDefault(event.recipient().value() + "/" + event.notificationId(), java.util.Set.of()).contains(event.actor())) {
            return;
        }
        Row row = rows.computeIfAbsent(event.recipient(), r -> new TreeMap<>())
                .computeIfAbsent(event.notificationId(), id -> new Row(event, new LinkedHashSet<>(), event.at()));
        if (row.actors().add(event.actor())) {
            Instant latest = event.at().isAfter(row.latestAt()) ? event.at() : row.latestAt();
            rows.get(event.recipient()).put(event.notificationId(), new Row(row.first(), row.actors(), latest));
        }
    }

    @Override
    public synchronized Page<Notification> page(UserId recipient, Set<NotificationType> types, PageRequest page) {
        calls.record("page");
        NavigableMap<String, Row> all = rows.getOrDefault(recipient, new TreeMap<>()).descendingMap();
        if (page.after().isPresent()) {
            all = all.tailMap(page.after().get().value(), false);
        }
        List<Notification> items = new ArrayList<>();
        for (Map.Entry<String, Row> entry : all.entrySet()) {
            if (items.size() == page.limit()) {
                return new Page<>(items, Optional.of(new PageToken(items.getLast().id())));
            }
            if (types.isEmpty() || types.contains(entry.getValue().first().type())) {
                items.add(notification(entry.getKey(), entry.getValue()));
            }
        }
        return Page.last(items);
    }

    private static Notification notification(String id, Row row) {
        List<UserId> newestFirst = new ArrayList<>(row.actors()).reversed();
        return new Notification(id, row.first().type(), row.first().post(),
                newestFirst.subList(0, Math.min(Notification.MAX_ACTORS, newestFirst.size())),
                row.actors().size(), row.latestAt());
    }

    @Override
    public synchronized Optional<String> readMarker(UserId recipient) {
        calls.record("readMarker");
        return Optional.ofNullable(markers.get(recipient));
    }

    @Override
    public synchronized boolean dismiss(UserId recipient, String id) {
        calls.record("dismiss");
        Row row = rows.getOrDefault(recipient, new TreeMap<>()).remove(id);
        if (row == null) {
            return false;
        }
        dismissed.computeIfAbsent(recipient.value() + "/" + id, k -> new java.util.HashSet<>()).addAll(row.actors());
        return true;
    }

    @Override
    public synchronized void markRead(UserId recipient, String upTo) {
        calls.record("markRead");
        markers.merge(recipient, upTo, (old, proposed) -> proposed.compareTo(old) > 0 ? proposed : old);
    }

    @Override
    public synchronized int countAfter(UserId recipient, Optional<String> marker, int cap) {
        calls.record("countAfter");
        NavigableMap<String, Row> all = rows.getOrDefault(recipient, new TreeMap<>());
        int count = marker.map(m -> all.tailMap(m, false)).orElse(all).size();
        return Math.min(count, cap);
    }
}

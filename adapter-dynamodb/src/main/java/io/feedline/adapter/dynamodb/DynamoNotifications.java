package io.feedline.adapter.dynamodb;

import static io.feedline.adapter.dynamodb.TableLayout.ACTORS;
import static io.feedline.adapter.dynamodb.TableLayout.ACTOR_COUNT;
import static io.feedline.adapter.dynamodb.TableLayout.LATEST_AT;
import static io.feedline.adapter.dynamodb.TableLayout.NOTIFICATION_TYPE;
import static io.feedline.adapter.dynamodb.TableLayout.PK;
import static io.feedline.adapter.dynamodb.TableLayout.POST_ID;
import static io.feedline.adapter.dynamodb.TableLayout.READ_UP_TO;
import static io.feedline.adapter.dynamodb.TableLayout.REVISION;
import static io.feedline.adapter.dynamodb.TableLayout.SK;
import static io.feedline.adapter.dynamodb.TableLayout.TTL;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Notification;
import io.feedline.ports.model.NotificationEvent;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Notifications;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Notifications in the recipient's own partition ({@code NOTIF#<recipient>}): one row per
 * notification id ({@code N#<id>}), one marker per counted actor ({@code A#<id>#<actor>}) and the
 * read marker ({@code #READ}), every item with a {@code ttl} of its last write plus the retention.
 *
 * <p>A row is changed in one transaction with its actor's marker: the marker is put only if absent,
 * so a redelivered event changes nothing, and the row's count is the number of markers. The row's
 * latest actors are a bounded list, so the row is read first and written under its revision; a
 * concurrent writer of the same row makes the transaction retry from the read.
 */
final class DynamoNotifications implements Notifications {
    private static final int MARKER_ITEM = 0;
    private static final int ROW_ITEM = 1;
    /** Rereads of a row that another writer changed in between, before the job is given back. */
    private static final int ROW_ATTEMPTS = 10;

    /**
     * Rows a batch of notification jobs writes at once, each its own GetItem and transaction: a
     * burst's claim of 64 jobs carries about 21 mentions, one row each, all written in one round
     * instead of three. With 8, a worker's side work fell behind its claims once they were taken
     * beside one another, and the burst's last mentions waited p99 4.1-4.7 s against 2.1-3.2 s with
     * 24, the hot windows no later (ADR-0014).
     */
    static final int ROWS_IN_FLIGHT = 24;

    /** Jobs of one row per fold transaction: the row, a marker and a job deletion each stay within 100 items. */
    static final int JOBS_PER_FOLD = 48;

    private final TableAccess db;
    private final DynamoFanoutJobs jobs;
    private final Duration retention;

    DynamoNotifications(TableAccess db, DynamoFanoutJobs jobs, Duration retention) {
        this.db = db;
        this.jobs = jobs;
        this.retention = retention;
    }

    @Override
    public void record(NotificationEvent event) {
        String id = event.notificationId();
        for (int attempt = 0; attempt < ROW_ATTEMPTS; attempt++) {
            Optional<EnhancedDocument> row = db.get("notification_row", TableLayout.notification(event.recipient(), id));
            long expiresAt = db.clock.instant().plus(retention).getEpochSecond();
            EnhancedDocument marker = TableLayout.Entity.NOTIFICATION_ACTOR
                    .document(TableLayout.notificationActor(event.recipient(), id, event.actor()))
                    .putNumber(TTL, expiresAt)
                    .build();
            List<TransactWriteItem> items = List.of(db.putNew(marker), rowUpdate(List.of(event), id, row, expiresAt));
            TableAccess.Outcome outcome = db.transact("notification_record", items, Optional.empty());
            if (outcome.committed() || outcome.failed(MARKER_ITEM)) {
                // Committed, or this actor was already counted: a redelivery.
                return;
            }
            if (!outcome.failed(ROW_ITEM)) {
                throw new FeedlineException.StorageUnavailable(TableAccess.COMPONENT,
                        "notification_record was cancelled: " + outcome.reasons(), null);
            }
        }
        throw new FeedlineException.WriteConflict(
                "notification_record: row " + id + " kept changing under " + ROW_ATTEMPTS + " attempts", null);
    }

    /**
     * The fold: per row, one consistent GetItem and one TransactWriteItems for up to
     * {@value #JOBS_PER_FOLD} of its jobs, holding the row (count {@code ADD k}, the newest actors
     * first in the bounded list) under the revision read, each new actor's marker (put only if
     * absent) and each job's deletion conditioned on its lease. A cancelled fold is retried without
     * what failed: an actor whose marker exists is already counted (a redelivery: its job is still
     * completed), a job whose lease was lost is left to its new holder, a row changed in between is
     * read again.
     */
    @Override
    public int recordClaimed(List<ClaimedJob> claimed) {
        Map<String, List<ClaimedJob>> byRow = new LinkedHashMap<>();
        for (ClaimedJob job : claimed) {
            if (!(job.job() instanceof FanoutJob.Notify notify)) {
                throw new IllegalArgumentException("not a notification job: " + job.job().key());
            }
            NotificationEvent event = notify.event();
            byRow.computeIfAbsent(event.recipient().value() + "\n" + event.notificationId(), row -> new ArrayList<>()).add(job);
        }
        // Folds of one row go one after another (each reads the row the last one wrote); rows side by side.
        List<List<List<ClaimedJob>>> folds = new ArrayList<>(byRow.size());
        for (List<ClaimedJob> row : byRow.values()) {
            List<List<ClaimedJob>> chunks = new ArrayList<>();
            for (int from = 0; from < row.size(); from += JOBS_PER_FOLD) {
                chunks.add(row.subList(from, Math.min(row.size(), from + JOBS_PER_FOLD)));
            }
            folds.add(chunks);
        }
        return SideBySide.apply(folds, ROWS_IN_FLIGHT, "notification_fold",
                        chunks -> chunks.stream().mapToInt(this::fold).sum())
                .stream().mapToInt(Integer::intValue).sum();
    }

    private static NotificationEvent eventOf(ClaimedJob job) {
        return ((FanoutJob.Notify) job.job()).event();
    }

    /** Folds jobs of one row into one write; returns how many of them it completed. */
    private int fold(List<ClaimedJob> chunk) {
        NotificationEvent first = eventOf(chunk.getFirst());
        String id = first.notificationId();
        List<ClaimedJob> live = new ArrayList<>(chunk);
        Set<UserId> counted = new HashSet<>();
        int rowChanged = 0;
        while (!live.isEmpty()) {
            Map<UserId, NotificationEvent> adding = new LinkedHashMap<>();
            for (ClaimedJob job : live) {
                NotificationEvent event = eventOf(job);
                if (!counted.contains(event.actor())) {
                    adding.putIfAbsent(event.actor(), event);
                }
            }
            long expiresAt = db.clock.instant().plus(retention).getEpochSecond();
            List<TransactWriteItem> items = new ArrayList<>();
            if (!adding.isEmpty()) {
                // A row of one event (a mention, a reply, a post) is new but for a redelivery: it is
                // written on the condition that it is absent, and read only once that has failed.
                Optional<EnhancedDocument> row = first.type().grouped() || rowChanged > 0
                        ? db.get("notification_row", TableLayout.notification(first.recipient(), id))
                        : Optional.empty();
                items.add(rowUpdate(List.copyOf(adding.values()), id, row, expiresAt));
            }
            int firstMarker = items.size();
            List<UserId> actors = List.copyOf(adding.keySet());
            for (UserId actor : actors) {
                items.add(db.putNew(TableLayout.Entity.NOTIFICATION_ACTOR
                        .document(TableLayout.notificationActor(first.recipient(), id, actor))
                        .putNumber(TTL, expiresAt)
                        .build()));
            }
            int firstJob = items.size();
            live.forEach(job -> items.add(jobs.completeItem(job)));
            TableAccess.Outcome outcome = db.transact("notification_fold", items, Optional.empty());
            if (outcome.committed()) {
                return live.size();
            }
            boolean progressed = false;
            for (int i = 0; i < actors.size(); i++) {
                if (outcome.failed(firstMarker + i)) {
                    counted.add(actors.get(i));
                    progressed = true;
                }
            }
            List<ClaimedJob> stillHeld = outcome.unfailed(live, firstJob);
            progressed |= stillHeld.size() < live.size();
            if (!adding.isEmpty() && outcome.failed(0)) {
                progressed = true;
                if (++rowChanged >= ROW_ATTEMPTS) {
                    throw new FeedlineException.WriteConflict(
                            "notification_fold: row " + id + " kept changing under " + ROW_ATTEMPTS + " attempts", null);
                }
            }
            if (!progressed) {
                throw new FeedlineException.StorageUnavailable(TableAccess.COMPONENT,
                        "notification_fold was cancelled with no failed condition: " + outcome.reasons(), null);
            }
            live = stillHeld;
        }
        return 0;
    }

    /**
     * The row with the events' actors counted and, newest first, ahead of the latest it holds, if it
     * is still the revision read. The events are of one row, each of a distinct actor not yet counted.
     */
    private TransactWriteItem rowUpdate(List<NotificationEvent> events, String id, Optional<EnhancedDocument> row, long expiresAt) {
        NotificationEvent event = events.getFirst();
        List<NotificationEvent> newestFirst = events.stream()
                .sorted(java.util.Comparator.comparing(NotificationEvent::at).reversed())
                .toList();
        List<AttributeValue> actors = new ArrayList<>();
        newestFirst.stream().limit(Notification.MAX_ACTORS)
                .forEach(e -> actors.add(AttributeValue.fromS(e.actor().value())));
        Instant latestAt = newestFirst.getFirst().at();
        long revision = 0;
        if (row.isPresent()) {
            revision = row.get().getNumber(REVISION).longValue();
            Instant stored = Instant.ofEpochMilli(row.get().getNumber(LATEST_AT).longValue());
            latestAt = stored.isAfter(latestAt) ? stored : latestAt;
            row.get().getList(ACTORS, software.amazon.awssdk.enhanced.dynamodb.EnhancedType.of(String.class)).stream()
                    .limit(Math.max(0, Notification.MAX_ACTORS - actors.size()))
                    .forEach(actor -> actors.add(AttributeValue.fromS(actor)));
        }
        TableLayout.Entity entity = TableLayout.Entity.NOTIFICATION;
        Expressions update = Expressions.update()
                .setIfAbsent(TableLayout.ENTITY, AttributeValue.fromS(entity.tag))
                .setIfAbsent(TableLayout.VERSION, n(entity.version))
                .setIfAbsent(NOTIFICATION_TYPE, AttributeValue.fromS(event.type().wireName()))
                .set(ACTORS, AttributeValue.fromL(actors))
                .set(LATEST_AT, n(latestAt.toEpochMilli()))
                .set(TTL, n(expiresAt))
                .set(REVISION, n(revision + 1))
                .add(ACTOR_COUNT, events.size());
        event.post().ifPresent(post -> update.setIfAbsent(POST_ID, AttributeValue.fromS(post.value())));
        if (row.isPresent()) {
            update.when(update.name(REVISION) + " = " + update.value(n(revision)));
        } else {
            update.when("attribute_not_exists(" + update.name(PK) + ")");
        }
        return db.update(TableLayout.notification(event.recipient(), id), update.build());
    }

    @Override
    public Page<Notification> page(UserId recipient, Set<NotificationType> types, PageRequest page) {
        Map<String, String> names = new HashMap<>(Map.of("#pk", PK, "#sk", SK));
        Map<String, AttributeValue> values = new HashMap<>(Map.of(
                ":pk", AttributeValue.fromS(TableLayout.notificationsPk(recipient)),
                ":rows", AttributeValue.fromS(TableLayout.NOTIFICATION_PREFIX)));
        QueryRequest.Builder query = QueryRequest.builder()
                .tableName(db.tableName)
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :rows)")
                .scanIndexForward(false)
                .consistentRead(true)
                .limit(page.limit());
        if (!types.isEmpty()) {
            List<String> placeholders = new ArrayList<>();
            for (NotificationType type : types) {
                String placeholder = ":t" + type.ordinal();
                placeholders.add(placeholder);
                values.put(placeholder, AttributeValue.fromS(type.wireName()));
            }
            names.put("#type", NOTIFICATION_TYPE);
            query.filterExpression("#type IN (" + String.join(", ", placeholders) + ")");
        }
        page.after().ifPresent(token -> query.exclusiveStartKey(TableLayout.keyMap(
                TableLayout.notification(recipient, Notification.requireId("cursor", token.value())))));
        query.expressionAttributeNames(names).expressionAttributeValues(values);
        QueryResponse response = db.call("notifications_page", () -> db.client.query(query.build()));
        List<Notification> items = response.items().stream().map(DynamoNotifications::notification).toList();
        Optional<PageToken> next = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                ? Optional.of(new PageToken(TableLayout.notificationIdOf(response.lastEvaluatedKey().get(SK).s())))
                : Optional.empty();
        return new Page<>(items, next);
    }

    private static Notification notification(Map<String, AttributeValue> item) {
        return new Notification(
                TableLayout.notificationIdOf(item.get(SK).s()),
                NotificationType.fromWire(NOTIFICATION_TYPE, item.get(NOTIFICATION_TYPE).s()),
                Optional.ofNullable(item.get(POST_ID)).map(post -> PostId.of(post.s())),
                item.get(ACTORS).l().stream().map(actor -> UserId.of(actor.s())).toList(),
                Long.parseLong(item.get(ACTOR_COUNT).n()),
                Instant.ofEpochMilli(Long.parseLong(item.get(LATEST_AT).n())));
    }

    @Override
    public Optional<String> readMarker(UserId recipient) {
        return db.get("notifications_read_marker", TableLayout.readMarker(recipient))
                .map(item -> item.getString(READ_UP_TO));
    }

    /**
     * AP45: one conditional DeleteItem of the row. Its actor markers stay until they expire, so the
     * events they stand for are still counted and cannot bring the row back.
     */
    @Override
    public boolean dismiss(UserId recipient, String id) {
        Expressions condition = Expressions.update();
        condition.when("attribute_exists(" + condition.name(TableLayout.PK) + ")");
        return db.conditionally("AP45_notification_dismiss",
                () -> db.deleteItem(TableLayout.notification(recipient, id), condition.build()));
    }

    @Override
    public void markRead(UserId recipient, String upTo) {
        TableLayout.Entity entity = TableLayout.Entity.READ_MARKER;
        Expressions update = Expressions.update()
                .setIfAbsent(TableLayout.ENTITY, AttributeValue.fromS(entity.tag))
                .setIfAbsent(TableLayout.VERSION, n(entity.version))
                .set(READ_UP_TO, AttributeValue.fromS(upTo))
                .set(TTL, n(db.clock.instant().plus(retention).getEpochSecond()));
        String marker = update.name(READ_UP_TO);
        update.when("attribute_not_exists(" + marker + ") OR " + marker + " < " + update.value(AttributeValue.fromS(upTo)));
        // A failed condition means the marker is already past upTo, and stays there.
        db.conditionally("notifications_mark_read",
                () -> db.updateItem(TableLayout.readMarker(recipient), update.build(), ReturnValue.NONE));
    }

    @Override
    public int countAfter(UserId recipient, Optional<String> marker, int cap) {
        QueryRequest.Builder query = QueryRequest.builder()
                .tableName(db.tableName)
                .select(Select.COUNT)
                .limit(cap)
                // Consistent: a notification recorded or a marker moved a moment ago is counted so.
                .consistentRead(true)
                .expressionAttributeNames(Map.of("#pk", PK, "#sk", SK));
        AttributeValue pk = AttributeValue.fromS(TableLayout.notificationsPk(recipient));
        if (marker.isPresent()) {
            // Rows sort above every other item of the partition, so "above the marker's row" is rows only.
            query.keyConditionExpression("#pk = :pk AND #sk > :marker")
                    .expressionAttributeValues(Map.of(":pk", pk, ":marker", AttributeValue.fromS(TableLayout.notificationSk(marker.get()))));
        } else {
            query.keyConditionExpression("#pk = :pk AND begins_with(#sk, :rows)")
                    .expressionAttributeValues(Map.of(":pk", pk, ":rows", AttributeValue.fromS(TableLayout.NOTIFICATION_PREFIX)));
        }
        QueryResponse response = db.call("notifications_unread_count", () -> db.client.query(query.build()));
        return Math.min(response.count(), cap);
    }

    private static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }
}

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

    private final TableAccess db;
    private final Duration retention;

    DynamoNotifications(TableAccess db, Duration retention) {
        this.db = db;
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
            List<TransactWriteItem> items = List.of(db.putNew(marker), rowUpdate(event, id, row, expiresAt));
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

    /** The row with the actor counted and first among the latest, if it is still the revision read. */
    private TransactWriteItem rowUpdate(NotificationEvent event, String id, Optional<EnhancedDocument> row, long expiresAt) {
        List<AttributeValue> actors = new ArrayList<>();
        actors.add(AttributeValue.fromS(event.actor().value()));
        Instant latestAt = event.at();
        long revision = 0;
        if (row.isPresent()) {
            revision = row.get().getNumber(REVISION).longValue();
            Instant stored = Instant.ofEpochMilli(row.get().getNumber(LATEST_AT).longValue());
            latestAt = stored.isAfter(latestAt) ? stored : latestAt;
            row.get().getList(ACTORS, software.amazon.awssdk.enhanced.dynamodb.EnhancedType.of(String.class)).stream()
                    .limit(Notification.MAX_ACTORS - 1)
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
                .add(ACTOR_COUNT, 1);
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

package io.feedline.adapter.dynamodb;

import static io.feedline.adapter.dynamodb.TableLayout.SUBSCRIBERS;
import static io.feedline.adapter.dynamodb.TableLayout.SUBSCRIBER_ID;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Subscriptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Subscriptions in the author's own partition: one item per subscriber ({@code SUBSCRIBERS#<author>}
 * / {@code USER#<subscriber>}) and the count ({@code SUBSCRIBERS#<author>} / {@code #COUNT}). A
 * subscribe or unsubscribe is one transaction: the item, put only if absent (deleted only if
 * present), and the count's {@code ADD}, so the count is exact and a repeat changes nothing.
 * Reading whether one user is subscribed is one consistent GetItem (AP18); a page of subscribers
 * one consistent Query (AP19); the count one consistent GetItem.
 */
final class DynamoSubscriptions implements Subscriptions {
    private final TableAccess db;

    DynamoSubscriptions(TableAccess db) {
        this.db = db;
    }

    @Override
    public boolean subscribe(UserId subscriber, UserId author) {
        EnhancedDocument item = TableLayout.Entity.SUBSCRIPTION.document(TableLayout.subscription(author, subscriber))
                .putString(SUBSCRIBER_ID, subscriber.value())
                .build();
        List<TransactWriteItem> items = List.of(db.putNew(item), countChange(author, +1));
        return db.transact("AP17_subscribe", items, Optional.empty()).committedUnlessFailed(0, "AP17_subscribe");
    }

    @Override
    public boolean unsubscribe(UserId subscriber, UserId author) {
        List<TransactWriteItem> items = List.of(db.deleteExisting(TableLayout.subscription(author, subscriber)), countChange(author, -1));
        return db.transact("AP17_unsubscribe", items, Optional.empty()).committedUnlessFailed(0, "AP17_unsubscribe");
    }

    private TransactWriteItem countChange(UserId author, long delta) {
        TableLayout.Entity entity = TableLayout.Entity.SUBSCRIPTION_COUNT;
        return db.update(TableLayout.subscriptionCount(author), Expressions.update()
                .setIfAbsent(TableLayout.ENTITY, AttributeValue.fromS(entity.tag))
                .setIfAbsent(TableLayout.VERSION, AttributeValue.fromN(Integer.toString(entity.version)))
                .add(SUBSCRIBERS, delta)
                .build());
    }

    @Override
    public boolean isSubscribed(UserId subscriber, UserId author) {
        return db.get("AP18_is_subscribed", TableLayout.subscription(author, subscriber)).isPresent();
    }

    @Override
    public Page<UserId> subscribers(UserId author, PageRequest request) {
        QueryEnhancedRequest.Builder query = QueryEnhancedRequest.builder()
                .queryConditional(TableLayout.subscribers(author))
                .consistentRead(true)
                .attributesToProject(TableLayout.PK, TableLayout.SK, SUBSCRIBER_ID)
                .limit(request.limit() + 1);
        request.after().ifPresent(token -> query.exclusiveStartKey(
                TableLayout.keyMap(TableLayout.subscription(author, Cursors.userId(token)))));
        List<EnhancedDocument> items = db.queryPage("AP19_subscribers", query.build()).items();
        // One more than asked for is read in the same request: the last page carries no token.
        List<UserId> ids = new ArrayList<>();
        for (EnhancedDocument item : items.subList(0, Math.min(items.size(), request.limit()))) {
            ids.add(UserId.of(item.getString(SUBSCRIBER_ID)));
        }
        if (items.size() <= request.limit()) {
            return Page.last(ids);
        }
        return new Page<>(ids, Optional.of(Cursors.after(ids.getLast())));
    }

    @Override
    public long count(UserId author) {
        return db.get("subscriber_count", TableLayout.subscriptionCount(author))
                .map(item -> DynamoPostCounters.number(item, SUBSCRIBERS))
                .orElse(0L);
    }
}

package io.feedline.adapter.dynamodb;

import static io.feedline.adapter.dynamodb.TableLayout.AUTHOR_ID;

import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FeedItems;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;

/**
 * The materialized feeds: one item per reader and post ({@code FEED#<reader>} / {@code POST#<id>}),
 * holding the author and a {@code ttl} of now plus the retention. The key is the whole identity of
 * an entry, so a replayed delivery overwrites itself.
 */
final class DynamoFeedItems implements FeedItems {
    private final TableAccess db;
    private final Duration retention;

    DynamoFeedItems(TableAccess db, Duration retention) {
        this.db = db;
        this.retention = retention;
    }

    @Override
    public void append(Collection<Delivery> deliveries) {
        if (deliveries.isEmpty()) {
            return;
        }
        long expiresAt = expiresAt();
        // One batch may not hold the same key twice: the last delivery of an entry wins.
        Map<Key, EnhancedDocument> items = new LinkedHashMap<>();
        for (Delivery delivery : deliveries) {
            items.put(TableLayout.feedItem(delivery.reader(), delivery.entry().postId()), item(delivery, expiresAt));
        }
        List<TableAccess.BatchOp> puts = new ArrayList<>(items.size());
        items.values().forEach(item -> puts.add(new TableAccess.BatchOp.PutDoc(item)));
        db.batchWrite("fanout_batch_write", puts);
    }

    long expiresAt() {
        return db.clock.instant().plus(retention).getEpochSecond();
    }

    static EnhancedDocument item(Delivery delivery, long expiresAt) {
        return TableLayout.Entity.FEED_ITEM.document(TableLayout.feedItem(delivery.reader(), delivery.entry().postId()))
                .putString(AUTHOR_ID, delivery.entry().authorId().value())
                .putNumber(TableLayout.TTL, expiresAt)
                .build();
    }

    @Override
    public List<PostRef> page(UserId reader, Optional<PostId> before, int limit) {
        QueryEnhancedRequest.Builder query = QueryEnhancedRequest.builder()
                .queryConditional(TableLayout.homeFeed(reader))
                .scanIndexForward(false)
                // A reader sees their own post, and no purged author, right after the write.
                .consistentRead(true)
                .attributesToProject(TableLayout.SK, AUTHOR_ID)
                .limit(limit);
        before.ifPresent(id -> query.exclusiveStartKey(TableLayout.keyMap(TableLayout.feedItem(reader, id))));
        return db.queryPage("AP1_home_feed", query.build()).items().stream().map(DynamoFeedItems::entry).toList();
    }

    @Override
    public void remove(Collection<Delivery> entries) {
        if (entries.isEmpty()) {
            return;
        }
        // One batch may not name the same key twice.
        Map<Key, TableAccess.BatchOp> deletes = new LinkedHashMap<>();
        for (Delivery entry : entries) {
            Key key = TableLayout.feedItem(entry.reader(), entry.entry().postId());
            deletes.put(key, new TableAccess.BatchOp.DeleteKey(key));
        }
        db.batchWrite("feed_remove", new ArrayList<>(deletes.values()));
    }

    private static PostRef entry(EnhancedDocument item) {
        String sk = item.getString(TableLayout.SK);
        return new PostRef(PostId.of(sk.substring(TableLayout.Entity.FEED_ITEM.skPrefix.length())),
                UserId.of(item.getString(AUTHOR_ID)));
    }
}

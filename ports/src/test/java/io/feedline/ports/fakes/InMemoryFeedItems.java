package io.feedline.ports.fakes;

import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FeedItems;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Every reader's durable feed in memory, keyed by post id as the table's sort key is. Entries never
 * expire here: retention is the engine's business and no test waits 90 days.
 */
public final class InMemoryFeedItems implements FeedItems {
    private final Map<UserId, NavigableMap<PostId, PostRef>> feeds = new HashMap<>();
    private final CallLog calls = new CallLog();

    public CallLog calls() {
        return calls;
    }

    @Override
    public synchronized void append(Collection<Delivery> deliveries) {
        calls.record("append");
        calls.recordDelivered(deliveries.size());
        for (Delivery delivery : deliveries) {
            feeds.computeIfAbsent(delivery.reader(), r -> new TreeMap<>())
                    .put(delivery.entry().postId(), delivery.entry());
        }
    }

    @Override
    public synchronized List<PostRef> page(UserId reader, Optional<PostId> before, int limit) {
        calls.record("page");
        NavigableMap<PostId, PostRef> feed = feeds.getOrDefault(reader, new TreeMap<>());
        NavigableMap<PostId, PostRef> older = before.map(b -> feed.headMap(b, false)).orElse(feed);
        return older.descendingMap().values().stream().limit(limit).toList();
    }

    @Override
    public synchronized void remove(Collection<Delivery> entries) {
        calls.record("remove");
        for (Delivery entry : entries) {
            NavigableMap<PostId, PostRef> feed = feeds.get(entry.reader());
            if (feed != null) {
                feed.remove(entry.entry().postId());
            }
        }
    }
}

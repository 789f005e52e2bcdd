package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.TimelineCache;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;

/**
 * The hot window of the all-DynamoDB profile: a view over the very {@code FEED#} items of
 * {@link DynamoFeedItems}, uncapped. Writers skip it ({@link #mirrorsFeedItems()}), since the durable
 * feed already holds every entry; a reader has a window exactly when its feed has an entry. Its
 * {@link #evict} and {@link #replace} therefore rewrite the durable feed itself, which is why the
 * domain never calls them on a mirror.
 */
final class DynamoTimelineCache implements TimelineCache {
    private final TableAccess db;
    private final DynamoFeedItems feed;

    DynamoTimelineCache(TableAccess db, DynamoFeedItems feed) {
        this.db = db;
        this.feed = feed;
    }

    @Override
    public boolean mirrorsFeedItems() {
        return true;
    }

    @Override
    public void add(Collection<Delivery> deliveries) {
        feed.append(deliveries);
    }

    @Override
    public Optional<List<PostRef>> range(UserId reader, Optional<PostId> before, int limit) {
        List<PostRef> entries = feed.page("AP1_home_feed", reader, before, limit);
        if (!entries.isEmpty()) {
            return Optional.of(entries);
        }
        // Nothing older than the cursor: one more request tells "end of window" from "no window".
        if (before.isPresent() && exists(reader)) {
            return Optional.of(List.of());
        }
        return Optional.empty();
    }

    @Override
    public void remove(UserId reader, PostId post) {
        feed.removeOne(reader, post);
    }

    @Override
    public void removeAuthor(UserId reader, UserId author) {
        feed.removeAuthor(reader, author);
    }

    private boolean exists(UserId reader) {
        return !db.queryPage("timeline_exists", QueryEnhancedRequest.builder()
                        .queryConditional(TableLayout.homeFeed(reader))
                        .attributesToProject(TableLayout.PK, TableLayout.SK)
                        .limit(1)
                        .build())
                .items()
                .isEmpty();
    }

    /**
     * Writes the new entries first and only then deletes the rest, so that a concurrent reader may
     * for a moment see both, but never a window with holes.
     */
    @Override
    public void replace(UserId reader, List<PostRef> entries) {
        List<EnhancedDocument> current = feed.keysOf("timeline_replace", reader);
        feed.append(entries.stream().map(entry -> new Delivery(reader, entry)).toList());
        Set<PostId> kept = new HashSet<>();
        entries.forEach(entry -> kept.add(entry.postId()));
        feed.removeAll("timeline_replace",
                current.stream().filter(item -> !kept.contains(DynamoFeedItems.entry(item).postId())).toList());
    }

    @Override
    public void evict(UserId reader) {
        feed.removeAll("timeline_evict", feed.keysOf("timeline_evict", reader));
    }
}

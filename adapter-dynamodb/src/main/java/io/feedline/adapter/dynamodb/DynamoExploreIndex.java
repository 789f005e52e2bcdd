package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.ExploreIndex;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;

/**
 * Explore's latest posts over the write-sharded time index ({@link ExploreLayout}), written by
 * {@link DynamoPosts} in each post's own publish and delete transactions. A slice reads the
 * {@value ExploreLayout#SHARDS} shards of a day in parallel (AP40: one consistent Query each, at
 * most the slice's size), merges them newest first and moves to the day before while the slice
 * is short, at most {@value #DAYS_PER_SLICE} days; a slice cut short there continues from the
 * next day, so days with no posts never end the list early. The walk ends past the retention.
 */
final class DynamoExploreIndex implements ExploreIndex {
    /** Days a slice walks at most: {@value} x {@value ExploreLayout#SHARDS} Queries at worst. */
    static final int DAYS_PER_SLICE = 3;
    /** A post's id may be a little ahead of this server's clock; the walk starts past it. */
    private static final Duration CLOCK_SLACK = Duration.ofMinutes(5);

    private final TableAccess db;
    private final Clock clock;

    DynamoExploreIndex(TableAccess db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    @Override
    public Slice latest(Optional<PostId> before, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit < 1");
        }
        LocalDate oldest = clock.instant().minus(ExploreLayout.RETENTION).atZone(ZoneOffset.UTC).toLocalDate();
        LocalDate day;
        Optional<PostId> bound = before;
        if (before.isEmpty()) {
            day = clock.instant().plus(CLOCK_SLACK).atZone(ZoneOffset.UTC).toLocalDate();
        } else if (before.get().equals(ExploreLayout.startOf(ExploreLayout.dayOf(before.get())))) {
            // A cursor at the start of a day (a slice cut short) means the day before, whole.
            day = ExploreLayout.dayOf(before.get()).minusDays(1);
            bound = Optional.empty();
        } else {
            day = ExploreLayout.dayOf(before.get());
        }
        List<PostRef> found = new ArrayList<>(limit);
        for (int walked = 0; walked < DAYS_PER_SLICE; walked++) {
            if (day.isBefore(oldest)) {
                return new Slice(found, Optional.empty());
            }
            found.addAll(day(day, bound, limit - found.size()));
            if (found.size() == limit) {
                return new Slice(found, Optional.of(found.getLast().postId()));
            }
            day = day.minusDays(1);
            bound = Optional.empty();
        }
        return new Slice(found, day.isBefore(oldest) ? Optional.empty() : Optional.of(ExploreLayout.startOf(day.plusDays(1))));
    }

    /** The newest {@code need} entries of one day older than {@code bound}: the shards' Queries in parallel, merged. */
    private List<PostRef> day(LocalDate day, Optional<PostId> bound, int need) {
        List<Integer> shards = IntStream.range(0, ExploreLayout.SHARDS).boxed().toList();
        return SideBySide.apply(shards, ExploreLayout.SHARDS, "AP40_explore_latest", shard -> shard(day, shard, bound, need))
                .stream()
                .flatMap(List::stream)
                .sorted(Comparator.comparing(PostRef::postId).reversed())
                .limit(need)
                .toList();
    }

    private List<PostRef> shard(LocalDate day, int shard, Optional<PostId> bound, int need) {
        QueryEnhancedRequest.Builder request = QueryEnhancedRequest.builder()
                .queryConditional(ExploreLayout.shard(day, shard))
                .scanIndexForward(false)
                .consistentRead(true)
                .limit(need);
        bound.ifPresent(id -> request.exclusiveStartKey(TableLayout.keyMap(ExploreLayout.startAfter(day, shard, id))));
        return db.queryPage("AP40_explore_latest", request.build()).items().stream()
                .map(item -> new PostRef(PostId.of(item.getString(TableLayout.POST_ID)), UserId.of(item.getString(TableLayout.AUTHOR_ID))))
                .toList();
    }
}

package io.feedline.domain.tags;

import io.feedline.domain.fanout.TagRanking;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.TagUse;
import io.feedline.ports.model.Trending;
import io.feedline.ports.out.TagIndex;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Ranks the tags of the last 24 hours (the current UTC hour and the 23 before it) by their uses,
 * most first (ties by name), and stores the top {@value #TOP}: a read of the ranking is then one
 * GetItem. The worker ranks again after it has counted new uses, at most once per
 * {@link #REFRESH_EVERY} per process: 24 Queries of the hours' partitions (each at most
 * {@value #TAGS_PER_HOUR} tags; past that, an hour's least-named tags are not ranked).
 */
public final class TrendingRanker implements TagRanking {
    static final int TOP = 20;
    static final int HOURS = 24;
    static final int TAGS_PER_HOUR = 1000;
    public static final Duration REFRESH_EVERY = Duration.ofSeconds(60);

    private final TagIndex index;
    private final AtomicLong lastRankedAt = new AtomicLong(Long.MIN_VALUE);
    private final AtomicBoolean counted = new AtomicBoolean();

    public TrendingRanker(TagIndex index) {
        this.index = index;
    }

    /** A use was counted: the next {@link #rankIfDue} ranks again (once the interval allows). */
    @Override
    public void used() {
        counted.set(true);
    }

    /** Ranks and stores the ranking if uses were counted since the last and the interval has passed. */
    @Override
    public boolean rankIfDue(Instant now) {
        long last = lastRankedAt.get();
        if (!counted.get() || (last != Long.MIN_VALUE && now.toEpochMilli() - last < REFRESH_EVERY.toMillis())) {
            return false;
        }
        if (!lastRankedAt.compareAndSet(last, now.toEpochMilli())) {
            return false;
        }
        counted.set(false);
        index.storeTrending(rank(now));
        return true;
    }

    public Trending rank(Instant now) {
        Map<Tag, Long> uses = new HashMap<>();
        Instant hour = now.truncatedTo(ChronoUnit.HOURS);
        for (int h = 0; h < HOURS; h++) {
            index.usesInHour(hour.minus(h, ChronoUnit.HOURS), TAGS_PER_HOUR).forEach(use -> uses.merge(use.tag(), use.uses(), Long::sum));
        }
        List<TagUse> top = uses.entrySet().stream()
                .map(e -> new TagUse(e.getKey(), e.getValue()))
                .sorted(Comparator.comparingLong(TagUse::uses).reversed().thenComparing(TagUse::tag))
                .limit(TOP)
                .toList();
        return new Trending(top, now);
    }
}

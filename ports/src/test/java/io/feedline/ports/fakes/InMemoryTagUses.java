package io.feedline.ports.fakes;

import io.feedline.ports.model.Tag;
import io.feedline.ports.model.TagUse;
import io.feedline.ports.model.Trending;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/** The use counts of tags in memory: per UTC hour, ever (by name, as autocomplete reads them), and the stored ranking. */
final class InMemoryTagUses {
    private final Map<Instant, Map<Tag, Long>> byHour = new HashMap<>();
    private final NavigableMap<String, Long> ever = new TreeMap<>();
    private final CallLog calls;
    private Trending trending = Trending.NONE;

    InMemoryTagUses(CallLog calls) {
        this.calls = calls;
    }

    synchronized void recordUse(Tag tag, Instant at) {
        calls.record("recordUse");
        byHour.computeIfAbsent(at.truncatedTo(ChronoUnit.HOURS), h -> new HashMap<>()).merge(tag, 1L, Long::sum);
        ever.merge(tag.value(), 1L, Long::sum);
    }

    synchronized List<TagUse> usesInHour(Instant hour, int limit) {
        calls.record("usesInHour");
        return byHour.getOrDefault(hour.truncatedTo(ChronoUnit.HOURS), Map.of()).entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .limit(limit)
                .map(e -> new TagUse(e.getKey(), e.getValue()))
                .toList();
    }

    synchronized long uses(Tag tag) {
        calls.record("uses");
        return ever.getOrDefault(tag.value(), 0L);
    }

    synchronized List<TagUse> byPrefix(String prefix, int limit) {
        calls.record("byPrefix");
        return ever.tailMap(prefix, true).entrySet().stream()
                .takeWhile(e -> e.getKey().startsWith(prefix))
                .limit(limit)
                .map(e -> new TagUse(new Tag(e.getKey()), e.getValue()))
                .toList();
    }

    synchronized void storeTrending(Trending ranking) {
        calls.record("storeTrending");
        trending = ranking;
    }

    synchronized Trending trending() {
        calls.record("trending");
        return trending;
    }
}

package io.feedline.domain;

import io.feedline.ports.model.RelationSet;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Relations;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Each reader's mutes and blocks, read whole (one Query of the reader's partition) and kept in this
 * process for {@link #TTL}. A change made through this process drops the sets of both users it
 * concerns at once; a change made through another process reaches this one's reads within
 * {@link #TTL}. Writes that a block must refuse (follow, reply, mention) never use this cache: they
 * read the pair strongly consistent.
 */
final class RelationSets {
    /** How stale a reader's set may be in a process that did not make the change. */
    static final Duration TTL = Duration.ofSeconds(5);
    /** The most readers kept; past it the cache starts over, which costs one Query per reader. */
    static final int MAX_READERS = 50_000;

    private record Entry(RelationSet set, Instant readAt) {}

    private final Relations relations;
    private final Clock clock;
    private final ConcurrentHashMap<UserId, Entry> cache = new ConcurrentHashMap<>();
    /** Moves on every change, so a read that overlapped a change does not cache what it read. */
    private final AtomicLong changes = new AtomicLong();

    RelationSets(Relations relations, Clock clock) {
        this.relations = relations;
        this.clock = clock;
    }

    /** The reader's filter: from the cache when fresh, else one read of the store. */
    ReaderFilter filterFor(UserId reader) {
        Instant now = clock.instant();
        Entry entry = cache.get(reader);
        if (entry != null && now.isBefore(entry.readAt().plus(TTL))) {
            return new ReaderFilter(entry.set());
        }
        long before = changes.get();
        RelationSet set = relations.of(reader);
        if (changes.get() == before) {
            if (cache.size() >= MAX_READERS) {
                cache.clear();
            }
            cache.put(reader, new Entry(set, now));
        }
        return new ReaderFilter(set);
    }

    /** The set read now, bypassing the cache (for limits checked before a write). */
    RelationSet fresh(UserId reader) {
        return relations.of(reader);
    }

    /** Drops the cached sets of users whose relations just changed. */
    void changed(UserId first, UserId second) {
        changes.incrementAndGet();
        cache.remove(first);
        cache.remove(second);
    }
}

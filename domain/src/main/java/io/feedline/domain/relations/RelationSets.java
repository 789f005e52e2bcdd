package io.feedline.domain.relations;

import io.feedline.ports.model.Post;
import io.feedline.ports.model.RelationChange;
import io.feedline.ports.model.RelationSet;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Announcements;
import io.feedline.ports.out.Relations;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Each reader's mutes and blocks, read whole (one Query of the reader's partition) and kept in this
 * process. A change made through this process drops the sets of both users it concerns at once and
 * is announced to the other processes ({@link Announcements}), which drop theirs when they hear
 * it. While this process hears every announcement, a set is kept for {@link #HEARD_TTL}; while it
 * may miss some (the channel is down, or not yet up), for {@link #TTL}, the bound on how long
 * another process's change can go unseen. Writes that a block must refuse (follow, reply, mention)
 * never use this cache: they read the pair strongly consistent.
 */
public final class RelationSets implements AutoCloseable {
    /** How long a set is kept while changes made elsewhere may go unheard. */
    public static final Duration TTL = Duration.ofSeconds(5);
    /**
     * How long a set is kept while every change made elsewhere is heard: long enough that a reader
     * who reads a page every few minutes costs no Query per page, short enough to bound a word the
     * channel lost while both ends stayed connected.
     */
    public static final Duration HEARD_TTL = Duration.ofMinutes(10);
    /** The most readers kept; past it the cache starts over, which costs one Query per reader. */
    static final int MAX_READERS = 50_000;

    private record Entry(RelationSet set, Instant readAt) {}

    private final Relations relations;
    private final Announcements<RelationChange> announcements;
    private final Clock clock;
    private final ConcurrentHashMap<UserId, Entry> cache = new ConcurrentHashMap<>();
    /** Moves on every change, so a read that overlapped a change does not cache what it read. */
    private final AtomicLong changes = new AtomicLong();
    private volatile Duration keep = TTL;
    private final Announcements.Subscription heard;

    public RelationSets(Relations relations, Announcements<RelationChange> announcements, Clock clock) {
        this.relations = relations;
        this.announcements = announcements;
        this.clock = clock;
        this.heard = announcements.listen(new Announcements.Listener<>() {
            @Override
            public void heard(RelationChange change) {
                forget(change.first(), change.second());
            }

            @Override
            public void hearing(boolean everyChange) {
                // What was kept before may have missed a word either way; from here on it is kept as
                // long as the channel allows.
                changes.incrementAndGet();
                cache.clear();
                keep = everyChange ? HEARD_TTL : TTL;
            }
        });
    }

    /**
     * Whether a block separates {@code user} from the post's author (or, for a repost entry, from
     * its original's author), either way, read from the authors' sets: every like or repost of one
     * post asks of the same author, so a hot post's likes share one kept set, where the likers' own
     * sets would cost a read for nearly every like.
     */
    public boolean separated(UserId user, Post post) {
        return separated(user, post.authorId())
                || post.repostOf().map(original -> separated(user, original.authorId())).orElse(false);
    }

    private boolean separated(UserId user, UserId author) {
        return !user.equals(author) && filterFor(author).separated(user);
    }

    /** The reader's filter: from the cache when fresh, else one read of the store. */
    public ReaderFilter filterFor(UserId reader) {
        Instant now = clock.instant();
        Entry entry = cache.get(reader);
        if (entry != null && now.isBefore(entry.readAt().plus(keep))) {
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
    public RelationSet fresh(UserId reader) {
        return relations.of(reader);
    }

    /** Users' relations just changed through this process: its copies go, and the others are told. */
    public void changed(UserId first, UserId second) {
        forget(first, second);
        announcements.announce(new RelationChange(first, second));
    }

    private void forget(UserId first, UserId second) {
        changes.incrementAndGet();
        cache.remove(first);
        cache.remove(second);
    }

    @Override
    public void close() {
        heard.close();
    }
}

package io.feedline.ports.fakes;

import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.TimelineCache;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Capped hot windows in memory, behaving like the Redis sorted sets: ordered by post id, trimmed to
 * the cap on every write; a part (adds to a reader without a whole window) reads as missing and is
 * gone once empty, a whole window stays when emptied. {@link #setAvailable(boolean) setAvailable(false)}
 * makes every call fail as an unreachable cache does, so the domain's fallbacks can be tested.
 */
public final class InMemoryTimelineCache implements TimelineCache {
    public static final int DEFAULT_CAP = 800;

    private final int cap;
    private final Map<UserId, NavigableMap<PostId, PostRef>> windows = new HashMap<>();
    /** The readers whose window is whole; the other entries of {@link #windows} are parts. */
    private final Set<UserId> whole = new HashSet<>();
    /** The token of each reader's rebuild in progress; any removal, eviction or replace ends it. */
    private final Map<UserId, String> rebuilds = new HashMap<>();
    private long nextToken;
    private final CallLog calls = new CallLog();
    private boolean available = true;
    private Set<String> failing = Set.of();

    public InMemoryTimelineCache() {
        this(DEFAULT_CAP);
    }

    public InMemoryTimelineCache(int cap) {
        if (cap < 1) {
            throw new IllegalArgumentException("cap must be positive: " + cap);
        }
        this.cap = cap;
    }

    public CallLog calls() {
        return calls;
    }

    /** While false, every call is counted and then fails with {@code StorageUnavailable("timelines", ...)}. */
    public synchronized void setAvailable(boolean available) {
        this.available = available;
    }

    @Override
    public synchronized void add(Collection<Delivery> deliveries) {
        enter("add");
        calls.recordDelivered(deliveries.size());
        Set<UserId> touched = new HashSet<>();
        for (Delivery delivery : deliveries) {
            windows.computeIfAbsent(delivery.reader(), r -> new TreeMap<>())
                    .put(delivery.entry().postId(), delivery.entry());
            touched.add(delivery.reader());
        }
        touched.forEach(reader -> trim(windows.get(reader)));
    }

    @Override
    public synchronized Optional<List<PostRef>> range(UserId reader, Optional<PostId> before, int limit) {
        enter("range");
        NavigableMap<PostId, PostRef> window = windows.get(reader);
        if (window == null || !whole.contains(reader)) {
            return Optional.empty();
        }
        NavigableMap<PostId, PostRef> older = before.map(b -> window.headMap(b, false)).orElse(window);
        return Optional.of(older.descendingMap().values().stream().limit(limit).toList());
    }

    @Override
    public synchronized void remove(UserId reader, PostId post) {
        enter("remove");
        rebuilds.remove(reader);
        NavigableMap<PostId, PostRef> window = windows.get(reader);
        if (window != null) {
            window.remove(post);
            dropIfEmpty(reader);
        }
    }

    @Override
    public synchronized void removeAuthor(UserId reader, UserId author) {
        enter("removeAuthor");
        rebuilds.remove(reader);
        NavigableMap<PostId, PostRef> window = windows.get(reader);
        if (window != null) {
            window.values().removeIf(ref -> ref.authorId().equals(author));
            dropIfEmpty(reader);
        }
    }

    /** Whether the reader has a whole window, looked at from outside the port: counted as no call, never failing. */
    public synchronized boolean holdsWindow(UserId reader) {
        return whole.contains(reader);
    }

    @Override
    public synchronized void replace(UserId reader, List<PostRef> entries) {
        enter("replace");
        rebuilds.remove(reader);
        NavigableMap<PostId, PostRef> window = new TreeMap<>();
        entries.forEach(ref -> window.put(ref.postId(), ref));
        trim(window);
        windows.put(reader, window);
        whole.add(reader);
    }

    @Override
    public synchronized void evict(UserId reader) {
        enter("evict");
        rebuilds.remove(reader);
        windows.remove(reader);
        whole.remove(reader);
    }

    @Override
    public synchronized String beginRebuild(UserId reader) {
        enter("beginRebuild");
        String token = Long.toString(++nextToken);
        rebuilds.put(reader, token);
        return token;
    }

    @Override
    public synchronized boolean completeRebuild(UserId reader, List<PostRef> entries, String token) {
        enter("completeRebuild");
        if (!token.equals(rebuilds.get(reader)) || whole.contains(reader)) {
            return false;
        }
        rebuilds.remove(reader);
        // The part holds the adds since the reader's window went missing: the page may lack them.
        NavigableMap<PostId, PostRef> window = windows.computeIfAbsent(reader, r -> new TreeMap<>());
        entries.forEach(ref -> window.putIfAbsent(ref.postId(), ref));
        trim(window);
        whole.add(reader);
        return true;
    }

    /** Makes only these methods (by name, e.g. "add") fail as unavailable, until called again; none by default. */
    public synchronized void failing(String... methods) {
        this.failing = Set.of(methods);
    }

    private void enter(String method) {
        calls.record(method);
        if (!available || failing.contains(method)) {
            throw new FeedlineException.StorageUnavailable("timelines", "the timeline cache is unavailable", null);
        }
    }

    private void trim(NavigableMap<PostId, PostRef> window) {
        while (window.size() > cap) {
            window.pollFirstEntry();
        }
    }

    // An emptied part is no part; an emptied whole window stays whole (as its marker keeps it in Redis).
    private void dropIfEmpty(UserId reader) {
        if (windows.get(reader).isEmpty() && !whole.contains(reader)) {
            windows.remove(reader);
        }
    }
}

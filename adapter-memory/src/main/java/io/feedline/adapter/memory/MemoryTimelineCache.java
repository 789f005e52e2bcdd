package io.feedline.adapter.memory;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.TimelineCache;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.LongSupplier;

/**
 * Hot windows in this process's heap: one immutable {@link Window} per reader in a Caffeine cache
 * bounded by the number of readers. Each change to a reader's window is one atomic step on that
 * key (the map's {@code compute}), which builds the next window and swaps it in, so a reader sees
 * the window before or after a change, never half of one, and never waits on a lock to read.
 *
 * <p>A window pushed out by the bound, expired, or lost with the process, is a missing window: the
 * domain rebuilds it from the durable feed on the reader's next read, as it does for Redis. Adds to
 * a reader without a whole window are kept as a part, which reads as missing (see
 * {@link TimelineCache}); the rebuild merges the durable page into it. A rebuild holds a token per
 * reader that every removal, eviction or replace withdraws first, and the rebuilt window goes in (by
 * {@code compute}) only while its token stands and no whole window has appeared.
 */
final class MemoryTimelineCache implements TimelineCache {
    /** A rebuild that never completes (its reader's process failed mid-way) is forgotten after this. */
    private static final Duration REBUILD_TIMEOUT = Duration.ofMinutes(1);

    private final Cache<UserId, Window> windows;
    private final Cache<UserId, String> rebuilds;
    private final int cap;

    MemoryTimelineCache(long maxWindows, int cap) {
        this(maxWindows, cap, MemorySettings.DEFAULT_WINDOW_TTL, System::nanoTime);
    }

    /**
     * Each window lives {@code ttl} after its last write, so a window no write could repair does not
     * live on; that time is read from {@code nanoTime} ({@code System::nanoTime} outside tests).
     */
    MemoryTimelineCache(long maxWindows, int cap, Duration ttl, LongSupplier nanoTime) {
        if (cap < 1) {
            throw new IllegalArgumentException("cap must be at least 1, got " + cap);
        }
        this.cap = cap;
        // Eviction runs on the writing thread: no background pool, and the bound holds right after
        // each write rather than eventually.
        this.rebuilds = Caffeine.newBuilder().ticker(nanoTime::getAsLong).maximumSize(maxWindows).expireAfterWrite(REBUILD_TIMEOUT).executor(Runnable::run).build();
        // Run within the eviction's atomic step on the key: a rebuild under way may have read its
        // page before an add whose entry left with the part, so it is withdrawn too.
        this.windows = Caffeine.newBuilder().ticker(nanoTime::getAsLong).maximumSize(maxWindows).expireAfterWrite(ttl).executor(Runnable::run)
                .evictionListener((UserId reader, Window window, RemovalCause cause) -> rebuilds.invalidate(reader))
                .build();
    }

    @Override
    public void add(Collection<Delivery> deliveries) {
        Map<UserId, List<PostRef>> byReader = new LinkedHashMap<>();
        for (Delivery delivery : deliveries) {
            byReader.computeIfAbsent(delivery.reader(), reader -> new ArrayList<>()).add(delivery.entry());
        }
        // A rebuild under way is left standing: it merges what this adds to the part.
        byReader.forEach((reader, entries) -> windows.asMap().compute(reader, (r, current) -> Window.merge(current, entries, cap)));
    }

    @Override
    public Optional<List<PostRef>> range(UserId reader, Optional<PostId> before, int limit) {
        Objects.requireNonNull(before, "before");
        if (limit < 0) {
            throw new FeedlineException.InvalidInput("limit", "limit must not be negative");
        }
        return Optional.ofNullable(windows.getIfPresent(reader)).filter(Window::whole).map(window -> window.olderThan(before, limit));
    }

    @Override
    public void remove(UserId reader, PostId post) {
        rebuilds.invalidate(reader);
        windows.asMap().computeIfPresent(reader, (r, window) -> window.without(post));
    }

    @Override
    public void removeAuthor(UserId reader, UserId author) {
        rebuilds.invalidate(reader);
        windows.asMap().computeIfPresent(reader, (r, window) -> window.withoutAuthor(author));
    }

    @Override
    public void replace(UserId reader, List<PostRef> entries) {
        rebuilds.invalidate(reader);
        windows.put(reader, Window.rebuilt(null, entries, cap));
    }

    @Override
    public void evict(UserId reader) {
        rebuilds.invalidate(reader);
        windows.invalidate(reader);
    }

    @Override
    public String beginRebuild(UserId reader) {
        String token = UUID.randomUUID().toString();
        rebuilds.put(reader, token);
        return token;
    }

    @Override
    public boolean completeRebuild(UserId reader, List<PostRef> entries, String token) {
        boolean[] wrote = {false};
        windows.asMap().compute(reader, (r, current) -> {
            // A write to this reader withdraws the token before it touches the window, so either it
            // came first (no token: leave what it made) or it comes after and applies to the rebuilt one.
            // A part left by adds before the rebuild began is merged in: the page may still lack it.
            if ((current != null && current.whole()) || !rebuilds.asMap().remove(r, token)) {
                return current;
            }
            wrote[0] = true;
            return Window.rebuilt(current, entries, cap);
        });
        return wrote[0];
    }

    /** How many windows are held now, once pending evictions are done (for the module's tests). */
    long windowCount() {
        windows.cleanUp();
        return windows.estimatedSize();
    }
}

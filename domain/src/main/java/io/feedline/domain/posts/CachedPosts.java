package io.feedline.domain.posts;

import io.feedline.domain.fanout.CountCache;
import io.feedline.domain.support.CacheWarnings;
import io.feedline.ports.model.CachedPost;
import io.feedline.ports.model.CountChange;
import io.feedline.ports.model.CounterKind;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.out.PostCache;
import io.feedline.ports.out.Posts;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Posts read through the post cache: hits are served from it, the misses of a page are read from
 * {@link Posts} in one batch and written back. The durable store stays the truth, so a cache that
 * is down, flushed or cold only costs the batch read, never a failed read. A delete writes its
 * tombstone before the durable delete, so no copy of the post is served once the delete answers;
 * the counter processor moves the cached like and reply counts when it applies their deltas; a
 * repost or unrepost moves the cached repost count in the same request; and a reply published or
 * deleted drops its parent's entry, so the parent's reply count is read exact once applied.
 */
public final class CachedPosts implements CountCache {
    /** Stripes of post ids for {@link #begun} and {@link #finished}: a fixed size, whatever the number of posts. */
    private static final int STRIPES = 1024;

    private final Posts posts;
    private final PostCache cache;
    private final CacheWarnings warnings;
    /**
     * Count applies of this process, begun and finished, per stripe of post ids. A read that loads
     * a post from {@link Posts} writes it back only if no apply of its stripe was under way when it
     * started or began since: an apply's cache increment is a no-op on a missing entry, so a copy
     * loaded before the apply and written after it would keep the old count until it expires. What
     * is left is the moment between that check and the write; an apply (a write to the store, then
     * the increment) does not fit in it in practice. Applies of other processes are not seen here.
     */
    private final AtomicLongArray begun = new AtomicLongArray(STRIPES);
    private final AtomicLongArray finished = new AtomicLongArray(STRIPES);

    public CachedPosts(Posts posts, PostCache cache, CacheWarnings warnings) {
        this.posts = posts;
        this.cache = cache;
        this.warnings = warnings;
    }

    /** The post, or NotFound if it does not exist or is deleted. */
    public Post existing(PostId id) {
        return get(id).orElseThrow(CachedPosts::noSuchPost);
    }

    /** What a read, a like or a repost answers for a post that does not exist (or is not to be found by its caller). */
    public static FeedlineException.NotFound noSuchPost() {
        return new FeedlineException.NotFound("post", "no such post");
    }

    /** The post, if it exists and is not deleted. */
    public Optional<Post> get(PostId id) {
        Optional<CachedPost> cached;
        try {
            cached = cache.get(id);
        } catch (FeedlineException.StorageUnavailable e) {
            warnings.readFailed(e);
            return posts.get(id);
        }
        if (cached.isPresent()) {
            return switch (cached.get()) {
                case CachedPost.Present present -> Optional.of(present.post());
                case CachedPost.Deleted deleted -> Optional.empty();
            };
        }
        int stripe = stripe(id);
        long before = begun.get(stripe);
        boolean quiet = before == finished.get(stripe);
        Optional<Post> loaded = posts.get(id);
        if (quiet && begun.get(stripe) == before) {
            loaded.ifPresent(post -> writeBack(List.of(post)));
        }
        return loaded;
    }

    /** The posts among {@code refs} that exist, by id: one cache read, then one batch read of the misses. */
    public Map<PostId, Post> getAll(Collection<PostRef> refs) {
        Map<PostId, Post> found = HashMap.newHashMap(refs.size());
        if (refs.isEmpty()) {
            return found;
        }
        List<PostId> ids = new ArrayList<>(refs.size());
        for (PostRef ref : refs) {
            ids.add(ref.postId());
        }
        Map<PostId, CachedPost> cached;
        boolean cacheUp = true;
        try {
            cached = cache.getAll(ids);
        } catch (FeedlineException.StorageUnavailable e) {
            warnings.readFailed(e);
            cached = Map.of();
            cacheUp = false;
        }
        List<PostRef> misses = new ArrayList<>();
        for (PostRef ref : refs) {
            switch (cached.get(ref.postId())) {
                case CachedPost.Present present -> found.put(ref.postId(), present.post());
                case CachedPost.Deleted deleted -> { }
                case null -> misses.add(ref);
            }
        }
        if (!misses.isEmpty()) {
            Map<PostId, Long> before = new HashMap<>();
            for (PostRef miss : misses) {
                int stripe = stripe(miss.postId());
                long started = begun.get(stripe);
                if (started == finished.get(stripe)) {
                    before.put(miss.postId(), started);
                }
            }
            List<Post> loaded = posts.getAll(misses);
            loaded.forEach(post -> found.put(post.id(), post));
            List<Post> quiet = loaded.stream()
                    .filter(post -> before.containsKey(post.id()) && begun.get(stripe(post.id())) == before.get(post.id()))
                    .toList();
            if (cacheUp && !quiet.isEmpty()) {
                writeBack(quiet);
            }
        }
        return found;
    }

    /**
     * Tombstones the post, then deletes it durably. Without the tombstone a cached copy could outlive
     * the delete, so a cache that cannot take it fails the delete before anything changed. If the
     * durable delete fails, the tombstone is dropped again (the post's truth is then read from
     * {@link Posts}).
     */
    boolean delete(PostRef post, List<FanoutJob> jobs) {
        cache.tombstone(post.postId());
        try {
            return posts.delete(post, jobs);
        } catch (RuntimeException e) {
            try {
                cache.evict(post.postId());
            } catch (FeedlineException.StorageUnavailable evictFailed) {
                e.addSuppressed(evictFailed);
            }
            throw e;
        }
    }

    /** The counter processor is about to apply deltas to {@code ids}: reads of them stop writing back until {@link #countsApplied}. */
    @Override
    public void countsApplying(Collection<PostId> ids) {
        ids.forEach(id -> begun.incrementAndGet(stripe(id)));
    }

    /** The apply {@link #countsApplying} announced is over (done or failed), its cached counts moved. */
    @Override
    public void countsApplied(Collection<PostId> ids) {
        ids.forEach(id -> finished.incrementAndGet(stripe(id)));
    }

    private static int stripe(PostId id) {
        return Math.floorMod(id.hashCode(), STRIPES);
    }

    /**
     * The counter processor applied {@code change}: a cached like count follows it; any other
     * count is not moved in place, so the entry is dropped and the next read loads it exact.
     */
    @Override
    public void countMoved(CountChange change) {
        if (change.kind() == CounterKind.LIKES) {
            likesMoved(change.post().postId(), change.delta());
            return;
        }
        if (change.kind() == CounterKind.REPOSTS) {
            repostsMoved(change.post().postId(), change.delta());
            return;
        }
        try {
            cache.evict(change.post().postId());
        } catch (FeedlineException.StorageUnavailable e) {
            // The entry's expiry bounds how long the count is off.
            warnings.writeFailed(e);
        }
    }

    /**
     * The durable like count moved by {@code delta}: the cached count follows. If it
     * cannot, the entry is dropped so that the next read loads the exact count; if that fails too,
     * the entry's expiry bounds how long the count is off.
     */
    void likesMoved(PostId id, long delta) {
        countMoved(id, () -> cache.incrementLikes(id, delta));
    }

    /** A repost or unrepost changed the durable repost count by {@code delta}: as {@link #likesMoved}. */
    void repostsMoved(PostId id, long delta) {
        countMoved(id, () -> cache.incrementReposts(id, delta));
    }

    private void countMoved(PostId id, Runnable increment) {
        try {
            increment.run();
        } catch (FeedlineException.StorageUnavailable e) {
            warnings.writeFailed(e);
            try {
                cache.evict(id);
            } catch (FeedlineException.StorageUnavailable ignored) {
                // Already counted and logged above; the entry's expiry bounds it.
            }
        }
    }

    /**
     * A reply to {@code id} was published or deleted, moving its durable reply count: the cached
     * copy is dropped so the next read loads the exact count (the entry's expiry bounds a failure).
     */
    public void repliesMoved(PostId id) {
        try {
            cache.evict(id);
        } catch (FeedlineException.StorageUnavailable e) {
            warnings.writeFailed(e);
        }
    }

    private void writeBack(List<Post> loaded) {
        try {
            cache.putAll(loaded);
        } catch (FeedlineException.StorageUnavailable e) {
            warnings.writeFailed(e);
        }
    }
}

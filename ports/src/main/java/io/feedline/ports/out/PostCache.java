package io.feedline.ports.out;

import io.feedline.ports.model.CachedPost;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * Post bodies, like and repost counts, and repost entries kept in front of {@link Posts}, so that a feed page is hydrated without
 * a read of the durable store. It is a cache: {@link Posts} stays the truth, an entry may be missing
 * at any time, and a missing entry is read from {@link Posts} and written back. A deleted post leaves
 * a tombstone, so that no copy of it is served after the delete, even from a window that still lists
 * it. Every failure surfaces as {@link io.feedline.ports.model.FeedlineException.StorageUnavailable}
 * within a bounded time.
 */
public interface PostCache {

    /**
     * What the cache holds for each id, in one round trip; an id it holds nothing for is absent from
     * the answer (a miss). Meant for pages that were just listed from a window: an adapter may answer
     * from a copy near the caller, kept fresh by the engine's invalidations.
     */
    Map<PostId, CachedPost> getAll(Collection<PostId> ids);

    /** What the shared cache holds for one id, read from the shared engine itself (never a near copy). */
    Optional<CachedPost> get(PostId id);

    /**
     * Writes posts just read from {@link Posts}, like counts included, replacing what was held for
     * them; never over a tombstone.
     */
    void putAll(Collection<Post> posts);

    /** Marks the post deleted: from now on reads answer {@link CachedPost.Deleted} for it (until the entry expires). */
    void tombstone(PostId id);

    /** Moves the cached like count by {@code delta} if the post is cached; a no-op otherwise. */
    void incrementLikes(PostId id, long delta);

    /** Moves the cached repost count by {@code delta} if the post is cached; a no-op otherwise. */
    void incrementReposts(PostId id, long delta);

    /** Forgets the post, tombstone included, so that the next read loads it from {@link Posts}. */
    void evict(PostId id);
}

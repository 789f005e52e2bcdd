package io.feedline.adapter.memory;

import io.feedline.ports.model.CachedPost;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.out.PostCache;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * Post bodies, like counts and tombstones in this process's heap, for the one-process embedded
 * profile: a Caffeine cache bounded in entries, each living a fixed time after it was written.
 * Every change is one atomic step on its key, so a write-back never lands over a tombstone and an
 * increment never loses another.
 */
final class MemoryPostCache implements PostCache {
    private final Cache<PostId, CachedPost> entries;

    MemoryPostCache(long maxPosts, Duration ttl) {
        // Eviction runs on the writing thread: no background pool, and the bound holds after each write.
        this.entries = Caffeine.newBuilder().maximumSize(maxPosts).expireAfterWrite(ttl).executor(Runnable::run).build();
    }

    @Override
    public Map<PostId, CachedPost> getAll(Collection<PostId> ids) {
        return entries.getAllPresent(ids);
    }

    @Override
    public Optional<CachedPost> get(PostId id) {
        return Optional.ofNullable(entries.getIfPresent(id));
    }

    @Override
    public void putAll(Collection<Post> posts) {
        for (Post post : posts) {
            entries.asMap().compute(post.id(),
                    (id, current) -> current instanceof CachedPost.Deleted ? current : new CachedPost.Present(post));
        }
    }

    @Override
    public void tombstone(PostId id) {
        entries.put(id, new CachedPost.Deleted());
    }

    @Override
    public void incrementLikes(PostId id, long delta) {
        entries.asMap().computeIfPresent(id, (key, current) -> current instanceof CachedPost.Present present
                ? new CachedPost.Present(present.post().withLikeCount(Math.max(0, present.post().likeCount() + delta)))
                : current);
    }

    @Override
    public void incrementReposts(PostId id, long delta) {
        entries.asMap().computeIfPresent(id, (key, current) -> current instanceof CachedPost.Present present
                ? new CachedPost.Present(present.post().withRepostCount(Math.max(0, present.post().repostCount() + delta)))
                : current);
    }

    @Override
    public void evict(PostId id) {
        entries.invalidate(id);
    }
}

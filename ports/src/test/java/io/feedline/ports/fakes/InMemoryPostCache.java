package io.feedline.ports.fakes;

import io.feedline.ports.model.CachedPost;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.out.PostCache;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Post bodies, like counts and tombstones in a map, unbounded and never expiring.
 * {@link #setAvailable(boolean) setAvailable(false)} makes every call fail as an unreachable cache
 * does, and {@link #clear()} empties it as a flush does, so the domain's fallbacks can be tested.
 */
public final class InMemoryPostCache implements PostCache {
    private final Map<PostId, CachedPost> entries = new HashMap<>();
    private final CallLog calls = new CallLog();
    private boolean available = true;

    public CallLog calls() {
        return calls;
    }

    /** While false, every call is counted and then fails with {@code StorageUnavailable("posts-cache", ...)}. */
    public synchronized void setAvailable(boolean available) {
        this.available = available;
    }

    /** Forgets everything, as a flushed or restarted engine does. */
    public synchronized void clear() {
        entries.clear();
    }

    @Override
    public synchronized Map<PostId, CachedPost> getAll(Collection<PostId> ids) {
        enter("getAll");
        Map<PostId, CachedPost> found = new HashMap<>();
        for (PostId id : ids) {
            CachedPost entry = entries.get(id);
            if (entry != null) {
                found.put(id, entry);
            }
        }
        return found;
    }

    @Override
    public synchronized Optional<CachedPost> get(PostId id) {
        enter("get");
        return Optional.ofNullable(entries.get(id));
    }

    @Override
    public synchronized void putAll(Collection<Post> posts) {
        enter("putAll");
        for (Post post : posts) {
            if (!(entries.get(post.id()) instanceof CachedPost.Deleted)) {
                entries.put(post.id(), new CachedPost.Present(post));
            }
        }
    }

    @Override
    public synchronized void tombstone(PostId id) {
        enter("tombstone");
        entries.put(id, new CachedPost.Deleted());
    }

    @Override
    public synchronized void incrementLikes(PostId id, long delta) {
        enter("incrementLikes");
        if (entries.get(id) instanceof CachedPost.Present present) {
            entries.put(id, new CachedPost.Present(present.post().withLikeCount(Math.max(0, present.post().likeCount() + delta))));
        }
    }

    @Override
    public synchronized void incrementReposts(PostId id, long delta) {
        enter("incrementReposts");
        if (entries.get(id) instanceof CachedPost.Present present) {
            entries.put(id, new CachedPost.Present(present.post().withRepostCount(Math.max(0, present.post().repostCount() + delta))));
        }
    }

    @Override
    public synchronized void evict(PostId id) {
        enter("evict");
        entries.remove(id);
    }

    private void enter(String method) {
        calls.record(method);
        if (!available) {
            throw new FeedlineException.StorageUnavailable("posts-cache", method + " failed: cache unavailable", null);
        }
    }
}

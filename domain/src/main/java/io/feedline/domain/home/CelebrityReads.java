package io.feedline.domain.home;

import io.feedline.domain.events.FollowEvents;
import io.feedline.domain.events.PostEvents;
import io.feedline.domain.feed.PullMerge;
import io.feedline.domain.support.RefreshingCache;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.Posts;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a hybrid read merges in at read time, kept in the process: each reader's edges to the
 * celebrities, and each celebrity's newest entries. A hot hybrid page then reads no follow edge and
 * runs no query per celebrity: the kept entries are references, hydrated with the rest of the page
 * in its one read through the post cache, so a deleted post still drops out at once and counts are
 * the cache's. This process's own follows, unfollows, blocks, publishes, reposts and deletes forget
 * what they change at once; another process's reach this one within {@code ttl}, as a fanned-out
 * post reaches a window within the fan-out's lag.
 */
public final class CelebrityReads implements PostEvents, FollowEvents {
    /** Newest entries kept per celebrity: two and a half first pages' worth. */
    public static final int KEPT_ENTRIES = 50;
    /** Bounds of what is kept (about 30 MB at worst), past which it starts over. */
    private static final int MAX_READERS = 50_000;
    private static final int MAX_AUTHORS = 4_000;

    /** An author's newest entries, newest first: every one of them when {@code all}. */
    private record Newest(List<PostRef> refs, boolean all) {}

    private final FollowGraph graph;
    private final Posts posts;
    private final PullMerge pull;
    private final RefreshingCache<UserId, Set<UserId>> edges;
    private final RefreshingCache<UserId, Newest> newest;

    public CelebrityReads(FollowGraph graph, Posts posts, PullMerge pull, Clock clock, Duration ttl) {
        this.graph = graph;
        this.posts = posts;
        this.pull = pull;
        this.edges = new RefreshingCache<>(clock, ttl, MAX_READERS);
        this.newest = new RefreshingCache<>(clock, ttl, MAX_AUTHORS);
    }

    /** The celebrities among {@code celebrities} that {@code reader} follows, and the reader if one of them. */
    Set<UserId> followedBy(UserId reader, Set<UserId> celebrities) {
        if (celebrities.isEmpty()) {
            return Set.of();
        }
        Set<UserId> followed = edges.get(reader, () -> {
            Set<UserId> others = new HashSet<>(celebrities);
            others.remove(reader);
            return Set.copyOf(others.isEmpty() ? Set.of() : graph.followedAmong(reader, others));
        });
        // The set is kept against the celebrities of its load: one marked since is not followed through it yet.
        Set<UserId> pulled = new HashSet<>(followed);
        pulled.retainAll(celebrities);
        if (celebrities.contains(reader)) {
            pulled.add(reader);
        }
        return pulled;
    }

    /**
     * The newest {@code limit} entries of these authors older than {@code before}, merged newest
     * first: from the kept entries where they reach that far, else by one query per author (the
     * queries in parallel), which a first page's miss also keeps.
     */
    List<PostRef> newest(Collection<UserId> authors, Optional<PostId> before, int limit) {
        if (authors.isEmpty()) {
            return List.of();
        }
        Map<UserId, List<PostRef>> found = new LinkedHashMap<>();
        List<UserId> toRead = new ArrayList<>();
        for (UserId author : authors) {
            Optional<List<PostRef>> kept = servedFrom(newest.fresh(author), before, limit);
            if (kept.isPresent()) {
                found.put(author, kept.get());
            } else {
                toRead.add(author);
            }
        }
        if (!toRead.isEmpty()) {
            List<List<PostRef>> read = pull.each(toRead, author -> read(author, before, limit));
            for (int i = 0; i < toRead.size(); i++) {
                found.put(toRead.get(i), read.get(i));
            }
        }
        return found.values().stream()
                .flatMap(List::stream)
                .distinct()
                .sorted(Comparator.comparing(PostRef::postId).reversed())
                .limit(limit)
                .toList();
    }

    private List<PostRef> read(UserId author, Optional<PostId> before, int limit) {
        Optional<List<PostRef>> kept = servedFrom(newest.get(author, () -> load(author)), before, limit);
        // Past what is kept: a page deep in the author's history, read as it is asked for.
        return kept.orElseGet(() -> refs(posts.byAuthor(author, before, limit)));
    }

    private Newest load(UserId author) {
        List<PostRef> refs = refs(posts.byAuthor(author, Optional.empty(), KEPT_ENTRIES));
        return new Newest(refs, refs.size() < KEPT_ENTRIES);
    }

    /** The kept entries older than {@code before}, at most {@code limit}, if they reach that far. */
    private static Optional<List<PostRef>> servedFrom(Newest kept, Optional<PostId> before, int limit) {
        if (kept == null) {
            return Optional.empty();
        }
        List<PostRef> older = before.isEmpty() ? kept.refs()
                : kept.refs().stream().filter(ref -> ref.postId().compareTo(before.get()) < 0).toList();
        if (older.size() < limit && !kept.all()) {
            return Optional.empty();
        }
        return Optional.of(older.subList(0, Math.min(limit, older.size())));
    }

    private static List<PostRef> refs(List<Post> posts) {
        return posts.stream().map(Post::ref).toList();
    }

    /** {@code reader} followed, unfollowed or blocked someone, or was blocked: its edges are read again. */
    void edgesChanged(UserId reader) {
        edges.forget(reader);
    }

    /** {@code author} published, reposted or deleted: its newest entries are read again. */
    void entriesChanged(UserId author) {
        newest.forget(author);
    }

    // This process's follows, unfollows, publishes, reposts and deletes show in its next hybrid read.

    @Override
    public void followed(UserId follower, Username followee) {
        edgesChanged(follower);
    }

    @Override
    public void unfollowed(UserId follower, Username followee) {
        edgesChanged(follower);
    }

    @Override
    public void published(Post post) {
        entriesChanged(post.authorId());
    }

    @Override
    public void deleted(PostRef post) {
        entriesChanged(post.authorId());
    }

    @Override
    public void repostsChanged(UserId reposter) {
        entriesChanged(reposter);
    }
}

package io.feedline.domain;

import io.feedline.ports.in.ReadHomeFeed;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FeedItems;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.Posts;
import io.feedline.ports.out.TimelineCache;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;

/**
 * Assembles a page of the home feed (DESIGN §4, "Read a page").
 *
 * <p>Push and hybrid read the materialized feed: the hot window first, continued by the durable
 * feed items past its end; a missing window is answered from the durable feed and refilled in the
 * background. Hybrid merges in the followed celebrities' newest posts. Pull merges every followed
 * author on each read. Past the end of the durable feed, the page is continued by a bounded pull
 * merge, so no reader ever meets a false end or an empty first page while the people they follow
 * have posts.
 */
final class HomeFeedReader implements ReadHomeFeed {
    /** A page whose entries were deleted is refilled from further down, at most this many times. */
    private static final int MAX_ROUNDS = 3;
    private static final int GRAPH_PAGE = 100;

    private final Posts posts;
    private final FollowGraph graph;
    private final FeedItems feedItems;
    private final TimelineCache timelines;
    private final FanoutPolicy policy;
    private final PullMerge pull;
    private final ExecutorService background;
    private final int windowSize;
    private final int maxColdPullSources;
    private final Set<UserId> rebuilding = ConcurrentHashMap.newKeySet();

    HomeFeedReader(Posts posts, FollowGraph graph, FeedItems feedItems, TimelineCache timelines, FanoutPolicy policy,
            PullMerge pull, ExecutorService background, FeedSettings settings) {
        this.posts = posts;
        this.graph = graph;
        this.feedItems = feedItems;
        this.timelines = timelines;
        this.policy = policy;
        this.pull = pull;
        this.background = background;
        this.windowSize = settings.windowSize();
        this.maxColdPullSources = settings.maxColdPullSources();
    }

    @Override
    public Page<Post> read(UserId caller, UserId owner, PageRequest page) {
        if (!caller.equals(owner)) {
            throw new FeedlineException.Forbidden("a home feed is read by its owner only");
        }
        Optional<PostId> before = PostCursor.before(page);
        List<Post> items = policy.mode() == FanoutMode.PULL
                ? pull.newest(sources(owner, Integer.MAX_VALUE, Set.of()), before, page.limit())
                : materialized(owner, before, page.limit());
        return new Page<>(items, PostCursor.after(items, page.limit()));
    }

    private List<Post> materialized(UserId owner, Optional<PostId> before, int limit) {
        Set<UserId> pulledAuthors = pulledAtRead(owner);
        List<Post> out = new ArrayList<>(limit);
        Optional<PostId> cursor = before;
        for (int round = 0; round < MAX_ROUNDS && out.size() < limit; round++) {
            int want = limit - out.size();
            Candidates candidates = candidates(owner, cursor, want, pulledAuthors);
            List<Post> celebrities = pull.newest(pulledAuthors, cursor, want);
            List<Candidate> taken = mergeTop(candidates, celebrities, want);
            out.addAll(hydrate(taken));
            if (taken.size() < want) {
                break;
            }
            cursor = Optional.of(taken.getLast().id());
        }
        return out;
    }

    /** The authors merged in at read time: followed celebrities, and the reader if they are one. */
    private Set<UserId> pulledAtRead(UserId owner) {
        Set<UserId> celebrities = policy.celebrities();
        if (celebrities.isEmpty()) {
            return Set.of();
        }
        Set<UserId> others = new HashSet<>(celebrities);
        boolean self = others.remove(owner);
        Set<UserId> pulled = new HashSet<>(others.isEmpty() ? Set.of() : graph.followedAmong(owner, others));
        if (self) {
            pulled.add(owner);
        }
        return pulled;
    }

    /** Feed entries older than the cursor, plus posts from a bounded pull merge past the feed's end. */
    private record Candidates(List<PostRef> refs, List<Post> pulled) {}

    private Candidates candidates(UserId owner, Optional<PostId> cursor, int want, Set<UserId> alreadyPulled) {
        List<PostRef> refs = new ArrayList<>(windowThenFeed(owner, cursor, want));
        List<Post> pulled = List.of();
        if (refs.size() < want) {
            Optional<PostId> end = refs.isEmpty() ? cursor : Optional.of(refs.getLast().postId());
            pulled = pull.newest(sources(owner, maxColdPullSources, alreadyPulled), end, want - refs.size());
        }
        return new Candidates(refs, pulled);
    }

    private List<PostRef> windowThenFeed(UserId owner, Optional<PostId> cursor, int want) {
        Optional<List<PostRef>> window;
        try {
            window = timelines.range(owner, cursor, want);
        } catch (FeedlineException.StorageUnavailable e) {
            // The cache is down: answer from the durable feed, and do not try to refill it now.
            return feedItems.page(owner, cursor, want);
        }
        if (window.isEmpty()) {
            if (cursor.isEmpty()) {
                refillInBackground(owner);
            }
            return feedItems.page(owner, cursor, want);
        }
        List<PostRef> refs = new ArrayList<>(window.get());
        if (refs.size() < want) {
            Optional<PostId> end = refs.isEmpty() ? cursor : Optional.of(refs.getLast().postId());
            refs.addAll(feedItems.page(owner, end, want - refs.size()));
        }
        return refs;
    }

    /** The reader and the authors they follow (at most {@code max}), less those already merged. */
    private Set<UserId> sources(UserId owner, int max, Set<UserId> exclude) {
        Set<UserId> sources = new LinkedHashSet<>();
        if (!exclude.contains(owner)) {
            sources.add(owner);
        }
        Optional<PageToken> next = Optional.empty();
        do {
            Page<UserId> page = graph.following(owner, new PageRequest(next, GRAPH_PAGE));
            for (UserId followee : page.items()) {
                if (sources.size() > max) {
                    return sources;
                }
                if (!exclude.contains(followee)) {
                    sources.add(followee);
                }
            }
            next = page.next();
        } while (next.isPresent());
        return sources;
    }

    /** A feed entry still to hydrate, or a post already read in full. */
    private record Candidate(PostId id, PostRef ref, Post post) {}

    private static List<Candidate> mergeTop(Candidates candidates, List<Post> celebrities, int want) {
        Map<PostId, Candidate> byId = new HashMap<>();
        for (PostRef ref : candidates.refs()) {
            byId.putIfAbsent(ref.postId(), new Candidate(ref.postId(), ref, null));
        }
        for (Post post : candidates.pulled()) {
            byId.put(post.id(), new Candidate(post.id(), post.ref(), post));
        }
        for (Post post : celebrities) {
            byId.put(post.id(), new Candidate(post.id(), post.ref(), post));
        }
        return byId.values().stream()
                .sorted(Comparator.comparing(Candidate::id).reversed())
                .limit(want)
                .toList();
    }

    /** One batch read for the entries; deleted posts are simply absent from it, so they drop out. */
    private List<Post> hydrate(List<Candidate> taken) {
        List<PostRef> toRead = taken.stream().filter(c -> c.post() == null).map(Candidate::ref).toList();
        Map<PostId, Post> read = new HashMap<>();
        if (!toRead.isEmpty()) {
            for (Post post : posts.getAll(toRead)) {
                read.put(post.id(), post);
            }
        }
        List<Post> out = new ArrayList<>(taken.size());
        for (Candidate candidate : taken) {
            Post post = candidate.post() != null ? candidate.post() : read.get(candidate.id());
            if (post != null) {
                out.add(post);
            }
        }
        return out;
    }

    private void refillInBackground(UserId owner) {
        if (!rebuilding.add(owner)) {
            return;
        }
        try {
            background.execute(() -> {
                try {
                    rebuild(owner);
                } finally {
                    rebuilding.remove(owner);
                }
            });
        } catch (RejectedExecutionException e) {
            rebuilding.remove(owner);
        }
    }

    /** Refills a missing window from the durable feed. */
    private void rebuild(UserId owner) {
        Windows.update(timelines, window -> window.replace(owner, feedItems.page(owner, Optional.empty(), windowSize)));
    }
}

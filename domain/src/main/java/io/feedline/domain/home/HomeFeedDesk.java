package io.feedline.domain.home;

import io.feedline.domain.feed.FanoutPolicy;
import io.feedline.domain.feed.PullMerge;
import io.feedline.domain.feed.Windows;
import io.feedline.domain.posts.CachedPosts;
import io.feedline.domain.posts.ReplyVisibility;
import io.feedline.domain.posts.RepostResolution;
import io.feedline.domain.relations.ReaderFilter;
import io.feedline.domain.relations.RelationSets;
import io.feedline.domain.settings.FeedSettings;
import io.feedline.domain.support.PostCursor;
import io.feedline.domain.tags.TagPolicy;
import io.feedline.domain.tags.TagSources;
import io.feedline.ports.in.ReadHomeFeed;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FeedItems;
import io.feedline.ports.out.FollowGraph;
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
 * Assembles a page of the home feed (docs/ARCHITECTURE.md, "Reading a page").
 *
 * <p>Push and hybrid read the materialized feed: the hot window first, continued by the durable
 * feed items past its end; a missing window is answered from the durable feed and refilled in the
 * background. Hybrid merges in the followed celebrities' newest posts. Pull merges every followed
 * author on each read. Past the end of the durable feed, the page is continued by a bounded pull
 * merge, so no reader ever meets a false end or an empty first page while the people they follow
 * have posts. A pull-mode page merges at most {@link FeedSettings#maxPullSources()} followees.
 * Replies are shown by {@link ReplyVisibility}'s rule and reposts by {@link RepostResolution}'s (each
 * post once, at its newest entry), the same in every mode.
 */
public final class HomeFeedDesk implements ReadHomeFeed {
    /** A page whose entries were deleted is refilled from further down, at most this many times. */
    private static final int MAX_ROUNDS = 3;
    private static final int GRAPH_PAGE = 100;

    private final CachedPosts posts;
    private final FollowGraph graph;
    private final FeedItems feedItems;
    private final Windows windows;
    private final FanoutPolicy policy;
    private final PullMerge pull;
    private final ReplyVisibility replies;
    private final RepostResolution reposts;
    private final ExecutorService background;
    private final int windowSize;
    private final int maxColdPullSources;
    private final int maxPullSources;
    private final Set<UserId> rebuilding = ConcurrentHashMap.newKeySet();
    private final RelationSets relationSets;
    private final TagSources tags;
    private final TagPolicy tagPolicy;
    private final CelebrityReads celebrityReads;

    public HomeFeedDesk(CachedPosts posts, FollowGraph graph, FeedItems feedItems, Windows windows, FanoutPolicy policy,
            PullMerge pull, RepostResolution reposts, ExecutorService background, FeedSettings settings,
            RelationSets relationSets, TagSources tags, TagPolicy tagPolicy, CelebrityReads celebrityReads) {
        this.celebrityReads = celebrityReads;
        this.tags = tags;
        this.tagPolicy = tagPolicy;
        this.posts = posts;
        this.graph = graph;
        this.feedItems = feedItems;
        this.windows = windows;
        this.policy = policy;
        this.pull = pull;
        this.replies = new ReplyVisibility(posts, graph);
        this.reposts = reposts;
        this.background = background;
        this.windowSize = settings.windowSize();
        this.maxColdPullSources = settings.maxColdPullSources();
        this.maxPullSources = settings.maxPullSources();
        this.relationSets = relationSets;
    }

    @Override
    public Page<Post> read(UserId caller, UserId owner, PageRequest page) {
        if (!caller.equals(owner)) {
            throw new FeedlineException.Forbidden("a home feed is read by its owner only");
        }
        Optional<PostId> before = PostCursor.before(page);
        Source source = policy.mode() == FanoutMode.PULL ? pullSource(owner) : materializedSource(owner);
        return assemble(owner, source, before, page.limit(), relationSets.filterFor(owner));
    }

    /** The authors and tags a reader's feed merges in at read time, rather than receiving them by fan-out. */
    public record ReadTimeSources(Set<UserId> authors, Set<Tag> tags) {
        public ReadTimeSources {
            authors = Set.copyOf(authors);
            tags = Set.copyOf(tags);
        }

        /** Whether a post by {@code author} with {@code postTags} reaches the feed through these sources. */
        public boolean merge(UserId author, List<Tag> postTags) {
            return authors.contains(author) || postTags.stream().anyMatch(tags::contains);
        }
    }

    /** The reader's read-time sources in the current mode: every followee and followed tag in pull mode. */
    public ReadTimeSources readTimeSources(UserId owner) {
        if (policy.mode() == FanoutMode.PULL) {
            return new ReadTimeSources(sources(owner, maxPullSources, Set.of()), tags.followed(owner));
        }
        return new ReadTimeSources(pulledAtRead(owner), tags.followedAmong(owner, tagPolicy.hot()));
    }

    /**
     * The posts of these feed entries as the reader's feed shows them, by the rules every page
     * applies: a repost as its original, replies by {@link ReplyVisibility}'s rule, nothing of the
     * accounts the reader mutes or blocks or is blocked by.
     */
    public List<Post> shown(UserId owner, List<Post> entries) {
        ReaderFilter filter = relationSets.filterFor(owner);
        return filter.visible(replies.visible(owner, reposts.inFeedOf(owner, entries, filter::hides)));
    }

    /** One round of a page: the posts of the next {@code want} feed entries, in feed order. */
    private interface Source {
        Round next(Optional<PostId> cursor, int want);
    }

    /**
     * The posts a round found, the last entry it examined (shown or not) and whether it took all it
     * was asked for, so that more may follow.
     */
    private record Round(List<Post> posts, Optional<PostId> last, boolean full) {}

    /**
     * Fills a page round by round, each round examining a page's worth of entries: entries that drop
     * out (deleted posts, replies the reader is not shown) are made up from further down. A full page
     * ends at its last post, whatever was examined past it, so every mode pages the same posts alike;
     * a page cut short by the round bound continues from the last entry examined, never a false end.
     */
    private Page<Post> assemble(UserId owner, Source source, Optional<PostId> before, int limit, ReaderFilter filter) {
        List<Post> out = new ArrayList<>(limit);
        Set<PostId> shown = HashSet.newHashSet(limit);
        Optional<PostId> cursor = before;
        boolean more = false;
        for (int round = 0; round < MAX_ROUNDS && out.size() < limit; round++) {
            Round next = source.next(cursor, limit);
            // Muted and blocked accounts' posts and reposts drop out like hidden replies, made up from further down.
            for (Post post : filter.visible(replies.visible(owner, reposts.inFeedOf(owner, next.posts(), filter::hides)))) {
                // A post whose newer entry the rule cannot see (its reposter's purge still running) shows once all the same.
                if (shown.add(post.id())) {
                    out.add(post);
                }
            }
            more = next.full();
            if (!more) {
                break;
            }
            cursor = next.last();
        }
        if (out.size() >= limit) {
            List<Post> page = out.subList(0, limit);
            return new Page<>(page, Optional.of(new PageToken(page.getLast().position().value())));
        }
        return new Page<>(out, more ? cursor.map(id -> new PageToken(id.value())) : Optional.empty());
    }

    private Source pullSource(UserId owner) {
        Set<UserId> authors = sources(owner, maxPullSources, Set.of());
        // Followed tags are sources as followed authors are; a post reaching the reader both ways is merged once.
        Set<Tag> followedTags = tags.followed(owner);
        return (cursor, want) -> {
            List<Post> found = followedTags.isEmpty()
                    ? pull.newest(authors, cursor, want)
                    : PullMerge.merge(List.of(pull.newest(authors, cursor, want), tags.newest(followedTags, cursor, want)), want);
            return new Round(found, found.isEmpty() ? cursor : Optional.of(found.getLast().id()), found.size() == want);
        };
    }

    private Source materializedSource(UserId owner) {
        Set<UserId> pulledAuthors = pulledAtRead(owner);
        // Hot tags the reader follows are merged in at read time, as celebrities are.
        Set<Tag> pulledTags = tags.followedAmong(owner, tagPolicy.hot());
        return (cursor, want) -> {
            Candidates candidates = candidates(owner, cursor, want, pulledAuthors, pulledTags);
            // The celebrities' entries are hydrated with the page's; a hot tag's posts come whole.
            List<PostRef> celebrities = celebrityReads.newest(pulledAuthors, cursor, want);
            List<Post> hotTags = pulledTags.isEmpty() ? List.of() : tags.newest(pulledTags, cursor, want);
            List<Candidate> taken = mergeTop(candidates, celebrities, hotTags, want);
            Optional<PostId> last = taken.isEmpty() ? cursor : Optional.of(taken.getLast().id());
            return new Round(hydrate(taken), last, taken.size() == want);
        };
    }

    /** The authors merged in at read time: followed celebrities, and the reader if they are one. */
    private Set<UserId> pulledAtRead(UserId owner) {
        return celebrityReads.followedBy(owner, policy.celebrities());
    }

    /** Feed entries older than the cursor, plus posts from a bounded pull merge past the feed's end. */
    private record Candidates(List<PostRef> refs, List<Post> pulled) {}

    private Candidates candidates(UserId owner, Optional<PostId> cursor, int want, Set<UserId> alreadyPulled,
            Set<Tag> tagsPulled) {
        List<PostRef> refs = new ArrayList<>(windowThenFeed(owner, cursor, want));
        List<Post> pulled = List.of();
        if (refs.size() < want) {
            Optional<PostId> end = refs.isEmpty() ? cursor : Optional.of(refs.getLast().postId());
            pulled = pull.newest(sources(owner, maxColdPullSources, alreadyPulled), end, want - refs.size());
            // Past the feed's end, followed tags are pulled as followed authors are.
            Set<Tag> coldTags = new LinkedHashSet<>(tags.followed(owner));
            coldTags.removeAll(tagsPulled);
            if (!coldTags.isEmpty()) {
                pulled = PullMerge.merge(List.of(pulled, tags.newest(coldTags, end, want - refs.size())), want - refs.size());
            }
        }
        return new Candidates(refs, pulled);
    }

    private List<PostRef> windowThenFeed(UserId owner, Optional<PostId> cursor, int want) {
        if (!windows.trusted(owner)) {
            // A write to this window failed and it could not be evicted: read past it, and rebuild it.
            refillInBackground(owner);
            return feedItems.page(owner, cursor, want);
        }
        Optional<List<PostRef>> window;
        try {
            window = windows.cache().range(owner, cursor, want);
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

    private static List<Candidate> mergeTop(Candidates candidates, List<PostRef> celebrities, List<Post> hotTags, int want) {
        if (celebrities.isEmpty() && hotTags.isEmpty() && candidates.pulled().isEmpty()) {
            List<Candidate> inOrder = alreadyInOrder(candidates.refs(), want);
            if (inOrder != null) {
                return inOrder;
            }
        }
        Map<PostId, Candidate> byId = new HashMap<>();
        for (PostRef ref : candidates.refs()) {
            byId.putIfAbsent(ref.postId(), new Candidate(ref.postId(), ref, null));
        }
        for (PostRef ref : celebrities) {
            byId.putIfAbsent(ref.postId(), new Candidate(ref.postId(), ref, null));
        }
        for (Post post : candidates.pulled()) {
            byId.put(post.id(), new Candidate(post.id(), post.ref(), post));
        }
        for (Post post : hotTags) {
            byId.put(post.id(), new Candidate(post.id(), post.ref(), post));
        }
        return byId.values().stream()
                .sorted(Comparator.comparing(Candidate::id).reversed())
                .limit(want)
                .toList();
    }

    /**
     * The first {@code want} entries as candidates when they are already newest first and distinct,
     * as a push page's window and durable feed give them (the merge's map and sort were a twentieth
     * of a loaded feed's samples); null when they are not, for the merge to order them.
     */
    private static List<Candidate> alreadyInOrder(List<PostRef> refs, int want) {
        for (int i = 1; i < refs.size(); i++) {
            if (refs.get(i).postId().compareTo(refs.get(i - 1).postId()) >= 0) {
                return null;
            }
        }
        List<Candidate> taken = new ArrayList<>(Math.min(want, refs.size()));
        for (PostRef ref : refs.subList(0, Math.min(want, refs.size()))) {
            taken.add(new Candidate(ref.postId(), ref, null));
        }
        return taken;
    }

    /**
     * One read through the post cache for the entries (its misses in one batch read); deleted posts
     * are absent from it, so they drop out.
     */
    private List<Post> hydrate(List<Candidate> taken) {
        List<PostRef> toRead = new ArrayList<>(taken.size());
        for (Candidate candidate : taken) {
            if (candidate.post() == null) {
                toRead.add(candidate.ref());
            }
        }
        Map<PostId, Post> read = posts.getAll(toRead);
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

    /**
     * Refills a missing (or distrusted) window from the durable feed, merged with the part that the
     * fan-outs since it went missing left (the durable page may lack those entries, since windows are
     * written first). A purge that reaches the reader between the durable read and the write
     * withdraws the rebuild (the page may still hold what it purged), so a rebuild never drops an
     * entry delivered meanwhile nor brings back one purged meanwhile. A distrusted window is dropped
     * first.
     */
    private void rebuild(UserId owner) {
        try {
            if (!windows.trusted(owner)) {
                windows.cache().evict(owner);
            }
            String token = windows.cache().beginRebuild(owner);
            windows.cache().completeRebuild(owner, feedItems.page(owner, Optional.empty(), windowSize), token);
            windows.rebuilt(owner);
        } catch (FeedlineException.StorageUnavailable e) {
            windows.failed(List.of(owner), e);
        }
    }
}

package io.feedline.domain.explore;

import io.feedline.domain.events.PostEvents;
import io.feedline.domain.posts.CachedPosts;
import io.feedline.domain.relations.RelationSets;
import io.feedline.domain.support.PostCursor;
import io.feedline.domain.support.RefreshingCache;
import io.feedline.ports.in.ReadExplore;
import io.feedline.ports.model.ExploreUsers;
import io.feedline.ports.model.ExploreWindow;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.Ranking;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.ExploreIndex;
import io.feedline.ports.out.Rankings;
import io.feedline.ports.out.UserAccounts;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Explore's three surfaces. Latest walks the time index slice by slice (deleted posts dropped at
 * hydration, up to {@value #ROUNDS} slices a page; a page cut short carries the cursor of where it
 * stopped, so it never ends the list early). Popular and the user rankings read their precomputed
 * ranking (one read) and hydrate it; popular pages by position in the ranking. Every list passes
 * through {@link #visible}, the one place a reader's filters apply.
 *
 * <p>The first slice of latest (per page size), each ranking and the ranked users' accounts are
 * kept for {@link #KEPT} in the process ({@link RefreshingCache}), since every anonymous reader asks for
 * the same ones: a process reads the index head, each ranking and the accounts at most about once
 * a second however many readers it serves. A publish or delete through this process, and an explicit refresh of the
 * rankings, forget them at once; another process's publish shows within {@link #KEPT}.
 */
public final class ExploreDesk implements ReadExplore, PostEvents {
    static final int ROUNDS = 3;
    public static final Duration KEPT = Duration.ofSeconds(1);

    /** Page sizes and ranking names are few: these bounds are never reached in practice. */
    private static final int MAX_KEPT = 256;

    private final RefreshingCache<Integer, ExploreIndex.Slice> heads;
    private final RefreshingCache<String, Ranking> ranked;
    private final RefreshingCache<Integer, ExploreUsers> users;

    private final ExploreIndex index;
    private final Rankings rankings;
    private final CachedPosts posts;
    private final UserAccounts accounts;
    private final Clock clock;
    private final RelationSets relationSets;

    public ExploreDesk(ExploreIndex index, Rankings rankings, CachedPosts posts, UserAccounts accounts, Clock clock,
            RelationSets relationSets) {
        this.relationSets = relationSets;
        this.index = index;
        this.rankings = rankings;
        this.posts = posts;
        this.accounts = accounts;
        this.clock = clock;
        this.heads = new RefreshingCache<>(clock, KEPT, MAX_KEPT);
        this.ranked = new RefreshingCache<>(clock, KEPT, MAX_KEPT);
        this.users = new RefreshingCache<>(clock, KEPT, MAX_KEPT);
    }

    @Override
    public Page<Post> latest(Optional<UserId> reader, PageRequest page) {
        Optional<PostId> from = PostCursor.before(page);
        List<Post> shown = new ArrayList<>(page.limit());
        for (int round = 0; round < ROUNDS; round++) {
            int want = page.limit() - shown.size();
            ExploreIndex.Slice slice = from.isEmpty() ? head(want) : index.latest(from, want);
            shown.addAll(visible(reader, hydrate(slice.posts())));
            from = slice.continueBefore();
            if (from.isEmpty() || shown.size() == page.limit()) {
                break;
            }
        }
        return new Page<>(shown, from.map(id -> new PageToken(id.value())));
    }

    @Override
    public Page<Post> popular(Optional<UserId> reader, ExploreWindow window, PageRequest page) {
        Objects.requireNonNull(window, "window");
        int offset = offset(page);
        long since = clock.instant().minus(window.length()).toEpochMilli();
        // A ranking is refreshed every few seconds: an entry that has left the window since is dropped here.
        List<Ranking.Entry> ranked = ranking(Popularity.popularPosts(window)).entries().stream()
                .filter(entry -> PostId.of(entry.id()).epochMillis() >= since)
                .toList();
        int end = Math.min(ranked.size(), offset + page.limit());
        List<PostRef> refs = offset >= end ? List.of() : ranked.subList(offset, end).stream()
                .map(entry -> new PostRef(PostId.of(entry.id()), UserId.of(entry.owner())))
                .toList();
        Optional<PageToken> next = end < ranked.size() ? Optional.of(new PageToken("r" + end)) : Optional.empty();
        return new Page<>(visible(reader, hydrate(refs)), next);
    }

    @Override
    public ExploreUsers users(int limit) {
        if (limit < 1 || limit > PageRequest.MAX_LIMIT) {
            throw new FeedlineException.InvalidInput("limit", "limit must be between 1 and " + PageRequest.MAX_LIMIT);
        }
        // The accounts are kept with the rankings: their counts and names may be a second old.
        return users.get(limit, () -> rankedUsers(limit));
    }

    private ExploreUsers rankedUsers(int limit) {
        List<Ranking.Entry> popular = ranking(Popularity.POPULAR_USERS).entries().stream().limit(limit).toList();
        List<Ranking.Entry> newest = ranking(Popularity.NEWEST_USERS).entries().stream().limit(limit).toList();
        Set<UserId> ids = new LinkedHashSet<>();
        popular.forEach(entry -> ids.add(UserId.of(entry.id())));
        newest.forEach(entry -> ids.add(UserId.of(entry.id())));
        Map<UserId, UserAccount> found = ids.isEmpty() ? Map.of() : accounts.findAllById(ids);
        List<ExploreUsers.Ranked> ranked = popular.stream()
                .filter(entry -> found.containsKey(UserId.of(entry.id())))
                .map(entry -> new ExploreUsers.Ranked(found.get(UserId.of(entry.id())).summary(), entry.score()))
                .toList();
        return new ExploreUsers(ranked, newest.stream()
                .map(entry -> found.get(UserId.of(entry.id())))
                .filter(Objects::nonNull)
                .map(UserAccount::summary)
                .toList());
    }

    /** Forgets the kept head slices and rankings: this process just changed what they show. */
    public void forget() {
        heads.forget();
        ranked.forget();
        users.forget();
    }

    @Override
    public void published(Post post) {
        forget();
    }

    @Override
    public void deleted(PostRef post) {
        forget();
    }

    @Override
    public void draftDeleted(PostId draft) {
        forget();
    }

    private ExploreIndex.Slice head(int limit) {
        return heads.get(limit, () -> index.latest(Optional.empty(), limit));
    }

    private Ranking ranking(String name) {
        return ranked.get(name, () -> rankings.read(name));
    }

    /** The posts of {@code refs} that still exist, in the order of {@code refs}. */
    private List<Post> hydrate(List<PostRef> refs) {
        Map<PostId, Post> found = posts.getAll(refs);
        return refs.stream().map(ref -> found.get(ref.postId())).filter(Objects::nonNull).toList();
    }

    /**
     * What a reader is shown of an explore list: all of it for an anonymous reader; for a signed-in
     * one, what their mutes and blocks leave (the one place the filter applies to explore).
     */
    private List<Post> visible(Optional<UserId> reader, List<Post> posts) {
        return reader.map(r -> relationSets.filterFor(r).visible(posts)).orElse(posts);
    }

    /** A popular page's position in its ranking: {@code r<n>}, made by the previous page. */
    private static int offset(PageRequest page) {
        if (page.after().isEmpty()) {
            return 0;
        }
        String value = page.after().get().value();
        if (value.length() < 2 || value.length() > 4 || value.charAt(0) != 'r') {
            throw new FeedlineException.InvalidInput("cursor", "cursor is malformed");
        }
        try {
            int offset = Integer.parseInt(value.substring(1));
            if (offset < 0 || offset > Ranking.MAX_ENTRIES) {
                throw new FeedlineException.InvalidInput("cursor", "cursor is malformed");
            }
            return offset;
        } catch (NumberFormatException e) {
            throw new FeedlineException.InvalidInput("cursor", "cursor is malformed");
        }
    }
}

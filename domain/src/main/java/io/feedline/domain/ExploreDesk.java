package io.feedline.domain;

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
 */
final class ExploreDesk implements ReadExplore {
    static final int ROUNDS = 3;

    private final ExploreIndex index;
    private final Rankings rankings;
    private final CachedPosts posts;
    private final UserAccounts accounts;
    private final Clock clock;

    ExploreDesk(ExploreIndex index, Rankings rankings, CachedPosts posts, UserAccounts accounts, Clock clock) {
        this.index = index;
        this.rankings = rankings;
        this.posts = posts;
        this.accounts = accounts;
        this.clock = clock;
    }

    @Override
    public Page<Post> latest(Optional<UserId> reader, PageRequest page) {
        Optional<PostId> from = PostCursor.before(page);
        List<Post> shown = new ArrayList<>(page.limit());
        for (int round = 0; round < ROUNDS; round++) {
            ExploreIndex.Slice slice = index.latest(from, page.limit() - shown.size());
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
        List<Ranking.Entry> ranked = rankings.read(Popularity.popularPosts(window)).entries().stream()
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
        List<Ranking.Entry> popular = rankings.read(Popularity.POPULAR_USERS).entries().stream().limit(limit).toList();
        List<Ranking.Entry> newest = rankings.read(Popularity.NEWEST_USERS).entries().stream().limit(limit).toList();
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

    /** The posts of {@code refs} that still exist, in the order of {@code refs}. */
    private List<Post> hydrate(List<PostRef> refs) {
        Map<PostId, Post> found = posts.getAll(refs);
        return refs.stream().map(ref -> found.get(ref.postId())).filter(Objects::nonNull).toList();
    }

    /**
     * What a reader is shown of an explore list: every post, as nobody can hide an author from
     * explore yet. The reader's mute and block filter applies here, and only here, when it exists.
     */
    private List<Post> visible(Optional<UserId> reader, List<Post> posts) {
        return posts;
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

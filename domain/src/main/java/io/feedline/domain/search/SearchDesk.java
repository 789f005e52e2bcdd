package io.feedline.domain.search;

import io.feedline.domain.posts.CachedPosts;
import io.feedline.domain.relations.ReaderFilter;
import io.feedline.domain.relations.RelationSets;
import io.feedline.domain.support.PostCursor;
import io.feedline.ports.in.Search;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.SearchQuery;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.SearchIndex;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Search over the {@link SearchIndex}. The index only finds: a page of post hits is hydrated with
 * the feed's own batch read ({@link CachedPosts#getAll}, which sees a delete at once through its
 * tombstones), so a post deleted a moment ago, whose index removal is still in the outbox, is
 * dropped from the page, and so are the hits a signed-in reader's mutes and blocks hide
 * ({@link ReaderFilter}, read through {@link RelationSets} as the home feed reads it). A page that
 * dropped hits may come back short, with a next cursor.
 */
public final class SearchDesk implements Search {
    private final SearchIndex index;
    private final CachedPosts posts;
    private final RelationSets relationSets;

    public SearchDesk(SearchIndex index, CachedPosts posts, RelationSets relationSets) {
        this.index = Objects.requireNonNull(index, "index");
        this.posts = Objects.requireNonNull(posts, "posts");
        this.relationSets = Objects.requireNonNull(relationSets, "relationSets");
    }

    @Override
    public Page<Post> posts(Optional<UserId> reader, SearchQuery query, PageRequest page) {
        List<PostRef> hits = index.searchPosts(query, PostCursor.before(page), page.limit());
        Map<PostId, Post> found = posts.getAll(hits);
        List<Post> shown = filterFor(reader).visible(hits.stream().map(hit -> found.get(hit.postId())).filter(Objects::nonNull).toList());
        Optional<PageToken> next = hits.size() < page.limit()
                ? Optional.empty()
                : Optional.of(new PageToken(hits.getLast().postId().value()));
        return new Page<>(shown, next);
    }

    @Override
    public Page<UserSummary> accounts(Optional<UserId> reader, SearchQuery query, PageRequest page) {
        Optional<Username> after = page.after().map(token -> {
            try {
                return Username.of(token.value());
            } catch (FeedlineException.InvalidInput e) {
                throw new FeedlineException.InvalidInput("cursor", "cursor is malformed");
            }
        });
        List<UserSummary> hits = index.searchAccounts(query, after, page.limit());
        Optional<PageToken> next = hits.size() < page.limit()
                ? Optional.empty()
                : Optional.of(new PageToken(hits.getLast().username().value()));
        ReaderFilter filter = filterFor(reader);
        List<UserSummary> shown = filter.isEmpty()
                ? hits
                : hits.stream().filter(hit -> !filter.separated(hit.id())).toList();
        return new Page<>(shown, next);
    }

    private ReaderFilter filterFor(Optional<UserId> reader) {
        return reader.map(relationSets::filterFor).orElse(ReaderFilter.NONE);
    }
}

package io.feedline.app.mastodon;

import io.feedline.app.mastodon.Entities.Account;
import io.feedline.app.mastodon.Entities.Hashtag;
import io.feedline.app.mastodon.Entities.Search;
import io.feedline.app.mastodon.Entities.Status;
import io.feedline.ports.in.ReadTags;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.SearchQuery;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.UserId;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code GET /api/v2/search}: accounts and statuses through Feedline's search (a signed-in caller's
 * mutes and blocks applied), hashtags by name prefix, most used first. Mastodon pages search by
 * {@code offset}; Feedline's search pages by cursor, so an offset is read through from the top, at
 * most {@link #MAX_OFFSET} deep. As on Mastodon, {@code offset} and {@code resolve} need a token.
 * Every account is local: {@code resolve} finds nothing more.
 */
final class SearchResource {
    static final int MAX_OFFSET = 400;
    private static final Set<String> TYPES = Set.of("accounts", "statuses", "hashtags");

    private final io.feedline.ports.in.Search search;
    private final ReadTags readTags;
    private final Requests requests;

    SearchResource(io.feedline.ports.in.Search search, ReadTags readTags, Requests requests) {
        this.search = search;
        this.readTags = readTags;
        this.requests = requests;
    }

    void search(Context ctx) {
        Params params = requests.params(ctx);
        String q = params.first("q").map(String::strip).orElse("");
        Optional<String> type = params.first("type").filter(t -> !t.isBlank());
        if (type.isPresent() && !TYPES.contains(type.get())) {
            throw MastodonError.validation("type must be accounts, statuses or hashtags");
        }
        int limit = PostPages.limit(ctx.queryParam("limit"));
        int offset = TagsResource.offset(ctx);
        Optional<UserId> reader = requests.optionalUser(ctx);
        boolean resolve = params.first("resolve").map(r -> r.equalsIgnoreCase("true") || r.equals("1")).orElse(false);
        if (reader.isEmpty() && (offset > 0 || resolve)) {
            throw MastodonError.unauthorized("Search queries that resolve remote resources or use offset require a signed-in user");
        }
        if (offset > MAX_OFFSET) {
            throw MastodonError.validation("offset must be at most " + MAX_OFFSET);
        }
        if (q.isEmpty()) {
            ctx.json(new Search(List.of(), List.of(), List.of()));
            return;
        }
        SearchQuery query;
        try {
            query = SearchQuery.of(q);
        } catch (FeedlineException.InvalidInput e) {
            throw MastodonError.validation(e.getMessage());
        }
        Render render = requests.render(ctx);
        List<Account> accounts = wants(type, "accounts")
                ? window(page -> search.accounts(reader, query, page), offset, limit).stream()
                        .map(summary -> render.account(summary.username())).toList()
                : List.of();
        List<Status> statuses = wants(type, "statuses")
                ? render.statuses(window(page -> search.posts(reader, query, page), offset, limit))
                : List.of();
        List<Hashtag> hashtags = wants(type, "hashtags") ? hashtags(render, q, offset, limit) : List.of();
        ctx.json(new Search(accounts, statuses, hashtags));
    }

    private static boolean wants(Optional<String> type, String kind) {
        return type.map(kind::equals).orElse(true);
    }

    /** Tags whose name starts with the query's (a leading # is dropped), most used first; none if it is no tag name. */
    private List<Hashtag> hashtags(Render render, String q, int offset, int limit) {
        String prefix;
        try {
            prefix = Tag.of(q).value();
        } catch (FeedlineException.InvalidInput e) {
            return List.of();
        }
        return readTags.complete(prefix, offset + limit).stream()
                .skip(offset)
                .map(use -> render.hashtag(use.tag(), null))
                .toList();
    }

    /** Items {@code offset} to {@code offset + limit} of a cursor-paged list, read from its top. */
    private static <T> List<T> window(Function<PageRequest, Page<T>> source, int offset, int limit) {
        List<T> items = new ArrayList<>();
        PageRequest request = PageRequest.first(Math.min(PageRequest.MAX_LIMIT, offset + limit));
        while (true) {
            Page<T> page = source.apply(request);
            items.addAll(page.items());
            if (items.size() >= offset + limit || page.next().isEmpty()) {
                break;
            }
            request = new PageRequest(page.next(), PageRequest.MAX_LIMIT);
        }
        return items.size() <= offset ? List.of() : List.copyOf(items.subList(offset, Math.min(items.size(), offset + limit)));
    }
}

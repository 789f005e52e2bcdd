package io.feedline.app.http;

import io.feedline.app.http.Representations.UserView;
import io.feedline.ports.in.Search;
import io.feedline.ports.model.SearchQuery;
import io.javalin.http.Context;

/** {@code GET /search?q=&type=posts|accounts}: the posts or the accounts that match, a page at a time. */
final class SearchResource {
    private final Search search;
    private final Paging paging;

    SearchResource(Search search, Paging paging) {
        this.search = search;
        this.paging = paging;
    }

    void search(Context ctx) {
        String raw = ctx.queryParam("q");
        if (raw == null) {
            throw HttpProblem.badRequest("q", "q is required");
        }
        SearchQuery query = SearchQuery.of(raw);
        String type = ctx.queryParam("type");
        if (type == null || type.equals("posts")) {
            paging.writePosts(ctx, search.posts(Caller.of(ctx).user(), query, paging.request(ctx)));
        } else if (type.equals("accounts")) {
            ctx.json(paging.view(ctx, search.accounts(Caller.of(ctx).user(), query, paging.request(ctx)), UserView::of));
        } else {
            throw HttpProblem.badRequest("type", "type must be posts or accounts");
        }
    }
}

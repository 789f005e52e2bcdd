package io.feedline.app.http;

import io.feedline.app.web.JsonBytes;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.javalin.http.Context;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/** {@code limit} and {@code cursor} in, {@code items} and {@code nextCursor} out, for every list. */
final class Paging {
    private final Cursors cursors;
    private final ListedPosts listed;

    Paging(Cursors cursors, ListedPosts listed) {
        this.cursors = cursors;
        this.listed = listed;
    }

    PageRequest request(Context ctx) {
        int limit = limit(ctx.queryParam("limit"));
        String cursor = ctx.queryParam("cursor");
        if (cursor == null) {
            return PageRequest.first(limit);
        }
        return PageRequest.after(cursors.open(cursor, scope(ctx)), limit);
    }

    <T, R> Representations.PageView<R> view(Context ctx, Page<T> page, Function<? super T, ? extends R> mapper) {
        return new Representations.PageView<>(page.items().stream().<R>map(mapper).toList(), nextCursor(ctx, page).orElse(null));
    }

    /** Answers with a page of posts, each as a list shows it: the JSON {@link #view} would give, from {@link ListedPosts}. */
    void writePosts(Context ctx, Page<Post> page) {
        JsonBytes.answer(ctx, listed.page(page.items(), nextCursor(ctx, page)));
    }

    /** The signed cursor of the page after this one, if there is one. */
    private Optional<String> nextCursor(Context ctx, Page<?> page) {
        return page.next().map(token -> cursors.seal(token, scope(ctx)));
    }

    private static int limit(String raw) {
        if (raw == null) {
            return PageRequest.DEFAULT_LIMIT;
        }
        int limit;
        try {
            limit = Integer.parseInt(raw.strip());
        } catch (NumberFormatException e) {
            throw HttpProblem.badRequest("limit", "limit must be an integer between 1 and " + PageRequest.MAX_LIMIT);
        }
        if (limit < 1 || limit > PageRequest.MAX_LIMIT) {
            throw HttpProblem.badRequest("limit", "limit must be between 1 and " + PageRequest.MAX_LIMIT);
        }
        return limit;
    }

    /** The route template, its path values (usernames compare case-insensitively) and the caller. */
    private static Cursors.Scope scope(Context ctx) {
        Map<String, String> pathParams = ctx.pathParamMap();
        // Most routes have none: no sorted copy of an empty map.
        String query = pathParams.isEmpty() ? "" : new TreeMap<>(pathParams).entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining("&"));
        return new Cursors.Scope(ctx.endpoint().path, query, Caller.of(ctx).scopeName());
    }
}

package io.feedline.app.mastodon;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Mastodon's paging of a newest-first list of posts over a use case that pages only downwards
 * (from a post id, older). {@code max_id} is that use case's own position. {@code since_id} gives
 * the newest posts above an id; {@code min_id} the posts just above it, found by reading down from
 * the top (at most {@link #SCAN_LIMIT} posts: further back, {@code min_id} answers as
 * {@code since_id}). The answer carries Mastodon's {@code Link} header: {@code next} with
 * {@code max_id} of the last post when the page is full, {@code prev} with {@code min_id} of the
 * first post whenever there is one.
 */
final class PostPages {
    static final int DEFAULT_LIMIT = 20;
    static final int MAX_LIMIT = 40;
    static final int SCAN_LIMIT = 1_000;

    private PostPages() {}

    record Window(List<Post> posts, boolean full) {}

    static Window read(Context ctx, Function<PageRequest, Page<Post>> source) {
        int limit = limit(ctx.queryParam("limit"));
        Optional<PostId> maxId = id(ctx, "max_id");
        Optional<PostId> sinceId = id(ctx, "since_id");
        Optional<PostId> minId = id(ctx, "min_id");
        if (minId.isEmpty() && sinceId.isEmpty()) {
            PageRequest request = maxId.map(id -> PageRequest.after(new PageToken(id.value()), limit))
                    .orElse(PageRequest.first(limit));
            Page<Post> page = source.apply(request);
            return new Window(page.items(), page.next().isPresent());
        }
        PostId floor = minId.orElseGet(sinceId::get);
        List<Post> above = new ArrayList<>();
        Optional<PageToken> position = maxId.map(id -> new PageToken(id.value()));
        boolean reachedFloor = false;
        while (above.size() < SCAN_LIMIT) {
            Page<Post> page = source.apply(new PageRequest(position, PageRequest.MAX_LIMIT));
            for (Post post : page.items()) {
                if (!post.position().isNewerThan(floor)) {
                    reachedFloor = true;
                    break;
                }
                above.add(post);
            }
            if (reachedFloor || page.next().isEmpty()) {
                break;
            }
            position = page.next();
        }
        boolean closest = minId.isPresent() && above.size() > limit;
        List<Post> posts = closest && (reachedFloor || above.size() < SCAN_LIMIT)
                ? above.subList(above.size() - limit, above.size())
                : above.subList(0, Math.min(limit, above.size()));
        return new Window(List.copyOf(posts), posts.size() == limit);
    }

    /** Sets Mastodon's {@code Link} header for a page of posts on {@code ctx}. */
    static void link(Context ctx, String base, Window window) {
        List<Post> posts = window.posts();
        if (posts.isEmpty()) {
            return;
        }
        String path = base + ctx.path() + "?" + Optional.ofNullable(ctx.queryParam("limit")).map(l -> "limit=" + limit(l) + "&").orElse("");
        List<String> links = new ArrayList<>();
        if (window.full()) {
            links.add("<" + path + "max_id=" + posts.getLast().position().value() + ">; rel=\"next\"");
        }
        links.add("<" + path + "min_id=" + posts.getFirst().position().value() + ">; rel=\"prev\"");
        ctx.header("Link", String.join(", ", links));
    }

    static int limit(String raw) {
        if (raw == null || raw.isBlank()) {
            return DEFAULT_LIMIT;
        }
        try {
            return Math.clamp(Integer.parseInt(raw.strip()), 1, MAX_LIMIT);
        } catch (NumberFormatException e) {
            throw MastodonError.validation("limit must be a number");
        }
    }

    private static Optional<PostId> id(Context ctx, String name) {
        String raw = ctx.queryParam(name);
        if (raw == null || raw.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(PostId.of(raw.strip()));
        } catch (RuntimeException e) {
            throw MastodonError.validation(name + " is not a status id");
        }
    }
}

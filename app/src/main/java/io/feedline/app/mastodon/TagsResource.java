package io.feedline.app.mastodon;

import io.feedline.app.mastodon.Entities.Hashtag;
import io.feedline.app.web.JsonBytes;
import io.feedline.ports.in.FollowTags;
import io.feedline.ports.in.ReadExplore;
import io.feedline.ports.in.ReadTags;
import io.feedline.ports.model.ExploreWindow;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.TagUse;
import io.feedline.ports.model.UserId;
import io.javalin.http.Context;
import java.util.List;
import java.util.Optional;

/**
 * Hashtags: one tag, following and unfollowing it, the tags the caller follows, and the trends
 * (tags by uses over the last 24 hours, and statuses by engagement over the last day).
 */
final class TagsResource {
    /** The deepest {@code offset} the trends answer: a ranking holds at most this many entries. */
    static final int MAX_OFFSET = io.feedline.ports.model.Ranking.MAX_ENTRIES;

    private final FollowTags followTags;
    private final ReadTags readTags;
    private final ReadExplore readExplore;
    private final Requests requests;

    TagsResource(FollowTags followTags, ReadTags readTags, ReadExplore readExplore, Requests requests) {
        this.followTags = followTags;
        this.readTags = readTags;
        this.readExplore = readExplore;
        this.requests = requests;
    }

    void show(Context ctx) {
        Tag tag = tag(ctx, "name");
        Optional<UserId> caller = requests.optionalUser(ctx);
        boolean following = readTags.tag(caller, tag).following();
        ctx.json(requests.render(ctx).hashtag(tag, caller.isPresent() ? following : null));
    }

    void follow(Context ctx) {
        Tag tag = tag(ctx, "name");
        followTags.follow(requests.user(ctx), tag);
        ctx.json(requests.render(ctx).hashtag(tag, true));
    }

    void unfollow(Context ctx) {
        Tag tag = tag(ctx, "name");
        followTags.unfollow(requests.user(ctx), tag);
        ctx.json(requests.render(ctx).hashtag(tag, false));
    }

    /** {@code GET /api/v1/followed_tags}: by name, paged through {@code max_id} (the list's own position). */
    void followed(Context ctx) {
        int limit = Math.min(PostPages.limit(ctx.queryParam("limit")), 100);
        Optional<PageToken> after = Optional.ofNullable(ctx.queryParam("max_id")).filter(s -> !s.isBlank()).map(PageToken::new);
        Page<Tag> page = readTags.followed(requests.username(ctx), new PageRequest(after, limit));
        Render render = requests.render(ctx);
        page.next().ifPresent(next -> ctx.header("Link", "<" + render.base() + ctx.path() + "?limit=" + limit
                + "&max_id=" + next.value() + ">; rel=\"next\""));
        ctx.json(page.items().stream().map(tag -> render.hashtag(tag, true)).toList());
    }

    /** {@code GET /api/v1/trends/tags}: the ranking the worker keeps, most used first. */
    void trendingTags(Context ctx) {
        int limit = Math.min(PostPages.limit(ctx.queryParam("limit")), 20);
        int offset = offset(ctx);
        List<TagUse> ranked = readTags.trending().tags();
        Render render = requests.render(ctx);
        List<Hashtag> tags = ranked.stream().skip(offset).limit(limit)
                .map(use -> render.hashtag(use.tag(), null))
                .toList();
        if (offset + limit < ranked.size()) {
            ctx.header("Link", "<" + render.base() + ctx.path() + "?limit=" + limit + "&offset=" + (offset + limit) + ">; rel=\"next\"");
        }
        ctx.json(tags);
    }

    /** {@code GET /api/v1/trends/statuses}: explore's popular posts of the last day, for the caller's mutes and blocks. */
    void trendingStatuses(Context ctx) {
        int limit = PostPages.limit(ctx.queryParam("limit"));
        int offset = offset(ctx);
        PageRequest request = offset == 0 ? PageRequest.first(limit) : PageRequest.after(new PageToken("r" + offset), limit);
        Page<Post> page = readExplore.popular(requests.optionalUser(ctx), ExploreWindow.DAY, request);
        Render render = requests.render(ctx);
        if (page.next().isPresent()) {
            ctx.header("Link", "<" + render.base() + ctx.path() + "?limit=" + limit + "&offset=" + (offset + limit) + ">; rel=\"next\"");
        }
        JsonBytes.answer(ctx, render.listed(page.items()));
    }

    static int offset(Context ctx) {
        String raw = ctx.queryParam("offset");
        if (raw == null || raw.isBlank()) {
            return 0;
        }
        try {
            int offset = Integer.parseInt(raw.strip());
            if (offset < 0 || offset > MAX_OFFSET) {
                throw MastodonError.validation("offset must be between 0 and " + MAX_OFFSET);
            }
            return offset;
        } catch (NumberFormatException e) {
            throw MastodonError.validation("offset must be a number");
        }
    }

    /** The tag of the path; a name that is no tag is not found, as on Mastodon. */
    static Tag tag(Context ctx, String param) {
        try {
            return Tag.of(ctx.pathParam(param));
        } catch (FeedlineException.InvalidInput e) {
            throw MastodonError.notFound();
        }
    }
}

package io.feedline.app.http;

import io.feedline.ports.in.FollowTags;
import io.feedline.ports.in.ReadTags;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.TagSummary;
import io.feedline.ports.model.TagUse;
import io.feedline.ports.model.Trending;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.javalin.http.Context;
import java.time.Instant;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Tags: following one as the caller, a tag and its posts, the tags a user follows, the trending
 * tags and names by prefix. A tag in the path is normalised ({@code #Java} and {@code java} are one
 * tag); a name that is no tag is a 400 naming {@code tag}.
 */
final class TagResource {
    /** The most names one autocomplete answers. */
    static final int MAX_COMPLETIONS = 20;
    /** A prefix is 1 to this many characters, after normalisation. */
    static final int MAX_PREFIX = 30;
    private static final Pattern PREFIX = Pattern.compile("[\\p{L}\\p{M}\\p{Nd}_]+");

    private final FollowTags followTags;
    private final ReadTags readTags;
    private final Paging paging;

    TagResource(FollowTags followTags, ReadTags readTags, Paging paging) {
        this.followTags = followTags;
        this.readTags = readTags;
        this.paging = paging;
    }

    /** A tag and whether the caller follows it, after a follow or an unfollow ({@code changed}: whether it did anything). */
    record TagFollowing(String name, boolean following, boolean changed) {}

    /** A tag's page head: its name, uses ever, followers, and whether the caller follows it. */
    record TagView(String name, long uses, long followers, boolean following) {
        static TagView of(TagSummary summary) {
            return new TagView(summary.tag().value(), summary.uses(), summary.followers(), summary.following());
        }
    }

    /** A tag with a count of uses. */
    record TagUseView(String name, long uses) {
        static TagUseView of(TagUse use) {
            return new TagUseView(use.tag().value(), use.uses());
        }
    }

    /** A tag's name, in a list of followed tags. */
    record TagName(String name) {
        static TagName of(Tag tag) {
            return new TagName(tag.value());
        }
    }

    record TrendingView(List<TagUseView> items, Instant computedAt) {
        static TrendingView of(Trending trending) {
            return new TrendingView(trending.tags().stream().map(TagUseView::of).toList(),
                    trending.tags().isEmpty() && trending.computedAt().equals(Instant.EPOCH) ? null : trending.computedAt());
        }
    }

    record Completions(List<TagUseView> items) {}

    private static Tag tag(Context ctx) {
        return Tag.parse(ctx.pathParam("tag"), "tag");
    }

    void follow(Context ctx) {
        UserId caller = Caller.of(ctx).required();
        Tag tag = tag(ctx);
        ctx.json(new TagFollowing(tag.value(), true, followTags.follow(caller, tag)));
    }

    void unfollow(Context ctx) {
        UserId caller = Caller.of(ctx).required();
        Tag tag = tag(ctx);
        ctx.json(new TagFollowing(tag.value(), false, followTags.unfollow(caller, tag)));
    }

    void read(Context ctx) {
        ctx.json(TagView.of(readTags.tag(Caller.of(ctx).user(), tag(ctx))));
    }

    void posts(Context ctx) {
        paging.writePosts(ctx, readTags.posts(Caller.of(ctx).user(), tag(ctx), paging.request(ctx)));
    }

    void followed(Context ctx) {
        Username user = PathValues.username(ctx, "username");
        ctx.json(paging.view(ctx, readTags.followed(user, paging.request(ctx)), TagName::of));
    }

    void trending(Context ctx) {
        ctx.json(TrendingView.of(readTags.trending()));
    }

    void complete(Context ctx) {
        String raw = ctx.queryParam("prefix");
        if (raw == null || raw.isBlank()) {
            throw HttpProblem.badRequest("prefix", "prefix is required: 1-" + MAX_PREFIX + " letters, digits or _");
        }
        String prefix = Tag.normalise(raw.startsWith("#") ? raw.substring(1) : raw);
        if (prefix.isEmpty() || prefix.length() > MAX_PREFIX || !PREFIX.matcher(prefix).matches()) {
            throw HttpProblem.badRequest("prefix", "prefix must be 1-" + MAX_PREFIX + " letters, digits or _");
        }
        int limit = limit(ctx.queryParam("limit"));
        ctx.json(new Completions(readTags.complete(prefix, limit).stream().map(TagUseView::of).toList()));
    }

    private static int limit(String raw) {
        if (raw == null) {
            return 10;
        }
        try {
            int limit = Integer.parseInt(raw.strip());
            if (limit >= 1 && limit <= MAX_COMPLETIONS) {
                return limit;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw HttpProblem.badRequest("limit", "limit must be an integer between 1 and " + MAX_COMPLETIONS);
    }
}

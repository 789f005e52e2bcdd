package io.feedline.app.mastodon;

import io.feedline.app.web.JsonBytes;
import io.feedline.ports.in.ReadExplore;
import io.feedline.ports.in.ReadHomeFeed;
import io.feedline.ports.in.ReadTags;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.UserId;
import io.javalin.http.Context;
import java.util.List;
import java.util.Optional;

/**
 * The timelines, paged the Mastodon way: home (the signed-in user's Feedline home feed), a
 * hashtag's (the tag page) and public (explore's latest). The two public ones apply a signed-in
 * caller's mutes and blocks. Every account here is local, so {@code local} changes nothing and
 * {@code remote=true} is an empty timeline; no post has media, so {@code only_media=true} is too.
 */
final class TimelinesResource {
    private final ReadHomeFeed readHomeFeed;
    private final ReadTags readTags;
    private final ReadExplore readExplore;
    private final Requests requests;

    TimelinesResource(ReadHomeFeed readHomeFeed, ReadTags readTags, ReadExplore readExplore, Requests requests) {
        this.readHomeFeed = readHomeFeed;
        this.readTags = readTags;
        this.readExplore = readExplore;
        this.requests = requests;
    }

    void home(Context ctx) {
        UserId reader = requests.user(ctx);
        Render render = requests.render(ctx);
        PostPages.Window window = PostPages.read(ctx, page -> readHomeFeed.read(reader, reader, page));
        PostPages.link(ctx, render.base(), window);
        JsonBytes.answer(ctx, render.listed(window.posts()));
    }

    void tag(Context ctx) {
        Tag tag = TagsResource.tag(ctx, "hashtag");
        for (String combination : List.of("any", "all", "none")) {
            if (!requests.params(ctx).list(combination).isEmpty()) {
                throw MastodonError.validation(combination + "[] is not supported by this server: one hashtag per timeline");
            }
        }
        Optional<UserId> reader = requests.optionalUser(ctx);
        page(ctx, () -> PostPages.read(ctx, page -> readTags.posts(reader, tag, page)));
    }

    void publicTimeline(Context ctx) {
        Optional<UserId> reader = requests.optionalUser(ctx);
        page(ctx, () -> PostPages.read(ctx, page -> readExplore.latest(reader, page)));
    }

    private void page(Context ctx, java.util.function.Supplier<PostPages.Window> read) {
        if (flag(ctx, "remote") || flag(ctx, "only_media")) {
            ctx.json(List.of());
            return;
        }
        Render render = requests.render(ctx);
        PostPages.Window window = read.get();
        PostPages.link(ctx, render.base(), window);
        JsonBytes.answer(ctx, render.listed(window.posts()));
    }

    private static boolean flag(Context ctx, String name) {
        String raw = ctx.queryParam(name);
        return raw != null && (raw.equalsIgnoreCase("true") || raw.equals("1"));
    }
}

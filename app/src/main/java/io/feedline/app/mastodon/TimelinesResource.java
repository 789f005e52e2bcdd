package io.feedline.app.mastodon;

import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.UserId;
import io.javalin.http.Context;

/** The home timeline: the signed-in user's Feedline home feed, paged the Mastodon way. */
final class TimelinesResource {
    private final UseCases useCases;
    private final Requests requests;

    TimelinesResource(UseCases useCases, Requests requests) {
        this.useCases = useCases;
        this.requests = requests;
    }

    void home(Context ctx) {
        UserId reader = requests.user(ctx);
        Render render = requests.render(ctx);
        PostPages.Window window = PostPages.read(ctx, page -> useCases.readHomeFeed().read(reader, reader, page));
        PostPages.link(ctx, render.base(), window);
        ctx.json(render.statuses(window.posts()));
    }
}

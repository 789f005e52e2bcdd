package io.feedline.app.http;

import io.feedline.ports.in.ReadHomeFeed;
import io.feedline.ports.model.UserId;
import io.javalin.http.Context;

/** The caller's home feed. There is no route to anyone else's: the owner is always the caller. */
final class FeedResource {
    private final ReadHomeFeed readHomeFeed;
    private final Paging paging;

    FeedResource(ReadHomeFeed readHomeFeed, Paging paging) {
        this.readHomeFeed = readHomeFeed;
        this.paging = paging;
    }

    void home(Context ctx) {
        UserId caller = Caller.of(ctx).required();
        paging.writePosts(ctx, readHomeFeed.read(caller, caller, paging.request(ctx)));
    }
}

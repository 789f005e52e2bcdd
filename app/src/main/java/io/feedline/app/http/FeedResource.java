package io.feedline.app.http;

import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.UserId;
import io.javalin.http.Context;

/** The caller's home feed. There is no route to anyone else's: the owner is always the caller. */
final class FeedResource {
    private final UseCases useCases;
    private final Paging paging;

    FeedResource(UseCases useCases, Paging paging) {
        this.useCases = useCases;
        this.paging = paging;
    }

    void home(Context ctx) {
        UserId caller = Caller.of(ctx).required();
        paging.writePosts(ctx, useCases.readHomeFeed().read(caller, caller, paging.request(ctx)));
    }
}

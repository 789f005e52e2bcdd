package io.feedline.app.http;

import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.Username;
import io.javalin.http.Context;

/**
 * Ids read from the path. A malformed one names nothing that could exist, so it gets the same 404
 * as a well-formed id that does not exist.
 */
final class PathValues {
    private PathValues() {}

    static Username username(Context ctx, String param) {
        try {
            return Username.of(ctx.pathParam(param));
        } catch (FeedlineException.InvalidInput e) {
            throw new FeedlineException.NotFound("user", "no such user");
        }
    }

    static PostId postId(Context ctx) {
        try {
            return PostId.of(ctx.pathParam("id"));
        } catch (FeedlineException.InvalidInput e) {
            throw new FeedlineException.NotFound("post", "no such post");
        }
    }
}

package io.feedline.app.http;

import io.feedline.app.http.Representations.FollowCheck;
import io.feedline.app.http.Representations.Following;
import io.feedline.app.http.Representations.UserView;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.javalin.http.Context;

/** The follow graph: follow and unfollow as the caller, lists and the is-following check for anyone. */
final class GraphResource {
    private final UseCases useCases;
    private final Paging paging;

    GraphResource(UseCases useCases, Paging paging) {
        this.useCases = useCases;
        this.paging = paging;
    }

    void follow(Context ctx) {
        UserId follower = Caller.of(ctx).required();
        Username followee = PathValues.username(ctx, "username");
        boolean changed = useCases.follow().follow(follower, followee);
        ctx.json(new Following(followee.value(), true, changed));
    }

    void unfollow(Context ctx) {
        UserId follower = Caller.of(ctx).required();
        Username followee = PathValues.username(ctx, "username");
        boolean changed = useCases.unfollow().unfollow(follower, followee);
        ctx.json(new Following(followee.value(), false, changed));
    }

    void following(Context ctx) {
        Username user = PathValues.username(ctx, "username");
        ctx.json(paging.view(ctx, useCases.readFollowing().following(user, paging.request(ctx)), UserView::of));
    }

    void followers(Context ctx) {
        Username user = PathValues.username(ctx, "username");
        ctx.json(paging.view(ctx, useCases.readFollowers().followers(user, paging.request(ctx)), UserView::of));
    }

    void follows(Context ctx) {
        Username follower = PathValues.username(ctx, "follower");
        Username followee = PathValues.username(ctx, "followee");
        ctx.json(new FollowCheck(follower.value(), followee.value(), useCases.checkFollows().follows(follower, followee)));
    }
}

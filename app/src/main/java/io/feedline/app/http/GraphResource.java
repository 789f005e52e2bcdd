package io.feedline.app.http;

import io.feedline.app.http.Representations.FollowCheck;
import io.feedline.app.http.Representations.Following;
import io.feedline.app.http.Representations.UserView;
import io.feedline.ports.in.CheckFollows;
import io.feedline.ports.in.Follow;
import io.feedline.ports.in.ReadFollowers;
import io.feedline.ports.in.ReadFollowing;
import io.feedline.ports.in.Unfollow;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.javalin.http.Context;

/** The follow graph: follow and unfollow as the caller, lists and the is-following check for anyone. */
final class GraphResource {
    private final Follow follow;
    private final Unfollow unfollow;
    private final ReadFollowing readFollowing;
    private final ReadFollowers readFollowers;
    private final CheckFollows checkFollows;
    private final Paging paging;

    GraphResource(Follow follow, Unfollow unfollow, ReadFollowing readFollowing, ReadFollowers readFollowers,
            CheckFollows checkFollows, Paging paging) {
        this.follow = follow;
        this.unfollow = unfollow;
        this.readFollowing = readFollowing;
        this.readFollowers = readFollowers;
        this.checkFollows = checkFollows;
        this.paging = paging;
    }

    void follow(Context ctx) {
        UserId follower = Caller.of(ctx).required();
        Username followee = PathValues.username(ctx, "username");
        boolean changed = follow.follow(follower, followee);
        ctx.json(new Following(followee.value(), true, changed));
    }

    void unfollow(Context ctx) {
        UserId follower = Caller.of(ctx).required();
        Username followee = PathValues.username(ctx, "username");
        boolean changed = unfollow.unfollow(follower, followee);
        ctx.json(new Following(followee.value(), false, changed));
    }

    void following(Context ctx) {
        Username user = PathValues.username(ctx, "username");
        ctx.json(paging.view(ctx, readFollowing.following(user, paging.request(ctx)), UserView::of));
    }

    void followers(Context ctx) {
        Username user = PathValues.username(ctx, "username");
        ctx.json(paging.view(ctx, readFollowers.followers(user, paging.request(ctx)), UserView::of));
    }

    void follows(Context ctx) {
        Username follower = PathValues.username(ctx, "follower");
        Username followee = PathValues.username(ctx, "followee");
        ctx.json(new FollowCheck(follower.value(), followee.value(), checkFollows.follows(follower, followee)));
    }
}

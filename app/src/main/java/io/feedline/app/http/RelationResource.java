package io.feedline.app.http;

import io.feedline.app.http.Representations.UserView;
import io.feedline.ports.in.ManageRelations;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.javalin.http.Context;

/** Mutes and blocks as the caller, and the caller's own lists of them (signed cursors, as every list). */
final class RelationResource {
    private final ManageRelations manageRelations;
    private final Paging paging;

    RelationResource(ManageRelations manageRelations, Paging paging) {
        this.manageRelations = manageRelations;
        this.paging = paging;
    }

    /** The answer to a mute or unmute: whether the caller mutes the user now, and whether this request changed it. */
    record Muting(String username, boolean muting, boolean changed) {}

    /** The answer to a block or unblock. */
    record Blocking(String username, boolean blocking, boolean changed) {}

    void mute(Context ctx) {
        UserId caller = Caller.of(ctx).required();
        Username target = PathValues.username(ctx, "username");
        ctx.json(new Muting(target.value(), true, manageRelations.mute(caller, target)));
    }

    void unmute(Context ctx) {
        UserId caller = Caller.of(ctx).required();
        Username target = PathValues.username(ctx, "username");
        ctx.json(new Muting(target.value(), false, manageRelations.unmute(caller, target)));
    }

    void block(Context ctx) {
        UserId caller = Caller.of(ctx).required();
        Username target = PathValues.username(ctx, "username");
        ctx.json(new Blocking(target.value(), true, manageRelations.block(caller, target)));
    }

    void unblock(Context ctx) {
        UserId caller = Caller.of(ctx).required();
        Username target = PathValues.username(ctx, "username");
        ctx.json(new Blocking(target.value(), false, manageRelations.unblock(caller, target)));
    }

    void mutes(Context ctx) {
        UserId caller = Caller.of(ctx).required();
        ctx.json(paging.view(ctx, manageRelations.mutes(caller, paging.request(ctx)), UserView::of));
    }

    void blocks(Context ctx) {
        UserId caller = Caller.of(ctx).required();
        ctx.json(paging.view(ctx, manageRelations.blocks(caller, paging.request(ctx)), UserView::of));
    }
}

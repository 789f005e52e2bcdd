package io.feedline.app.mastodon;

import io.feedline.app.mastodon.Entities.Context;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import java.util.List;
import java.util.Optional;

/**
 * Statuses: post (public text only, with {@code Idempotency-Key}), read, delete, favourite. What
 * Feedline cannot do yet (replies, media, polls, content warnings, other visibilities) is refused
 * with a 422 rather than silently dropped.
 */
final class StatusesResource {
    private final UseCases useCases;
    private final Requests requests;

    StatusesResource(UseCases useCases, Requests requests) {
        this.useCases = useCases;
        this.requests = requests;
    }

    void create(io.javalin.http.Context ctx) {
        UserId author = requests.user(ctx);
        Params params = requests.params(ctx);
        refuseUnsupported(params);
        Optional<IdempotencyKey> key = Optional.ofNullable(ctx.header(IdempotencyKey.FIELD)).map(IdempotencyKey::of);
        Post post = useCases.publishPost().publish(
                new PublishPost.Command(author, PostText.of(params.first("status").orElse("")), key));
        ctx.json(requests.render(ctx).status(post));
    }

    void show(io.javalin.http.Context ctx) {
        ctx.json(requests.render(ctx).status(useCases.readPost().read(id(ctx))));
    }

    /** Answers the deleted status with its source text, as Mastodon does for delete-and-redraft. */
    void delete(io.javalin.http.Context ctx) {
        PostId id = id(ctx);
        Post post = useCases.readPost().read(id);
        useCases.deletePost().delete(requests.user(ctx), id);
        ctx.json(requests.render(ctx).status(post, null, post.text().value()));
    }

    /** Replies wait for the native API to have them; until then a status has no ancestors or descendants. */
    void context(io.javalin.http.Context ctx) {
        useCases.readPost().read(id(ctx));
        ctx.json(new Context(List.of(), List.of()));
    }

    void favourite(io.javalin.http.Context ctx) {
        PostId id = id(ctx);
        long count = useCases.likePost().like(requests.user(ctx), id);
        Post post = useCases.readPost().read(id).withLikeCount(count);
        ctx.json(requests.render(ctx).status(post, true, null));
    }

    void unfavourite(io.javalin.http.Context ctx) {
        PostId id = id(ctx);
        long count = useCases.unlikePost().unlike(requests.user(ctx), id);
        Post post = useCases.readPost().read(id).withLikeCount(count);
        ctx.json(requests.render(ctx).status(post, false, null));
    }

    private static PostId id(io.javalin.http.Context ctx) {
        return Requests.statusId(ctx.pathParam("id"));
    }

    private static void refuseUnsupported(Params params) {
        if (params.first("in_reply_to_id").filter(s -> !s.isBlank()).isPresent()) {
            throw MastodonError.validation("replies are not supported by this server yet");
        }
        if (!params.list("media_ids").isEmpty()) {
            throw MastodonError.validation("media attachments are not supported by this server");
        }
        if (params.first("poll").isPresent() || !params.list("poll[options]").isEmpty()) {
            throw MastodonError.validation("polls are not supported by this server");
        }
        if (params.first("spoiler_text").filter(s -> !s.isBlank()).isPresent()) {
            throw MastodonError.validation("content warnings are not supported by this server");
        }
        if (params.first("scheduled_at").filter(s -> !s.isBlank()).isPresent()) {
            throw MastodonError.validation("scheduled statuses are not supported by this server");
        }
        params.first("visibility").filter(v -> !v.isBlank() && !v.equals("public")).ifPresent(v -> {
            throw MastodonError.validation("visibility must be public: every Feedline post is public");
        });
    }
}

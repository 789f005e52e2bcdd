package io.feedline.app.http;

import io.feedline.app.http.Representations.ContextView;
import io.feedline.app.http.Representations.LikeState;
import io.feedline.app.http.Representations.PostView;
import io.feedline.app.http.Representations.PublishRequest;
import io.feedline.app.http.Representations.RepostState;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.javalin.http.Context;
import java.util.Optional;

/** Posts: publish (a reply too), read, delete, like, repost, threads, and an author's timeline. */
final class PostResource {
    static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    /** How many direct replies a context shows; the rest are paged at {@code /posts/{id}/replies}. */
    static final int CONTEXT_REPLIES = 20;

    private final UseCases useCases;
    private final Json json;
    private final Paging paging;

    PostResource(UseCases useCases, Json json, Paging paging) {
        this.useCases = useCases;
        this.json = json;
        this.paging = paging;
    }

    void publish(Context ctx) {
        UserId author = Caller.of(ctx).required();
        PublishRequest body = json.read(ctx, PublishRequest.class);
        Optional<String> key = Optional.ofNullable(ctx.header(IDEMPOTENCY_KEY));
        Post post = useCases.publishPost().publish(new PublishPost.Command(
                author, PostText.of(body.text()), key.map(IdempotencyKey::of), inReplyTo(body.inReplyTo())));
        ctx.status(201).header("Location", "/posts/" + post.id().value()).json(PostView.of(post));
    }

    void read(Context ctx) {
        Optional<UserId> viewer = Caller.of(ctx).user();
        PostId id = PathValues.postId(ctx);
        ctx.json(PostView.of(viewer.isPresent() ? useCases.readAsViewer().post(viewer.get(), id) : useCases.readPost().read(id)));
    }

    void delete(Context ctx) {
        useCases.deletePost().delete(Caller.of(ctx).required(), PathValues.postId(ctx));
        ctx.status(204);
    }

    void like(Context ctx) {
        PostId post = PathValues.postId(ctx);
        long count = useCases.likePost().like(Caller.of(ctx).required(), post);
        ctx.json(new LikeState(post.value(), true, count));
    }

    void unlike(Context ctx) {
        PostId post = PathValues.postId(ctx);
        long count = useCases.unlikePost().unlike(Caller.of(ctx).required(), post);
        ctx.json(new LikeState(post.value(), false, count));
    }

    void repost(Context ctx) {
        PostId post = PathValues.postId(ctx);
        long count = useCases.repostPost().repost(Caller.of(ctx).required(), post);
        ctx.json(new RepostState(post.value(), true, count));
    }

    void unrepost(Context ctx) {
        PostId post = PathValues.postId(ctx);
        long count = useCases.unrepostPost().unrepost(Caller.of(ctx).required(), post);
        ctx.json(new RepostState(post.value(), false, count));
    }

    /** {@code GET /posts/{id}/likes}: who likes the post, by user id, paged. */
    void likers(Context ctx) {
        ctx.json(paging.view(ctx, useCases.readEngagement().likers(Caller.of(ctx).user(), PathValues.postId(ctx), paging.request(ctx)),
                Representations.UserView::of));
    }

    /** {@code GET /posts/{id}/reposts}: who reposted the post, by user id, paged. */
    void reposters(Context ctx) {
        ctx.json(paging.view(ctx, useCases.readEngagement().reposters(Caller.of(ctx).user(), PathValues.postId(ctx), paging.request(ctx)),
                Representations.UserView::of));
    }

    void replies(Context ctx) {
        PostId post = PathValues.postId(ctx);
        Optional<UserId> viewer = Caller.of(ctx).user();
        ctx.json(paging.view(ctx, viewer.isPresent()
                ? useCases.readAsViewer().replies(viewer.get(), post, paging.request(ctx))
                : useCases.readConversation().replies(post, paging.request(ctx)), PostView::of));
    }

    void context(Context ctx) {
        PostId post = PathValues.postId(ctx);
        Optional<UserId> viewer = Caller.of(ctx).user();
        ctx.json(ContextView.of(viewer.isPresent()
                ? useCases.readAsViewer().context(viewer.get(), post, PageRequest.first(CONTEXT_REPLIES))
                : useCases.readConversation().context(post, PageRequest.first(CONTEXT_REPLIES))));
    }

    /** An id that cannot name a post names the field at fault; a well-formed unknown one is a 404 later. */
    private static Optional<PostId> inReplyTo(String raw) {
        if (raw == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(PostId.of(raw));
        } catch (FeedlineException.InvalidInput e) {
            throw new FeedlineException.InvalidInput("inReplyTo", "inReplyTo must be the id of a post");
        }
    }

    void byAuthor(Context ctx) {
        Username author = PathValues.username(ctx, "username");
        Optional<UserId> viewer = Caller.of(ctx).user();
        ctx.json(paging.view(ctx, viewer.isPresent()
                ? useCases.readAsViewer().authorTimeline(viewer.get(), author, paging.request(ctx))
                : useCases.readAuthorTimeline().read(author, paging.request(ctx)), PostView::of));
    }

}

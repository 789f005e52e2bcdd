package io.feedline.app.http;

import io.feedline.app.http.Representations.ContextView;
import io.feedline.app.http.Representations.LikeState;
import io.feedline.app.http.Representations.PostView;
import io.feedline.app.http.Representations.PublishRequest;
import io.feedline.app.http.Representations.RepostState;
import io.feedline.ports.in.DeletePost;
import io.feedline.ports.in.LikePost;
import io.feedline.ports.in.PublishDraft;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.ReadArticles;
import io.feedline.ports.in.ReadAsViewer;
import io.feedline.ports.in.ReadEngagement;
import io.feedline.ports.in.RepostPost;
import io.feedline.ports.in.UnlikePost;
import io.feedline.ports.in.UnrepostPost;
import io.feedline.ports.model.ArticleStatus;
import io.feedline.ports.model.ArticleTitle;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.Slug;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.app.web.MediaLinks;
import io.feedline.ports.model.MediaId;
import io.javalin.http.Context;
import java.util.List;
import java.util.Optional;

/** Posts: publish (a reply too), read, delete, like, repost, threads, and an author's timeline. */
final class PostResource {
    static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    /** How many direct replies a context shows; the rest are paged at {@code /posts/{id}/replies}. */
    static final int CONTEXT_REPLIES = 20;

    private final PublishPost publishPost;
    private final DeletePost deletePost;
    private final LikePost likePost;
    private final UnlikePost unlikePost;
    private final RepostPost repostPost;
    private final UnrepostPost unrepostPost;
    private final ReadAsViewer readAsViewer;
    private final ReadEngagement readEngagement;
    private final ReadArticles readArticles;
    private final PublishDraft publishDraft;
    private final Json json;
    private final Paging paging;
    private final MediaLinks links;

    PostResource(PublishPost publishPost, DeletePost deletePost, LikePost likePost, UnlikePost unlikePost,
            RepostPost repostPost, UnrepostPost unrepostPost, ReadAsViewer readAsViewer,
            ReadEngagement readEngagement, ReadArticles readArticles, PublishDraft publishDraft, Json json,
            Paging paging, MediaLinks links) {
        this.links = links;
        this.publishPost = publishPost;
        this.deletePost = deletePost;
        this.likePost = likePost;
        this.unlikePost = unlikePost;
        this.repostPost = repostPost;
        this.unrepostPost = unrepostPost;
        this.readAsViewer = readAsViewer;
        this.readEngagement = readEngagement;
        this.readArticles = readArticles;
        this.publishDraft = publishDraft;
        this.json = json;
        this.paging = paging;
    }

    void publish(Context ctx) {
        UserId author = Caller.of(ctx).required();
        PublishRequest body = json.read(ctx, PublishRequest.class);
        Optional<String> key = Optional.ofNullable(ctx.header(IDEMPOTENCY_KEY));
        Optional<PublishPost.ArticleRequest> article = article(body);
        // An article's body may be as long as any configured article limit; the core applies the one configured.
        List<MediaId> media = mediaIds(body.mediaIds());
        // A post of media alone may have no text, as on Mastodon; without media the text is required as ever.
        PostText text = article.isPresent() ? PostText.within(body.text(), PostText.MAX_ARTICLE_CODE_POINTS)
                : media.isEmpty() ? PostText.of(body.text()) : PostText.orNone(body.text());
        Post post = publishPost.publish(new PublishPost.Command(
                author, text, key.map(IdempotencyKey::of), inReplyTo(body.inReplyTo()), article, media));
        ctx.status(201).header("Location", "/posts/" + post.id().value()).json(PostView.full(post, links));
    }

    /** The uploads to attach: at most four, each once; an id that names no upload is one the caller cannot attach. */
    private static List<MediaId> mediaIds(List<String> raw) {
        if (raw == null || raw.isEmpty()) {
            return List.of();
        }
        if (raw.size() > Post.MAX_MEDIA) {
            throw HttpProblem.unprocessable("too-many-media", "mediaIds", "a post has at most " + Post.MAX_MEDIA + " attachments");
        }
        if (raw.stream().distinct().count() != raw.size()) {
            throw HttpProblem.unprocessable("media-unavailable", "mediaIds", "a post names each attachment once");
        }
        return raw.stream().map(id -> {
            try {
                return MediaId.of(id);
            } catch (FeedlineException.InvalidInput e) {
                throw new FeedlineException.MediaUnavailable("mediaIds", "mediaIds holds an id that is no upload of yours");
            }
        }).toList();
    }

    /** A body with a title asks for an article (published unless {@code status} says draft); a status alone is refused. */
    private static Optional<PublishPost.ArticleRequest> article(PublishRequest body) {
        if (body.title() == null) {
            if (body.status() != null) {
                throw HttpProblem.unprocessable("status-without-title", "status", "status is for articles: give a title too");
            }
            return Optional.empty();
        }
        ArticleStatus status = body.status() == null ? ArticleStatus.PUBLISHED : ArticleStatus.parse(body.status(), "status");
        return Optional.of(new PublishPost.ArticleRequest(ArticleTitle.of(body.title()), status));
    }

    void read(Context ctx) {
        Optional<UserId> viewer = Caller.of(ctx).user();
        PostId id = PathValues.postId(ctx);
        ctx.json(PostView.full(readAsViewer.post(viewer, id), links));
    }

    /** {@code POST /posts/{id}/publish}: the caller's draft published (again: the article it became). */
    void publishDraft(Context ctx) {
        ctx.json(PostView.full(publishDraft.publish(Caller.of(ctx).required(), PathValues.postId(ctx)), links));
    }

    /** {@code GET /users/{username}/articles/{slug}}: the whole article; a draft for its author only. */
    void article(Context ctx) {
        Slug slug;
        try {
            slug = Slug.of(ctx.pathParam("slug"));
        } catch (FeedlineException.InvalidInput e) {
            throw new FeedlineException.NotFound("article", "no such article");
        }
        ctx.json(PostView.full(readArticles.bySlug(Caller.of(ctx).user(), PathValues.username(ctx, "username"), slug), links));
    }

    /** {@code GET /users/{username}/articles}: the published articles, or with {@code status=draft} the caller's own drafts. */
    void articles(Context ctx) {
        Username author = PathValues.username(ctx, "username");
        String status = ctx.queryParam("status");
        ArticleStatus wanted = status == null ? ArticleStatus.PUBLISHED : ArticleStatus.parse(status, "status");
        if (wanted == ArticleStatus.DRAFT) {
            UserId caller = Caller.of(ctx).user()
                    .orElseThrow(() -> HttpProblem.unauthorized("drafts are listed for their author, signed in", null));
            paging.writePosts(ctx, readArticles.drafts(caller, author, paging.request(ctx)));
            return;
        }
        paging.writePosts(ctx, readArticles.published(Caller.of(ctx).user(), author, paging.request(ctx)));
    }

    void delete(Context ctx) {
        deletePost.delete(Caller.of(ctx).required(), PathValues.postId(ctx));
        ctx.status(204);
    }

    void like(Context ctx) {
        PostId post = PathValues.postId(ctx);
        long count = likePost.like(Caller.of(ctx).required(), post);
        ctx.json(new LikeState(post.value(), true, count));
    }

    void unlike(Context ctx) {
        PostId post = PathValues.postId(ctx);
        long count = unlikePost.unlike(Caller.of(ctx).required(), post);
        ctx.json(new LikeState(post.value(), false, count));
    }

    void repost(Context ctx) {
        PostId post = PathValues.postId(ctx);
        long count = repostPost.repost(Caller.of(ctx).required(), post);
        ctx.json(new RepostState(post.value(), true, count));
    }

    void unrepost(Context ctx) {
        PostId post = PathValues.postId(ctx);
        long count = unrepostPost.unrepost(Caller.of(ctx).required(), post);
        ctx.json(new RepostState(post.value(), false, count));
    }

    /** {@code GET /posts/{id}/likes}: who likes the post, by user id, paged. */
    void likers(Context ctx) {
        ctx.json(paging.view(ctx, readEngagement.likers(Caller.of(ctx).user(), PathValues.postId(ctx), paging.request(ctx)),
                Representations.UserView::of));
    }

    /** {@code GET /posts/{id}/reposts}: who reposted the post, by user id, paged. */
    void reposters(Context ctx) {
        ctx.json(paging.view(ctx, readEngagement.reposters(Caller.of(ctx).user(), PathValues.postId(ctx), paging.request(ctx)),
                Representations.UserView::of));
    }

    void replies(Context ctx) {
        PostId post = PathValues.postId(ctx);
        Optional<UserId> viewer = Caller.of(ctx).user();
        paging.writePosts(ctx, readAsViewer.replies(viewer, post, paging.request(ctx)));
    }

    void context(Context ctx) {
        PostId post = PathValues.postId(ctx);
        Optional<UserId> viewer = Caller.of(ctx).user();
        ctx.json(ContextView.of(readAsViewer.context(viewer, post, PageRequest.first(CONTEXT_REPLIES)), links));
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
        paging.writePosts(ctx, readAsViewer.authorTimeline(viewer, author, paging.request(ctx)));
    }

}

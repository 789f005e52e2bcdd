package io.feedline.app.mastodon;

import io.feedline.app.mastodon.Entities.Context;
import io.feedline.ports.in.DeletePost;
import io.feedline.ports.in.LikePost;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.ReadAsViewer;
import io.feedline.ports.in.ReadAuthorTimeline;
import io.feedline.ports.in.ReadEngagement;
import io.feedline.ports.in.ReadPost;
import io.feedline.ports.in.RepostPost;
import io.feedline.ports.in.UnlikePost;
import io.feedline.ports.in.UnrepostPost;
import io.feedline.ports.model.Conversation;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.MediaId;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Statuses: post (public text and up to four images, with {@code Idempotency-Key} and
 * {@code in_reply_to_id}), read, delete, thread context, favourite, reblog. What Feedline cannot do (polls, content warnings, other
 * visibilities) is refused with a 422 rather than silently dropped.
 */
final class StatusesResource {
    /** The most descendants one context answer walks. */
    static final int MAX_DESCENDANTS = 200;
    /** How far back in the caller's timeline a reblog answer looks for the repost entry. */
    static final int REBLOG_SCAN = 40;
    private static final String REPLY_NOT_FOUND = "The status you are trying to reply to does not appear to exist.";

    private final PublishPost publishPost;
    private final DeletePost deletePost;
    private final ReadPost readPost;
    private final ReadAuthorTimeline readAuthorTimeline;
    private final LikePost likePost;
    private final UnlikePost unlikePost;
    private final RepostPost repostPost;
    private final UnrepostPost unrepostPost;
    private final ReadAsViewer readAsViewer;
    private final ReadEngagement readEngagement;
    private final Requests requests;

    StatusesResource(PublishPost publishPost, DeletePost deletePost, ReadPost readPost,
            ReadAuthorTimeline readAuthorTimeline, LikePost likePost, UnlikePost unlikePost, RepostPost repostPost,
            UnrepostPost unrepostPost, ReadAsViewer readAsViewer, ReadEngagement readEngagement, Requests requests) {
        this.publishPost = publishPost;
        this.deletePost = deletePost;
        this.readPost = readPost;
        this.readAuthorTimeline = readAuthorTimeline;
        this.likePost = likePost;
        this.unlikePost = unlikePost;
        this.repostPost = repostPost;
        this.unrepostPost = unrepostPost;
        this.readAsViewer = readAsViewer;
        this.readEngagement = readEngagement;
        this.requests = requests;
    }

    void create(io.javalin.http.Context ctx) {
        UserId author = requests.user(ctx);
        Params params = requests.params(ctx);
        refuseUnsupported(params);
        Optional<IdempotencyKey> key = Optional.ofNullable(ctx.header(IdempotencyKey.FIELD)).map(IdempotencyKey::of);
        Optional<PostId> inReplyTo = params.first("in_reply_to_id").filter(s -> !s.isBlank()).map(raw -> {
            try {
                return PostId.of(raw.strip());
            } catch (RuntimeException e) {
                throw MastodonError.of(404, REPLY_NOT_FOUND);
            }
        });
        List<MediaId> media = mediaIds(params.list("media_ids"));
        // A status of media alone may have no text, as on Mastodon.
        String status = params.first("status").orElse("");
        PostText text = media.isEmpty() ? PostText.of(status) : PostText.orNone(status);
        Post post;
        try {
            post = publishPost.publish(new PublishPost.Command(author, text, key, inReplyTo, Optional.empty(), media));
        } catch (FeedlineException.NotFound e) {
            throw MastodonError.of(404, REPLY_NOT_FOUND);
        }
        ctx.json(requests.render(ctx).status(post));
    }

    /** A signed-in caller does not find a status a block separates them from its author (404, as natively). */
    void show(io.javalin.http.Context ctx) {
        PostId id = id(ctx);
        Optional<UserId> viewer = requests.optionalUser(ctx);
        Post post = readAsViewer.post(viewer, id);
        ctx.json(requests.render(ctx).status(post));
    }

    /** Answers the deleted status with its source text, as Mastodon does for delete-and-redraft. */
    void delete(io.javalin.http.Context ctx) {
        PostId id = id(ctx);
        Post post = readPost.read(id);
        deletePost.delete(requests.user(ctx), id);
        ctx.json(requests.render(ctx).status(post, null, post.text().value()));
    }

    /**
     * The thread around a status: its ancestors from the top of the chain (deleted ones left out, as
     * Mastodon leaves them out), and its descendants depth first, each reply followed by its own
     * replies, oldest first at each level. A thread can be wide: at most {@link #MAX_DESCENDANTS}
     * are walked, one replies read per status that has replies. For a signed-in caller, a block
     * between the caller and an author hides that author's statuses, as the native thread does: the
     * status itself is not found, and such ancestors and replies (with the replies under them) are
     * left out.
     */
    void context(io.javalin.http.Context ctx) {
        PostId id = id(ctx);
        Optional<UserId> viewer = requests.optionalUser(ctx);
        Conversation conversation = readAsViewer.context(viewer, id, firstReplies());
        Render render = requests.render(ctx);
        List<Post> ancestors = conversation.ancestors().stream()
                .flatMap(ancestor -> ancestor.post().stream())
                .toList();
        List<Post> descendants = new ArrayList<>();
        descend(viewer, conversation.post().id(), conversation.replies(), descendants);
        ctx.json(new Context(render.statuses(ancestors), render.statuses(descendants)));
    }

    /** Appends {@code parent}'s replies, from {@code page} on, each followed by its own replies. */
    private void descend(Optional<UserId> viewer, PostId parent, Page<Post> page, List<Post> into) {
        while (into.size() < MAX_DESCENDANTS) {
            for (Post reply : page.items()) {
                if (into.size() >= MAX_DESCENDANTS) {
                    return;
                }
                into.add(reply);
                if (reply.replyCount() > 0) {
                    descend(viewer, reply.id(), readAsViewer.replies(viewer, reply.id(), firstReplies()), into);
                }
            }
            if (page.next().isEmpty()) {
                return;
            }
            page = readAsViewer.replies(viewer, parent, new PageRequest(page.next(), PageRequest.MAX_LIMIT));
        }
    }

    private static PageRequest firstReplies() {
        return PageRequest.first(PageRequest.MAX_LIMIT);
    }

    void favourite(io.javalin.http.Context ctx) {
        PostId id = id(ctx);
        long count = likePost.like(requests.user(ctx), id);
        Post post = readPost.read(id).withLikeCount(count);
        ctx.json(requests.render(ctx).status(post, true, null));
    }

    void unfavourite(io.javalin.http.Context ctx) {
        PostId id = id(ctx);
        long count = unlikePost.unlike(requests.user(ctx), id);
        Post post = readPost.read(id).withLikeCount(count);
        ctx.json(requests.render(ctx).status(post, false, null));
    }

    /**
     * Reposts; answers Mastodon's reblog, a status of the caller's with the original in {@code reblog},
     * found among the caller's newest {@link #REBLOG_SCAN} timeline entries. A repost made longer ago
     * than that (a repeated reblog is idempotent) is answered as the original with {@code reblogged}.
     */
    void reblog(io.javalin.http.Context ctx) {
        PostId id = id(ctx);
        UserId me = requests.user(ctx);
        long count = repostPost.repost(me, id);
        Optional<Post> entry = readAuthorTimeline.read(requests.username(ctx), PageRequest.first(REBLOG_SCAN)).items().stream()
                .filter(post -> post.id().equals(id) && post.repostedBy().isPresent())
                .findFirst();
        Post shown = entry.orElseGet(() -> readPost.read(id)).withRepostCount(count);
        ctx.json(requests.render(ctx).status(shown, null, true, null));
    }

    /** Who likes the status, by account id (Feedline pages by the list's own position). */
    void favouritedBy(io.javalin.http.Context ctx) {
        PostId id = id(ctx);
        Optional<UserId> viewer = requests.optionalUser(ctx);
        AccountPages.answer(ctx, requests, page -> readEngagement.likers(viewer, id, page));
    }

    /** Who reblogged the status, by account id. */
    void rebloggedBy(io.javalin.http.Context ctx) {
        PostId id = id(ctx);
        Optional<UserId> viewer = requests.optionalUser(ctx);
        AccountPages.answer(ctx, requests, page -> readEngagement.reposters(viewer, id, page));
    }

    /** Undoes the caller's repost; answers the original, as Mastodon does. */
    void unreblog(io.javalin.http.Context ctx) {
        PostId id = id(ctx);
        long count = unrepostPost.unrepost(requests.user(ctx), id);
        ctx.json(requests.render(ctx).status(readPost.read(id).withRepostCount(count), null, false, null));
    }

    private static PostId id(io.javalin.http.Context ctx) {
        return Requests.statusId(ctx.pathParam("id"));
    }

    /** {@code media_ids[]}: at most four of the caller's unattached uploads, as Mastodon checks them. */
    private static List<MediaId> mediaIds(List<String> raw) {
        List<String> given = raw.stream().filter(id -> !id.isBlank()).map(String::strip).toList();
        if (given.size() > Post.MAX_MEDIA) {
            throw MastodonError.validation("Validation failed: Media attachments are at most " + Post.MAX_MEDIA);
        }
        if (given.stream().distinct().count() != given.size()) {
            throw MastodonError.validation("Validation failed: Media attachments are each given once");
        }
        return given.stream().map(id -> {
            try {
                return MediaId.of(id);
            } catch (FeedlineException.InvalidInput e) {
                throw MastodonError.validation("Validation failed: Media attachment " + id + " is no unattached upload of yours");
            }
        }).toList();
    }

    private static void refuseUnsupported(Params params) {
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

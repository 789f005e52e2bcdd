package io.feedline.app.http;

import io.feedline.app.web.MediaLinks;
import io.feedline.ports.model.Conversation;
import io.feedline.ports.model.MediaAttachment;
import io.feedline.ports.model.MediaMeta;
import io.feedline.ports.model.Mention;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.NotificationView;
import io.feedline.ports.model.Article;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.Profile;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserSummary;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** The JSON shapes of the API, one record each, as listed in openapi.yaml. */
final class Representations {
    private Representations() {}

    // Requests. Plain strings: the value types of the core check them and name the field at fault.

    record RegisterRequest(String username, String email, String password, String displayName, String bio) {}

    /** One of {@code username} and {@code email}, and the password. */
    record LoginRequest(String username, String email, String password) {}

    /** {@code inReplyTo} is the id of the post answered, when this post is a reply. */
    record PublishRequest(String text, String inReplyTo, String title, String status, List<String> mediaIds) {}

    // Responses.

    /** The caller's own account: the only view that shows the email. */
    /** The caller's own account: what a sign-up and a profile edit answer. */
    record Account(String id, String username, String email, String displayName, String bio, Instant createdAt,
            ImageView avatar, ImageView header, List<FieldView> fields) {
        static Account of(UserAccount a, MediaLinks links) {
            return new Account(a.id().value(), a.username().value(), a.email().value(), a.displayName().value(),
                    a.bio().value(), a.createdAt(), ImageView.of(a.details().avatar(), links),
                    ImageView.of(a.details().header(), links), FieldView.of(a.details()));
        }
    }

    /** A profile's avatar or header: the bounded image and its small preview; null while none is set. */
    record ImageView(String url, String previewUrl) {
        static ImageView of(java.util.Optional<io.feedline.ports.model.ProfileImage> image, MediaLinks links) {
            return image.map(i -> new ImageView(links.url(i.original(), ""), links.url(i.small(), ""))).orElse(null);
        }
    }

    /** One name and value of a profile's table. */
    record FieldView(String name, String value) {
        static List<FieldView> of(io.feedline.ports.model.ProfileDetails details) {
            return details.fields().stream().map(f -> new FieldView(f.name(), f.value())).toList();
        }
    }

    /** {@code PATCH /users/me} as JSON: each part given is set, each left out is kept. */
    record ProfileEditRequest(String displayName, String bio, List<Field> fields) {
        record Field(String name, String value) {}
    }

    /** {@code POST /users/me/password}. */
    record PasswordChangeRequest(String currentPassword, String newPassword) {}

    record ProfileView(
            String id, String username, String displayName, String bio, Instant createdAt,
            long followers, long following, long posts, ImageView avatar, ImageView header, List<FieldView> fields,
            Boolean muting, Boolean blocking, Boolean blockedBy) {
        static ProfileView of(Profile p, MediaLinks links) {
            UserAccount a = p.account();
            return new ProfileView(a.id().value(), a.username().value(), a.displayName().value(), a.bio().value(),
                    a.createdAt(), p.followers(), p.following(), p.posts(), ImageView.of(a.details().avatar(), links),
                    ImageView.of(a.details().header(), links), FieldView.of(a.details()), null, null, null);
        }

        /** With how a signed-in viewer stands to the user (absent for anonymous callers and on one's own profile). */
        ProfileView withRelation(java.util.Set<io.feedline.ports.model.Relation> relation) {
            return new ProfileView(id, username, displayName, bio, createdAt, followers, following, posts, avatar, header, fields,
                    relation.contains(io.feedline.ports.model.Relation.MUTING),
                    relation.contains(io.feedline.ports.model.Relation.BLOCKING),
                    relation.contains(io.feedline.ports.model.Relation.BLOCKED_BY));
        }
    }

    record UserView(String id, String username, String displayName) {
        static UserView of(UserSummary s) {
            return new UserView(s.id().value(), s.username().value(), s.displayName().value());
        }

        static UserView of(UserAccount a) {
            return of(a.summary());
        }
    }

    /**
     * A post; {@code inReplyTo} and {@code inReplyToAuthorId} are present on replies only,
     * {@code repostedBy} on an entry that reached a feed through a repost only, and
     * {@code mentions} lists the users its text names, in order, and {@code tags} its hashtags,
     * normalised, in order.
     */
    /**
     * A post. In a list an article's {@code text} is its excerpt; read alone (by id, by slug, as the
     * answer to its publish) it is the whole body. {@code article} is there only for an article.
     */
    record PostView(String id, String authorId, String authorUsername, String text, Instant createdAt, long likeCount,
            long replyCount, long repostCount, RepostedByView repostedBy, String inReplyTo, String inReplyToAuthorId,
            List<MentionView> mentions, List<String> tags, ArticleView article, List<MediaView> media) {
        /** A post in a list: an article shows its excerpt. */
        static PostView of(Post p, MediaLinks links) {
            return view(p, p.listedText(), links);
        }

        /** A post read alone: an article shows its whole body. */
        static PostView full(Post p, MediaLinks links) {
            return view(p, p.text().value(), links);
        }

        private static PostView view(Post p, String text, MediaLinks links) {
            return new PostView(p.id().value(), p.authorId().value(), p.authorUsername().value(), text,
                    p.createdAt(), p.likeCount(), p.replyCount(), p.repostCount(),
                    p.repostedBy().map(RepostedByView::of).orElse(null),
                    p.inReplyTo().map(parent -> parent.postId().value()).orElse(null),
                    p.inReplyTo().map(parent -> parent.authorId().value()).orElse(null),
                    p.mentions().stream().map(MentionView::of).toList(),
                    p.tags().stream().map(Tag::value).toList(),
                    p.article().map(a -> ArticleView.of(p, a)).orElse(null),
                    p.media().stream().map(m -> MediaView.of(m, links)).toList());
        }
    }

    /**
     * An upload, as its uploader is answered and as a post carries it. Its URLs are under
     * {@code media.public-base-url} when one is set, else relative to the API's own address.
     * {@code description} (alt text) is null when none was given.
     */
    record MediaView(String id, String type, String url, String previewUrl, int width, int height, String description,
            String blurhash, FocusView focus, MetaView meta) {
        static MediaView of(MediaAttachment m, MediaLinks links) {
            return new MediaView(m.id().value(), m.kind().name().toLowerCase(java.util.Locale.ROOT),
                    links.url(m.originalKey(), ""), links.url(m.smallKey(), ""), m.original().width(), m.original().height(),
                    m.description().map(Object::toString).orElse(null), m.blurhash(),
                    new FocusView(m.focus().x(), m.focus().y()),
                    new MetaView(RenditionView.of(m.original()), RenditionView.of(m.small())));
        }
    }

    record FocusView(double x, double y) {}

    record MetaView(RenditionView original, RenditionView small) {}

    /** One stored rendition's shape: pixels, {@code WIDTHxHEIGHT}, width over height, and bytes. */
    record RenditionView(int width, int height, String size, double aspect, long bytes) {
        static RenditionView of(MediaMeta meta) {
            return new RenditionView(meta.width(), meta.height(), meta.size(), meta.aspect(), meta.length());
        }
    }

    /** What makes a post an article: its title, slug, path, status and the excerpt lists show. */
    record ArticleView(String title, String slug, String url, String status, String excerpt) {
        static ArticleView of(Post p, Article a) {
            return new ArticleView(a.title().value(), a.slug().value(), a.path(p.authorUsername()), a.status().wireName(),
                    Article.excerpt(p.text().value()));
        }
    }

    /** Who reposted a feed entry's post, and the repost's id: the entry's place in the feed. */
    record RepostedByView(String id, String username, String repostId) {
        static RepostedByView of(Post.RepostedBy by) {
            return new RepostedByView(by.userId().value(), by.username().value(), by.repostId().value());
        }
    }

    /** A user the post's text names by {@code @username}, as resolved at publish. */
    record MentionView(String id, String username) {
        static MentionView of(Mention m) {
            return new MentionView(m.id().value(), m.username().value());
        }
    }

    /** A post up a thread; a deleted one shows only its id, its author's id and {@code deleted}. */
    record AncestorView(String id, String authorId, boolean deleted, PostView post) {
        static AncestorView of(Conversation.Ancestor a, MediaLinks links) {
            return new AncestorView(a.ref().postId().value(), a.ref().authorId().value(), a.deleted(),
                    a.post().map(p -> PostView.of(p, links)).orElse(null));
        }
    }

    /**
     * A post in its thread: the posts it answers, root first, and its first direct replies, oldest
     * first; {@code moreReplies} says whether {@code /posts/{id}/replies} has more.
     */
    record ContextView(List<AncestorView> ancestors, PostView post, List<PostView> replies, boolean moreReplies) {
        static ContextView of(Conversation c, MediaLinks links) {
            return new ContextView(c.ancestors().stream().map(a -> AncestorView.of(a, links)).toList(), PostView.full(c.post(), links),
                    c.replies().items().stream().map(p -> PostView.of(p, links)).toList(), c.replies().next().isPresent());
        }
    }

    /** A page of a list; {@code nextCursor} is absent on the last page. */
    record PageView<T>(List<T> items, String nextCursor) {}

    /** One row of the notifications feed: a group's count and latest actors, newest first. */
    record NotificationItem(String id, String type, String postId, List<UserView> actors, long count, Instant latestAt,
            boolean unread) {
        static NotificationItem of(NotificationView v) {
            return new NotificationItem(v.notification().id(), v.notification().type().wireName(),
                    v.notification().post().map(PostId::value).orElse(null),
                    v.actors().stream().map(UserView::of).toList(), v.notification().count(),
                    v.notification().latestAt(), v.unread());
        }
    }

    record UnreadCount(int unread) {}

    record MarkReadRequest(String upTo) {}

    record Session(String token, String tokenType, Instant expiresAt, long expiresIn, UserView user) {}

    record Following(String username, boolean following, boolean changed) {}

    record FollowCheck(String follower, String followee, boolean follows) {}

    record LikeState(String postId, boolean liked, long likeCount) {}

    record RepostState(String postId, boolean reposted, long repostCount) {}

    record Health(String status, Map<String, Component> components) {
        record Component(String status, String detail) {}
    }
}

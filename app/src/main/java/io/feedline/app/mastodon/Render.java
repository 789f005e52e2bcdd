package io.feedline.app.mastodon;

import com.fasterxml.jackson.databind.util.RawValue;
import io.feedline.app.mastodon.Entities.Account;
import io.feedline.app.mastodon.Entities.Hashtag;
import io.feedline.app.mastodon.Entities.Status;
import io.feedline.app.mastodon.Entities.StatusTag;
import io.feedline.app.mastodon.Entities.StatusMention;
import io.feedline.app.mastodon.Entities.MediaAttachmentEntity;
import io.feedline.app.mastodon.Entities.MediaFocus;
import io.feedline.app.mastodon.Entities.MediaMeta;
import io.feedline.app.mastodon.Entities.MetaDetails;
import io.feedline.app.web.MediaLinks;
import io.feedline.ports.model.MediaAttachment;
import io.feedline.app.web.JsonBytes;
import io.feedline.ports.in.ReadProfile;
import io.feedline.ports.model.Mention;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.Profile;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.Username;
import io.javalin.http.Context;
import java.io.InputStream;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns the core's values into Mastodon entities for one request. An account's Mastodon id is its
 * username (usernames never change and the use cases address users by them); a status's id is the
 * post's ULID.
 */
final class Render {
    static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private final ReadProfile readProfile;
    private final Authors authors;
    private final String base;
    private final MediaLinks links;
    private final Map<Username, RawValue> seen = new HashMap<>();

    Render(ReadProfile readProfile, Authors authors, MediaLinks links, Context ctx) {
        this(readProfile, authors, links, ctx.scheme() + "://" + ctx.host());
    }

    /** Entities with URLs under {@code base} (a stream's, taken from the request that opened it). */
    Render(ReadProfile readProfile, Authors authors, MediaLinks links, String base) {
        this.readProfile = readProfile;
        this.authors = authors;
        this.links = links;
        this.base = base;
    }

    String base() {
        return base;
    }

    /** An account as its own endpoints show it: read now, exact. */
    Account account(Username username) {
        return account(readProfile.read(username));
    }

    /**
     * An account inside a status or a notification, as its JSON: at most half a second old (see
     * {@link Authors}).
     */
    RawValue embeddedAccount(Username username) {
        return seen.computeIfAbsent(username, name -> authors.embedded(base, name, this::account));
    }

    Account account(Profile profile) {
        UserAccount user = profile.account();
        String name = user.username().value();
        String page = base + "/@" + name;
        // The preview as the avatar (clients draw it small), the bounded original as the header.
        String avatar = user.details().avatar().map(image -> links.url(image.small(), base))
                .orElse(base + "/avatars/original/missing.png");
        String header = user.details().header().map(image -> links.url(image.original(), base))
                .orElse(base + "/headers/original/missing.png");
        List<Object> fields = user.details().fields().stream()
                .<Object>map(field -> new Entities.Field(field.name(), escaped(field.value()), null)).toList();
        return new Account(name, name, name, page, base + "/users/" + name, user.displayName().value(),
                html(user.bio().value()), avatar, avatar, header, header, false, false, false, null, false, null,
                TIME.format(user.createdAt()), null, profile.posts(), profile.followers(), profile.following(),
                List.of(), fields);
    }

    Status status(Post post) {
        return status(post, null, null);
    }

    /**
     * {@code favourited} is known only right after the caller (un)favourites; otherwise it is null.
     * A post shown through a repost is Mastodon's reblog: a status of the reposter's, with the
     * repost's id (its place in the timeline) and the original as {@code reblog}.
     */
    Status status(Post post, Boolean favourited, String source) {
        return status(post, favourited, false, source);
    }

    /** As {@link #status(Post, Boolean, String)}, with the caller's {@code reblogged} known (right after a reblog or unreblog). */
    Status status(Post post, Boolean favourited, boolean reblogged, String source) {
        if (post.repostedBy().isPresent()) {
            Post.RepostedBy by = post.repostedBy().get();
            String name = by.username().value();
            String id = by.repostId().value();
            return new Status(id, base + "/users/" + name + "/statuses/" + id, base + "/@" + name + "/" + id,
                    TIME.format(Instant.ofEpochMilli(by.repostId().epochMillis())), embeddedAccount(by.username()), "", "public",
                    false, "", List.of(), null, List.of(), List.of(), List.of(), 0, 0, 0, null, null,
                    original(post, favourited, reblogged, source), null, null, null, null, null, null, reblogged, false, false, false);
        }
        return original(post, favourited, reblogged, source);
    }

    private Status original(Post post, Boolean favourited, boolean reblogged, String source) {
        String name = post.authorUsername().value();
        String id = post.id().value();
        String inReplyToId = post.inReplyTo().map(parent -> parent.postId().value()).orElse(null);
        String inReplyToAccountId = post.inReplyTo()
                .flatMap(parent -> authors.authorOf(parent.postId()))
                .map(Username::value)
                .orElse(null);
        List<Object> mentions = post.mentions().stream().<Object>map(this::mention).toList();
        List<Object> tags = post.tags().stream().<Object>map(tag -> new StatusTag(tag.value(), tagUrl(tag))).toList();
        // An article shows its title and excerpt, and links to its native page.
        String content = post.article().map(a -> "<p><strong>" + html(a.title().value()).substring(3)
                .replace("</p>", "</strong></p>") + html(post.listedText())).orElse(html(post.text().value()));
        String url = post.article().map(a -> base + a.path(post.authorUsername())).orElse(base + "/@" + name + "/" + id);
        return new Status(id, base + "/users/" + name + "/statuses/" + id, url,
                TIME.format(post.createdAt()), embeddedAccount(post.authorUsername()), content, "public",
                false, "", post.media().stream().<Object>map(this::attachment).toList(), null, mentions, tags, List.of(), post.repostCount(), post.likeCount(), post.replyCount(),
                inReplyToId, inReplyToAccountId, null, null, null, null, source, null, favourited, reblogged, false, false,
                false);
    }

    /**
     * An upload as Mastodon's MediaAttachment: an image, processed already, with both renditions'
     * shapes and the focal point in {@code meta}. Nothing is remote, so {@code remote_url} is null.
     */
    MediaAttachmentEntity attachment(MediaAttachment media) {
        return new MediaAttachmentEntity(media.id().value(), media.kind().name().toLowerCase(Locale.ROOT),
                links.url(media.originalKey(), base), links.url(media.smallKey(), base), null,
                new MediaMeta(details(media.original()), details(media.small()), new MediaFocus(media.focus().x(), media.focus().y())),
                media.description().map(Object::toString).orElse(null), media.blurhash().isEmpty() ? null : media.blurhash());
    }

    private static MetaDetails details(io.feedline.ports.model.MediaMeta meta) {
        return new MetaDetails(meta.width(), meta.height(), meta.size(), meta.aspect());
    }

    /** A mentioned user, by the account id Mastodon clients use here: the username. */
    StatusMention mention(Mention mention) {
        String name = mention.username().value();
        return new StatusMention(name, name, base + "/@" + name, name);
    }

    String tagUrl(Tag tag) {
        return base + "/tags/" + tag.value();
    }

    /** A hashtag; {@code following} only when the caller is known (null leaves it out). */
    Hashtag hashtag(Tag tag, Boolean following) {
        return new Hashtag(tag.value(), tag.value(), tagUrl(tag), List.of(), following, following == null ? null : false);
    }

    List<Status> statuses(List<Post> posts) {
        return posts.stream().map(this::status).toList();
    }

    /** A timeline's page as a JSON array: each status as its JSON, kept for half a second (see {@link Authors}). */
    InputStream listed(List<Post> posts) {
        return JsonBytes.array(posts.stream().map(post -> authors.listed(base, post, this::status)).toList());
    }

    /** Plain text as Mastodon's HTML content: escaped, paragraphs, line breaks. */
    /** {@code text} with HTML's special characters escaped, no paragraph around it (a field's value). */
    static String escaped(String text) {
        String html = html(text);
        return html.isEmpty() ? "" : html.substring("<p>".length(), html.length() - "</p>".length());
    }

    static String html(String text) {
        if (text.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("<p>");
        text.codePoints().forEach(c -> {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                case '\n' -> out.append("<br>");
                default -> out.appendCodePoint(c);
            }
        });
        return out.append("</p>").toString();
    }
}

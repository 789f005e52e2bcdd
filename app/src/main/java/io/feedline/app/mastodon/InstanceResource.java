package io.feedline.app.mastodon;

import static io.feedline.app.mastodon.Entities.map;

import io.feedline.ports.in.RegisterUser;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostText;
import io.javalin.http.Context;
import java.util.List;
import java.util.Map;

/**
 * The instance documents clients read first: a version string that Mastodon clients accept
 * (Mastodon's version, then Feedline's in parentheses, as compatible servers do) and the limits
 * that hold here: 500-character statuses, no media, no polls.
 */
final class InstanceResource {
    static final String VERSION = "4.3.0 (compatible; Feedline 0.1.0)";
    private static final String TITLE = "Feedline";
    private static final String DESCRIPTION = "A Feedline server speaking Mastodon's client API.";

    private final String contactEmail;
    private final RegisterUser registerUser;
    private final long maxImageBytes;

    InstanceResource(String contactEmail, RegisterUser registerUser, long maxImageBytes) {
        this.registerUser = registerUser;
        this.maxImageBytes = maxImageBytes;
        this.contactEmail = contactEmail;
    }

    void v2(Context ctx) {
        String base = ctx.scheme() + "://" + ctx.host();
        ctx.json(map(
                "domain", ctx.host(),
                "title", TITLE,
                "version", VERSION,
                "source_url", base + "/",
                "description", DESCRIPTION,
                "usage", map("users", map("active_month", 0)),
                "thumbnail", map("url", base + "/headers/original/missing.png"),
                "icon", List.of(),
                "languages", List.of(),
                "configuration", map(
                        "urls", map("streaming", (ctx.scheme().equals("https") ? "wss://" : "ws://") + ctx.host(), "status", null),
                        "accounts", map("max_featured_tags", 0, "max_pinned_statuses", 0),
                        "statuses", statuses(),
                        "media_attachments", media(),
                        "polls", polls(),
                        "translation", map("enabled", false)),
                "registrations", map("enabled", registerUser.registrationsOpen(), "approval_required", false, "message", null),
                "api_versions", map("mastodon", 2),
                "contact", map("email", contactEmail, "account", null),
                "rules", List.of()));
    }

    void v1(Context ctx) {
        ctx.json(map(
                "uri", ctx.host(),
                "title", TITLE,
                "short_description", DESCRIPTION,
                "description", DESCRIPTION,
                "email", contactEmail,
                "version", VERSION,
                "urls", map("streaming_api", (ctx.scheme().equals("https") ? "wss://" : "ws://") + ctx.host()),
                "stats", map("user_count", 0, "status_count", 0, "domain_count", 1),
                "thumbnail", null,
                "languages", List.of(),
                "registrations", registerUser.registrationsOpen(),
                "approval_required", false,
                "invites_enabled", false,
                "configuration", map(
                        "accounts", map("max_featured_tags", 0),
                        "statuses", statuses(),
                        "media_attachments", media(),
                        "polls", polls()),
                "contact_account", null,
                "rules", List.of()));
    }

    private static Map<String, Object> statuses() {
        return map("max_characters", PostText.MAX_CODE_POINTS, "max_media_attachments", Post.MAX_MEDIA,
                "characters_reserved_per_url", 23);
    }

    private Map<String, Object> media() {
        // Images only (ADR-0023): what the imaging adapter decodes, under the upload limit.
        return map("supported_mime_types", List.of("image/jpeg", "image/png", "image/gif", "image/webp"),
                "image_size_limit", maxImageBytes, "image_matrix_limit", 0,
                "video_size_limit", 0, "video_frame_rate_limit", 0, "video_matrix_limit", 0);
    }

    private static Map<String, Object> polls() {
        return map("max_options", 0, "max_characters_per_option", 0, "min_expiration", 0, "max_expiration", 0);
    }
}

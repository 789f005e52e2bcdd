package io.feedline.app.mastodon;

import java.util.List;
import java.util.Map;

/**
 * Mastodon's entities as Feedline fills them. Every field the Mastodon schema requires is present;
 * what Feedline does not have is honestly empty: no emojis, fields, polls or
 * cards, never a bot or a locked account. Field names are written in snake case.
 */
final class Entities {
    private Entities() {}

    record Account(
            String id, String username, String acct, String url, String uri, String displayName, String note,
            String avatar, String avatarStatic, String header, String headerStatic, boolean locked, boolean bot,
            boolean group, Boolean discoverable, boolean indexable, Boolean noindex, String createdAt,
            String lastStatusAt, long statusesCount, long followersCount, long followingCount,
            List<Object> emojis, List<Object> fields) {}

    /** The signed-in user's own account, with the {@code source} and {@code role} Mastodon adds. */
    record CredentialAccount(
            String id, String username, String acct, String url, String uri, String displayName, String note,
            String avatar, String avatarStatic, String header, String headerStatic, boolean locked, boolean bot,
            boolean group, Boolean discoverable, boolean indexable, Boolean noindex, String createdAt,
            String lastStatusAt, long statusesCount, long followersCount, long followingCount,
            List<Object> emojis, List<Object> fields, Source source, Role role) {
        static CredentialAccount of(Account a, String plainNote, io.feedline.ports.model.ProfileDetails details) {
            return new CredentialAccount(a.id(), a.username(), a.acct(), a.url(), a.uri(), a.displayName(), a.note(),
                    a.avatar(), a.avatarStatic(), a.header(), a.headerStatic(), a.locked(), a.bot(), a.group(),
                    a.discoverable(), a.indexable(), a.noindex(), a.createdAt(), a.lastStatusAt(), a.statusesCount(),
                    a.followersCount(), a.followingCount(), a.emojis(), a.fields(),
                    new Source(plainNote, details.fields().stream().<Object>map(f -> new Field(f.name(), f.value(), null)).toList(),
                            "public", false, null, 0, a.indexable()),
                    new Role("-99", "", "", "0", false));
        }
    }

    /** A profile field: its value as HTML in an account, as plain text in a source; never verified here. */
    record Field(String name, String value, String verifiedAt) {}

    record Source(String note, List<Object> fields, String privacy, boolean sensitive, String language,
            int followRequestsCount, boolean indexable) {}

    record Role(String id, String name, String color, String permissions, boolean highlighted) {}

    record Status(
            String id, String uri, String url, String createdAt, Object account, String content, String visibility,
            boolean sensitive, String spoilerText, List<Object> mediaAttachments, Object application,
            List<Object> mentions, List<Object> tags, List<Object> emojis, long reblogsCount, long favouritesCount,
            long repliesCount, String inReplyToId, String inReplyToAccountId, Status reblog, Object poll,
            Object card, String language, String text, String editedAt, Boolean favourited, Boolean reblogged,
            Boolean muted, Boolean bookmarked, Boolean pinned) {}

    /** An upload; {@code remote_url} is null, since Feedline keeps nothing from another server. */
    record MediaAttachmentEntity(String id, String type, String url, String previewUrl, String remoteUrl,
            MediaMeta meta, String description, String blurhash) {}

    record MediaMeta(MetaDetails original, MetaDetails small, MediaFocus focus) {}

    /** One rendition: pixels, {@code WIDTHxHEIGHT} and width over height. */
    record MetaDetails(int width, int height, String size, double aspect) {}

    record MediaFocus(double x, double y) {}

    record StatusMention(String id, String username, String url, String acct) {}

    /** A hashtag inside a status: its name and its page. */
    record StatusTag(String name, String url) {}

    /**
     * A hashtag as its own endpoints show it. Its id is its name. {@code history} (uses per day) is
     * empty: Feedline counts a tag's uses over a sliding 24 hours, not per day. {@code following}
     * is present only for a signed-in caller.
     */
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    record Hashtag(String id, String name, String url, List<Object> history, Boolean following, Boolean featuring) {}

    record Search(List<Account> accounts, List<Status> statuses, List<Hashtag> hashtags) {}

    record Notification(String id, String type, String createdAt, Object account, Status status, String groupKey) {}

    record NotificationGroup(String groupKey, long notificationsCount, String type, long mostRecentNotificationId,
            String pageMinId, String pageMaxId, String latestPageNotificationAt, List<String> sampleAccountIds,
            String statusId) {}

    record GroupedNotifications(List<Object> accounts, List<Status> statuses, List<NotificationGroup> notificationGroups) {}

    record Marker(String lastReadId, long version, String updatedAt) {}

    record Relationship(
            String id, boolean following, boolean showingReblogs, boolean notifying, List<String> languages,
            boolean followedBy, boolean blocking, boolean blockedBy, boolean muting, boolean mutingNotifications,
            boolean requested, boolean requestedBy, boolean domainBlocking, boolean endorsed, String note) {}

    record Application(String id, String name, String website, List<String> scopes, List<String> redirectUris,
            String redirectUri, String vapidKey) {}

    record CredentialApplication(String id, String name, String website, List<String> scopes,
            List<String> redirectUris, String redirectUri, String vapidKey, String clientId, String clientSecret,
            int clientSecretExpiresAt) {}

    record Token(String accessToken, String tokenType, String scope, long createdAt) {}

    record Context(List<Status> ancestors, List<Status> descendants) {}

    /** {@code details}, on a sign-up's failed validation only: field to its errors. */
    record Error(String error, String errorDescription,
            @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
            Map<String, List<Map<String, String>>> details) {}

    /** For documents that are fixed in shape and only ever written (the instance). */
    static Map<String, Object> map(Object... pairs) {
        var map = new java.util.LinkedHashMap<String, Object>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return map;
    }
}

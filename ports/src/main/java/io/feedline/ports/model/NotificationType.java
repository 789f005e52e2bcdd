package io.feedline.ports.model;

import java.util.Locale;

/**
 * What a notification tells its recipient. Likes, reposts and follows come in crowds, so they are grouped:
 * one row per target and {@link NotificationEvent#GROUP_WINDOW}, with a count and the latest actors.
 */
public enum NotificationType {
    FOLLOW(true),
    LIKE(true),
    REPOST(true),
    REPLY(false),
    MENTION(false),
    /** A new original post by an account the recipient asked to be notified about: one per post, never grouped. */
    POST(false);

    private final boolean grouped;

    NotificationType(boolean grouped) {
        this.grouped = grouped;
    }

    /** Whether events on one target within a window share one row. */
    public boolean grouped() {
        return grouped;
    }

    /** The lower-case name used in the API and in storage. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The type named {@code wire}, or an {@code InvalidInput} naming {@code field}. */
    public static NotificationType fromWire(String field, String wire) {
        for (NotificationType type : values()) {
            if (type.wireName().equals(wire)) {
                return type;
            }
        }
        throw new FeedlineException.InvalidInput(field, "unknown notification type '" + wire
                + "'; expected one of follow, like, repost, reply, mention, post");
    }
}

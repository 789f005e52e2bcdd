package io.feedline.ports.model;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One row of a notifications feed: a single reply or mention, or a group of likes or follows on one
 * target within a window, with how many actors it counts and the last few recorded, last first. The
 * worker records a group's events in the order it works their jobs, which is close to, but not
 * always, the order they happened in.
 */
public record Notification(
        String id, NotificationType type, Optional<PostId> post, List<UserId> latestActors, long count, Instant latestAt) {
    /** How many of a group's actors a row keeps. */
    public static final int MAX_ACTORS = 3;
    private static final Pattern ID = Pattern.compile("\\d{15}\\.[a-z]+\\.[0-9A-Z-]{1,26}");

    public Notification {
        requireId("id", id);
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(post, "post");
        latestActors = List.copyOf(latestActors);
        Objects.requireNonNull(latestAt, "latestAt");
        if (latestActors.isEmpty() || latestActors.size() > MAX_ACTORS || count < latestActors.size()) {
            throw new IllegalArgumentException("a notification names 1-" + MAX_ACTORS + " actors and counts at least those");
        }
    }

    /** {@code value} if it has the shape of a notification id, else an {@code InvalidInput} naming {@code field}. */
    public static String requireId(String field, String value) {
        if (value == null || !ID.matcher(value).matches()) {
            throw new FeedlineException.InvalidInput(field, "not a notification id");
        }
        return value;
    }

    /** Whether the recipient has not read it: it is newer than their read marker. */
    public boolean unreadAfter(Optional<String> readUpTo) {
        return readUpTo.map(marker -> id.compareTo(marker) > 0).orElse(true);
    }
}

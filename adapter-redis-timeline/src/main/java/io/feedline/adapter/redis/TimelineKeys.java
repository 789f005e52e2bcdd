package io.feedline.adapter.redis;

import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The one place that decides what the Redis layout looks like (a cache, ADR-0002): a sorted set per
 * reader, {@code <prefix>tl:{<readerId>}}, whose members are {@code <postId>:<authorId>} scored by
 * the post id's millisecond (and the {@link #WHOLE} marker). Members of one millisecond tie on score and Redis then orders them
 * byte by byte, which for fixed-width ULIDs is post-id order: the order is exact, and a replayed
 * entry lands on the same member.
 */
record TimelineKeys(String prefix) {

    /**
     * The member, scored +inf, that makes a window whole: written only by a rebuild or a replace,
     * so a window that adds alone made (a part) reads as missing. It keeps an emptied window whole,
     * and goes with the key when Redis drops it (expiry, eviction, flush). No entry's member can
     * take its name, which is no ULID.
     */
    static final String WHOLE = "~whole";

    private static final int ID_LENGTH = 26;
    /** What follows the prefix in a cached post's key; {@link #post} builds the key in one go. */
    private static final String POST = "p:";
    private static final char SEPARATOR = ':';
    // Braces would move the cluster hash tag off the reader id; glob characters would make the scan
    // for "<prefix>*" (how a run with a prefix of its own is cleaned up) match other keys.
    private static final Pattern SAFE_PREFIX = Pattern.compile("[A-Za-z0-9:._-]*");

    TimelineKeys {
        requireSafePrefix(prefix);
    }

    static String requireSafePrefix(String prefix) {
        if (prefix == null || !SAFE_PREFIX.matcher(prefix).matches()) {
            throw new IllegalArgumentException("redis key prefix may hold only letters, digits and ':._-', got '"
                    + prefix + "'");
        }
        return prefix;
    }

    /** The reader's window. The braces make the reader id the cluster hash tag. */
    String window(UserId reader) {
        return prefix + "tl:{" + reader.value() + "}";
    }

    /**
     * The token of a rebuild of the reader's window in progress, in the window's hash slot (same
     * hash tag), so the scripts that check or withdraw it touch one slot.
     */
    String rebuild(UserId reader) {
        return prefix + "tlr:{" + reader.value() + "}";
    }

    /** A cached post: a hash of its fields, its like count and its tombstone mark. */
    String post(PostId id) {
        return prefix + POST + id.value();
    }

    /** What every cached post's key starts with (the prefix Redis broadcasts invalidations for). */
    String postPrefix() {
        return prefix + POST;
    }

    /**
     * A rate-limit bucket: one string per limit and key, each touched alone (one key per script), so
     * any key lands in any cluster slot.
     */
    String rateLimit(String limit, String key) {
        return prefix + "rl:" + limit + ":" + key;
    }

    static String member(PostRef entry) {
        return entry.postId().value() + SEPARATOR + entry.authorId().value();
    }

    static long score(PostId post) {
        return post.epochMillis();
    }

    /** What every member of this post starts with, whoever the author. */
    static String memberPrefix(PostId post) {
        return post.value() + SEPARATOR;
    }

    /** What every member by this author ends with. */
    static String memberSuffix(UserId author) {
        return SEPARATOR + author.value();
    }

    static PostRef entry(String member) {
        if (member.length() != 2 * ID_LENGTH + 1 || member.charAt(ID_LENGTH) != SEPARATOR) {
            throw new IllegalStateException("not a timeline member: " + member);
        }
        return new PostRef(PostId.of(member.substring(0, ID_LENGTH)), UserId.of(member.substring(ID_LENGTH + 1)));
    }

    /** The post a post key ({@link #post}) names, or empty if what follows {@code postPrefix} is no post id. */
    static Optional<PostId> postIdIn(String key, String postPrefix) {
        String id = key.substring(postPrefix.length());
        if (id.length() != ID_LENGTH) {
            return Optional.empty();
        }
        try {
            return Optional.of(PostId.of(id));
        } catch (FeedlineException.InvalidInput notAnId) {
            return Optional.empty();
        }
    }

    /** The post id of a member, without parsing the author. */
    static String postIdOf(String member) {
        return member.substring(0, ID_LENGTH);
    }
}

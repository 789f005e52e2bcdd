package io.feedline.adapter.redis;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A Lua script run server-side, so that a read with its existence check, or a rebuild with its
 * delete, is one round trip and atomic. Called by digest; the body goes along only when the server
 * has lost its script cache (a restart), which costs one extra round trip once.
 */
record TimelineScript(String name, String body, String sha) {

    TimelineScript(String name, String body) {
        this(name, body, sha1(body));
    }

    /**
     * The newest entries at or below a score, in one call: {@code {0}} when the window is not whole
     * (missing, or a part: no {@link TimelineKeys#WHOLE} member), else {@code {1, member...}}.
     * Entries of the boundary millisecond are all returned on top of the limit, so that the caller
     * can drop those not strictly older than the boundary id: scores alone cannot split one
     * millisecond, and a byte comparison in Lua would depend on the server's locale. ARGV: max
     * score (or {@code (+inf}, which leaves the marker out), limit.
     */
    static final TimelineScript RANGE = new TimelineScript("range", """
            if not redis.call('ZSCORE', KEYS[1], '%s') then return {0} end
            local n = tonumber(ARGV[2])
            if ARGV[1] ~= '(+inf' then n = n + redis.call('ZCOUNT', KEYS[1], ARGV[1], ARGV[1]) end
            local found = redis.call('ZRANGE', KEYS[1], ARGV[1], '-inf', 'BYSCORE', 'REV', 'LIMIT', 0, n)
            table.insert(found, 1, 1)
            return found
            """.formatted(TimelineKeys.WHOLE));

    /**
     * Adds entries to many windows, trims each to the cap (and the {@link TimelineKeys#WHOLE} marker
     * a whole window has) and refreshes its expiry: the fan-out's write on a single server, where
     * one call carries a page of windows (a cluster spreads them over slots, so there each window's
     * three commands are pipelined instead). KEYS: the windows. ARGV: cap, TTL in ms, then for each
     * window in turn the number of its entries and that many score and member pairs.
     */
    static final TimelineScript ADD = new TimelineScript("add", """
            local call = redis.call
            local trim = -(tonumber(ARGV[1]) + 2)
            local ttl = ARGV[2]
            local at = 3
            for k = 1, #KEYS do
              local key = KEYS[k]
              local n = tonumber(ARGV[at])
              at = at + 1
              if n == 1 then
                call('ZADD', key, ARGV[at], ARGV[at + 1])
                at = at + 2
              else
                local chunk = {}
                for i = 1, n do
                  chunk[#chunk + 1] = ARGV[at]
                  chunk[#chunk + 1] = ARGV[at + 1]
                  at = at + 2
                  if #chunk >= 1000 then
                    call('ZADD', key, unpack(chunk))
                    chunk = {}
                  end
                end
                if #chunk > 0 then call('ZADD', key, unpack(chunk)) end
              end
              call('ZREMRANGEBYRANK', key, 0, trim)
              call('PEXPIRE', key, ttl)
            end
            return #KEYS
            """);

    /**
     * Removes the members of one post, whatever their author, and withdraws a rebuild in progress
     * (KEYS[2]), whose durable page may still hold the post. ARGV: the post's score, member prefix.
     */
    static final TimelineScript REMOVE_POST = new TimelineScript("remove-post", """
            redis.call('DEL', KEYS[2])
            local removed = 0
            for _, m in ipairs(redis.call('ZRANGE', KEYS[1], ARGV[1], ARGV[1], 'BYSCORE')) do
              if string.sub(m, 1, #ARGV[2]) == ARGV[2] then
                removed = removed + redis.call('ZREM', KEYS[1], m)
              end
            end
            return removed
            """);

    /**
     * Removes the members of one author (the window is capped, so the walk is bounded) and withdraws
     * a rebuild in progress (KEYS[2]). ARGV: member suffix.
     */
    static final TimelineScript REMOVE_AUTHOR = new TimelineScript("remove-author", """
            redis.call('DEL', KEYS[2])
            local removed = 0
            for _, m in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
              if string.sub(m, -#ARGV[1]) == ARGV[1] then
                removed = removed + redis.call('ZREM', KEYS[1], m)
              end
            end
            return removed
            """);

    /**
     * Writes a window's entries (ZADD in chunks, to stay under Lua's unpack limit) and the marker
     * that makes it whole, trims it to the cap (the marker, at +inf, is always kept) and sets its
     * expiry: the shared body of {@link #REPLACE} and {@link #COMPLETE_REBUILD}, whose ARGV are
     * alike: a rebuild token (unused by REPLACE), cap, TTL in ms, then score and member pairs.
     */
    private static final String WRITE_WINDOW = """
            local chunk = {'+inf', '%s'}
            for i = 4, #ARGV, 2 do
              chunk[#chunk + 1] = ARGV[i]
              chunk[#chunk + 1] = ARGV[i + 1]
              if #chunk >= 1000 then
                redis.call('ZADD', KEYS[1], unpack(chunk))
                chunk = {}
              end
            end
            if #chunk > 0 then redis.call('ZADD', KEYS[1], unpack(chunk)) end
            redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(tonumber(ARGV[2]) + 2))
            redis.call('PEXPIRE', KEYS[1], ARGV[3])
            """.formatted(TimelineKeys.WHOLE);

    /**
     * Replaces the window in one atomic step: no reader sees it deleted, half filled or over the cap;
     * the window expires a TTL after this write, and a rebuild in progress (KEYS[2]) is withdrawn.
     * ARGV as for WRITE_WINDOW. Returns the window's size, with its marker.
     */
    static final TimelineScript REPLACE = new TimelineScript("replace",
            "redis.call('DEL', KEYS[1], KEYS[2])\n" + WRITE_WINDOW + "return redis.call('ZCARD', KEYS[1])\n");

    /**
     * Completes a rebuild: merges the entries into the part the adds since the window went missing
     * made (the page may lack them), and makes the window whole, only while the rebuild's token
     * (KEYS[2], ARGV[1]) still stands, since every removal, replace or eviction withdraws it, and the
     * window is not whole already. Returns 1 if it wrote, 0 if not.
     */
    static final TimelineScript COMPLETE_REBUILD = new TimelineScript("complete-rebuild", """
            if redis.call('GET', KEYS[2]) ~= ARGV[1] then return 0 end
            redis.call('DEL', KEYS[2])
            if redis.call('ZSCORE', KEYS[1], '%s') then return 0 end
            """.formatted(TimelineKeys.WHOLE) + WRITE_WINDOW + "return 1\n");

    /**
     * Writes a cached post (a hash: author, username, text, creation millis, like count, repost
     * count, for a repost entry its original's id and author, for a reply its parent's id and
     * author, the reply count and the mentions) with its expiry, unless the post's tombstone is
     * there. ARGV: the first five fields' values, the TTL in ms, the repost count, the original's id
     * and author (both empty for a post that is not a repost), the parent's id and author (both
     * empty for a post that is no reply), the reply count, the mentions (empty for none), then the post's tags separated by
     * spaces (field {@code g}, empty for none), then an article's title, slug and status (fields
     * {@code ti}, {@code s}, {@code st}; an empty title for a post that is no article), then its
     * attachments (field {@code md}, empty for none).
     */
    static final TimelineScript PUT_POST = new TimelineScript("put-post", """
            if redis.call('HEXISTS', KEYS[1], 'x') == 1 then return 0 end
            redis.call('HSET', KEYS[1], 'a', ARGV[1], 'u', ARGV[2], 't', ARGV[3], 'c', ARGV[4], 'l', ARGV[5], 'r', ARGV[7])
            if ARGV[8] == '' then
                redis.call('HDEL', KEYS[1], 'o', 'oa')
            else
                redis.call('HSET', KEYS[1], 'o', ARGV[8], 'oa', ARGV[9])
            end
            if ARGV[10] == '' then
                redis.call('HDEL', KEYS[1], 'p', 'pa')
            else
                redis.call('HSET', KEYS[1], 'p', ARGV[10], 'pa', ARGV[11])
            end
            redis.call('HSET', KEYS[1], 'rc', ARGV[12])
            if ARGV[13] == '' then
                redis.call('HDEL', KEYS[1], 'm')
            else
                redis.call('HSET', KEYS[1], 'm', ARGV[13])
            end
            if ARGV[14] == nil or ARGV[14] == '' then
                redis.call('HDEL', KEYS[1], 'g')
            else
                redis.call('HSET', KEYS[1], 'g', ARGV[14])
            end
            if ARGV[15] == nil or ARGV[15] == '' then
                redis.call('HDEL', KEYS[1], 'ti', 's', 'st')
            else
                redis.call('HSET', KEYS[1], 'ti', ARGV[15], 's', ARGV[16], 'st', ARGV[17])
            end
            if ARGV[18] == nil or ARGV[18] == '' then
                redis.call('HDEL', KEYS[1], 'md')
            else
                redis.call('HSET', KEYS[1], 'md', ARGV[18])
            end
            redis.call('PEXPIRE', KEYS[1], ARGV[6])
            return 1
            """);

    /** Replaces whatever is cached for a post by its tombstone, with an expiry. ARGV: the TTL in ms. */
    static final TimelineScript TOMBSTONE = new TimelineScript("tombstone", """
            redis.call('DEL', KEYS[1])
            redis.call('HSET', KEYS[1], 'x', '1')
            redis.call('PEXPIRE', KEYS[1], ARGV[1])
            return 1
            """);

    /** Moves a cached post's repost count, only if the post itself is cached. ARGV: the delta. */
    static final TimelineScript INCREMENT_REPOSTS = new TimelineScript("increment-reposts", """
            if redis.call('HEXISTS', KEYS[1], 'a') == 0 then return -1 end
            return redis.call('HINCRBY', KEYS[1], 'r', ARGV[1])
            """);

    /** Moves a cached post's like count, only if the post itself is cached. ARGV: the delta. */
    static final TimelineScript INCREMENT_LIKES = new TimelineScript("increment-likes", """
            if redis.call('HEXISTS', KEYS[1], 'a') == 0 then return -1 end
            return redis.call('HINCRBY', KEYS[1], 'l', ARGV[1])
            """);

    private static String sha1(String body) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1").digest(body.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK always has SHA-1", e);
        }
    }
}
